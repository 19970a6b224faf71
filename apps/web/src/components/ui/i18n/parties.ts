import { defineTexts } from '../../../lib/i18n';

/**
 * The order's parties and the postal code look-up (business-fields.tsx, postal-code-field.tsx),
 * loaded with the chunks that show them (lib/i18n.ts): the cart and the admin's "Enter an order".
 */
export const partyTexts = defineTexts({
  en: () => import('./parties.en'),
  ja: () => import('./parties.ja'),
});
