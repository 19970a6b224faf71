import { Link, useLocation } from 'react-router';
import { ChunkErrorMessage } from '../components/ui/chunk-error-message';
import { ErrorMessage } from '../components/ui/error-message';
import { useTexts } from '../lib/i18n';
import { ChunkLoadError, isDynamicImportFailure, toChunkLoadError } from '../lib/lazy-route';
import { usePageMeta } from '../lib/page-meta';
import { appTexts } from './i18n/first';

/** A new deployment may have replaced the chunk; a fresh page load fetches the current one. */
const reload = () => window.location.reload();

interface RouteErrorProps {
  error: unknown;
  onRetry?: () => void;
}

/** What a page shows when it failed: chunk failures get the spec's message, anything else a retry. */
export function RouteError({ error, onRetry = reload }: RouteErrorProps) {
  const t = useTexts(appTexts);
  const { pathname } = useLocation();
  const chunkError =
    error instanceof ChunkLoadError || isDynamicImportFailure(error)
      ? toChunkLoadError(pathname, error)
      : null;

  usePageMeta(chunkError ? t.pageNotLoaded : t.somethingWentWrong, t.pageFailedDescription);

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
      <h1 className="sr-only">{t.somethingWentWrong}</h1>
      <ErrorMessage message={t.pageFailed} onRetry={onRetry} />
      <p className="mt-6 text-center">
        <Link to="/home" className="link link-primary">
          {t.backHome}
        </Link>
      </p>
    </div>
  );
}
