import type { ReactNode } from 'react';

interface FormAlertProps {
  /** What went wrong; nothing is shown without it. */
  children: ReactNode;
  /** Margins where the form places it. */
  className?: string;
}

/**
 * What went wrong with the whole form (the server's or the provider's answer), in a red box,
 * read out as soon as it appears. Field messages go under their fields instead.
 */
export function FormAlert({ children, className = '' }: FormAlertProps) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className={`rounded-box border border-error/40 bg-error/5 p-3 font-medium text-error ${className}`}
    >
      {children}
    </div>
  );
}
