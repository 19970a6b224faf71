import { defineTexts } from '../../../lib/i18n';

/** The texts of requests for a quote (lib/i18n.ts): loaded with the chunk that shows them. */
export const quoteTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
