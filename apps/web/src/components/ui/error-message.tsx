import { useTexts } from '../../lib/i18n';
import { uiTexts } from './i18n/first';
import { RetryIcon } from './icons';

interface ErrorMessageProps {
  message: string;
  title?: string;
  onRetry?: () => void;
  /** True while the retry is under way; the button says so and waits. */
  retrying?: boolean;
}

/** A failure the user can act on: what went wrong, and a Retry button. */
export function ErrorMessage({ message, title, onRetry, retrying = false }: ErrorMessageProps) {
  const t = useTexts(uiTexts);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-box border border-error/40 bg-base-100 p-6 text-center"
    >
      <p className="font-semibold text-error">{title ?? t.somethingWentWrong}</p>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary btn-sm" onClick={onRetry} disabled={retrying}>
          <RetryIcon className="size-4" />
          {retrying ? t.retrying : t.retry}
        </button>
      )}
    </div>
  );
}
