import { Link, useLocation } from 'react-router';
import { ChunkErrorMessage } from '../components/ui/chunk-error-message';
import { ErrorMessage } from '../components/ui/error-message';
import { ChunkLoadError, isDynamicImportFailure, toChunkLoadError } from '../lib/lazy-route';
import { usePageMeta } from '../lib/page-meta';

/** A new deployment may have replaced the chunk; a fresh page load fetches the current one. */
const reload = () => window.location.reload();

interface RouteErrorProps {
  error: unknown;
  onRetry?: () => void;
}

/** What a page shows when it failed: chunk failures get the spec's message, anything else a retry. */
export function RouteError({ error, onRetry = reload }: RouteErrorProps) {
  const { pathname } = useLocation();
  const chunkError =
    error instanceof ChunkLoadError || isDynamicImportFailure(error)
      ? toChunkLoadError(pathname, error)
      : null;

  usePageMeta(
    chunkError ? 'Page could not be loaded' : 'Something went wrong',
    'This page of the Kanna shop could not be shown.',
  );

  if (chunkError) {
    return (
      <ChunkErrorMessage
        chunk={chunkError.chunk}
        type={chunkError.type}
        address={chunkError.address}
        onRetry={onRetry}
      />
    );
  }

  return (
    <div className="px-4 py-20">
      <h1 className="sr-only">Something went wrong</h1>
      <ErrorMessage message="This page could not be shown. Please try again." onRetry={onRetry} />
      <p className="mt-6 text-center">
        <Link to="/home" className="link link-primary">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
