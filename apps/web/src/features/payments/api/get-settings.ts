import { getSettings as getSettingsEndpoint } from '@kanna/shared/api/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Whether card payments go to Stripe or to the built-in test mode. */
const getSettings = (signal?: AbortSignal) => call(getSettingsEndpoint, {}, { signal });

const settingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => getSettings(signal),
    // Set when the server starts: one read per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useShopSettings = () => useQuery(settingsQueryOptions());
