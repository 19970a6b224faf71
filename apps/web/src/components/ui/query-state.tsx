import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorMessage } from './error-message';
import { LoadingDots } from './loading-dots';

interface QueryStateProps<T> {
  query: UseQueryResult<T[]>;
  /** Read to screen readers while loading ("Loading tools"). */
  loadingLabel: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** What to say above the server's message when loading failed. */
  errorTitle: string;
  children: (items: T[]) => ReactNode;
  /** Keeps room for the content while loading, so nothing below jumps. */
  minHeightClass?: string;
}

/** Loading, error-with-retry and empty states for one list query; renders the list otherwise. */
export function QueryState<T>({
  query,
  loadingLabel,
  empty,
  errorTitle,
  children,
  minHeightClass = 'min-h-48',
}: QueryStateProps<T>) {
  if (query.isPending)
    return <LoadingDots label={loadingLabel} className={`items-center ${minHeightClass}`} />;
  if (query.isError) {
    return (
      <ErrorMessage
        title={errorTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) return <p className="py-10 text-center text-base-content/80">{empty}</p>;
  return <>{children(query.data)}</>;
}
