import { defineTexts } from '../../../lib/i18n';

/**
 * The shared pieces of ordering and paying (totals, phone and address, the quantity stepper, bank
 * transfer details), loaded with the chunks that show them (lib/i18n.ts): the cart, a tool's page,
 * the payment page and the order pages.
 */
export const orderPieceTexts = defineTexts({
  en: () => import('./order.en'),
  ja: () => import('./order.ja'),
});
