import { getSettings as getSettingsEndpoint } from '@kanna/shared/api/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * GET /api/settings: whether card payments go to Stripe or to the built-in test mode (the payment
 * page), and the shop's minimum order (the cart).
 */
const getSettings = (signal?: AbortSignal) => call(getSettingsEndpoint, {}, { signal });

const settingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => getSettings(signal),
    // The payment mode is set when the server starts; the minimum order changes when an admin
    // saves the settings, and the server holds orders to it whatever a page last read.
    staleTime: 60_000,
  });

export const useShopSettings = () => useQuery(settingsQueryOptions());
