import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorMessage } from './error-message';
import { LoadingDots } from './loading-dots';

interface QueryErrorProps {
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isFetching'>;
  /** What to say above the server's message ("Your profile could not be loaded."). */
  title: string;
}

/** A failed query: the server's message and a Retry button that loads it again. */
export function QueryError({ query, title }: QueryErrorProps) {
  return (
    <ErrorMessage
      title={title}
      message={query.error?.message ?? ''}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Read to screen readers while loading ("Loading tools"). */
  loadingLabel: string;
  /** Shown instead of an empty list. */
  empty?: ReactNode;
  /** What to say above the server's message when loading failed. */
  errorTitle: string;
  children: (data: T) => ReactNode;
  /** Keeps room for the content while loading, so nothing below jumps. */
  minHeightClass?: string;
}

/** Loading, error-with-retry and (for a list) empty states for one query; renders its data otherwise. */
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
  if (query.isError) return <QueryError query={query} title={errorTitle} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0)
    return <p className="py-10 text-center text-base-content/80">{empty}</p>;
  return <>{children(query.data)}</>;
}
