import { getShopSettings, putShopSettings } from '@kanna/shared/api/shop-admin';
import type { ShopSettingsFields } from '@kanna/shared/shop-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The shop settings and who saved them last (admin). */
const getSettings = (signal?: AbortSignal) => call(getShopSettings, {}, { signal });

const shopSettingsQuery = () =>
  queryOptions({ queryKey: queryKeys.shopSettings, queryFn: ({ signal }) => getSettings(signal) });

export const useShopSettingsForAdmin = () => useQuery(shopSettingsQuery());

/** Replaces the whole settings object (admin); the public settings (the cart's minimum) are read again. */
const saveSettings = (settings: ShopSettingsFields) => call(putShopSettings, { body: settings });

export function useSaveShopSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.shopSettings, saved);
      return client.invalidateQueries({ queryKey: queryKeys.settings });
    },
  });
}
