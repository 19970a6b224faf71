import { useTexts } from '../../lib/i18n';
import { uiTexts } from './i18n/first';

interface LoadingDotsProps {
  /** What is loading, for screen readers ("Loading tools"). */
  label?: string;
  className?: string;
}

/** The spec's bouncing three dots, announced politely to assistive technology. */
export function LoadingDots({ label, className = 'py-10' }: LoadingDotsProps) {
  const t = useTexts(uiTexts);
  return (
    <div role="status" className={`flex justify-center text-primary ${className}`}>
      <span className="loading loading-dots loading-lg" aria-hidden="true" />
      <span className="sr-only">{label ?? t.loading}</span>
    </div>
  );
}
