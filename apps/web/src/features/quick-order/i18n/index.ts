import { defineTexts } from '../../../lib/i18n';

/** Quick order's and saved lists' texts (lib/i18n.ts): loaded with their chunks. */
export const quickOrderTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
