import { RetryIcon } from './icons';

interface ErrorMessageProps {
  message: string;
  title?: string;
  onRetry?: () => void;
  /** True while the retry is under way; the button says so and waits. */
  retrying?: boolean;
}

/** A failure the user can act on: what went wrong, and a Retry button. */
export function ErrorMessage({
  message,
  title = 'Something went wrong',
  onRetry,
  retrying = false,
}: ErrorMessageProps) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-box border border-error/40 bg-base-100 p-6 text-center"
    >
      <p className="font-semibold text-error">{title}</p>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary btn-sm" onClick={onRetry} disabled={retrying}>
          <RetryIcon className="size-4" />
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
    </div>
  );
}
