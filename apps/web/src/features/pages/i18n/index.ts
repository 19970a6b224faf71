import { defineTexts } from '../../../lib/i18n';

/** The owner's pages' texts (lib/i18n.ts): loaded with their chunks. */
export const pagesTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
