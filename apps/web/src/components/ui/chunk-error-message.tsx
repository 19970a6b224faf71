import { useTexts } from '../../lib/i18n';
import { uiTexts } from './i18n/first';
import { RetryIcon } from './icons';

interface ChunkErrorMessageProps {
  /** The chunk's name (or its route). */
  chunk: string;
  /** How it failed: missing, timeout or error. */
  type: string;
  /** The address that failed to load. */
  address: string;
  onRetry: () => void;
}

/** Spec §8: 'Loading chunk {n} failed.' with the failure type and the address, and a way out. */
export function ChunkErrorMessage({ chunk, type, address, onRetry }: ChunkErrorMessageProps) {
  const t = useTexts(uiTexts);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold sm:text-3xl">{t.chunkFailed(chunk)}</h1>
      <p className="text-base-content/85">{t.chunkFailedHelp}</p>
      <p className="w-full rounded-box bg-base-200 p-3 font-mono text-sm break-all">
        ({type}: {address})
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        <RetryIcon className="size-4" />
        {t.retry}
      </button>
    </div>
  );
}
