import type { ShopSettings } from '@kanna/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /api/settings — whether card payments go to Stripe or to the built-in test mode. */
export const getSettings = (signal?: AbortSignal): Promise<ShopSettings> =>
  apiGet<ShopSettings>('/api/settings', signal);

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => getSettings(signal),
    // Set when the server starts: one read per visit is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useShopSettings = () => useQuery(settingsQueryOptions());
