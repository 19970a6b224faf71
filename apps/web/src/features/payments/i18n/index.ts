import { defineTexts } from '../../../lib/i18n';

/** The payment page's texts (lib/i18n.ts): loaded with its chunk. */
export const paymentTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
