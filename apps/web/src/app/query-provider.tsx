import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';
import { onSessionEnd } from '../lib/session';

// A signed-out browser must not keep showing the last user's profile or orders from the cache.
onSessionEnd(() => queryClient.clear());

/**
 * The data layer (TanStack Query, ~10 KB gzip) is not part of the first download: the home
 * page's first screen is static, so this module is loaded with the first part of a page that
 * fetches data. Every provider hands out the same client, so there is one cache.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Layout route for pages that fetch data. */
export function DataLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
