import { defineTexts } from '../../../lib/i18n';

/** The cart's texts (lib/i18n.ts): loaded with the cart's chunk. */
export const cartTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
