import { getOverview as getOverviewEndpoint } from '@kanna/shared/api/shop-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** 8 weeks of sales, order states, tools running low (admin). */
const getOverview = (signal?: AbortSignal) => call(getOverviewEndpoint, {}, { signal });

const overviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.overview, queryFn: ({ signal }) => getOverview(signal) });

export const useOverview = () => useQuery(overviewQueryOptions());
