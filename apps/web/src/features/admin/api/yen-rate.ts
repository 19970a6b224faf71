import { useShopSettings } from '../../../api/get-settings';

/**
 * The shop's yen per dollar, which the product form's yen hints derive prices at: null when none
 * is set, undefined while the settings are not known (loading, failed, or an answer without charges).
 */
export const useYenRate = (): number | null | undefined => useShopSettings().data?.charges?.yenPerDollar;
