interface LoadingDotsProps {
  /** What is loading, for screen readers ("Loading tools"). */
  label?: string;
  className?: string;
}

/** The spec's bouncing three dots, announced politely to assistive technology. */
export function LoadingDots({ label = 'Loading', className = 'py-10' }: LoadingDotsProps) {
  return (
    <div role="status" className={`flex justify-center text-primary ${className}`}>
      <span className="loading loading-dots loading-lg" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
