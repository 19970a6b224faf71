import { defineTexts } from '../../../lib/i18n';

/** The catalogue's texts (lib/i18n.ts): loaded with the home page's sections and the catalogue's chunk. */
export const catalogTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
