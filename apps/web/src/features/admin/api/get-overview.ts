import type { AdminOverview } from '@kanna/shared/overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin-overview (admin) — 8 weeks of sales, order states, tools running low. */
export const getOverview = (signal?: AbortSignal): Promise<AdminOverview> =>
  apiGet<AdminOverview>('/api/admin-overview', signal);

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.overview, queryFn: ({ signal }) => getOverview(signal) });

export const useOverview = () => useQuery(overviewQueryOptions());
