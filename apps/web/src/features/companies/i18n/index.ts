import { defineTexts } from '../../../lib/i18n';

/** The buyer's company page's texts (lib/i18n.ts): loaded with its chunk. */
export const companyTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
