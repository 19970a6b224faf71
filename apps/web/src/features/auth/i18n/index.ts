import { defineTexts } from '../../../lib/i18n';

/** The sign-in screens' texts (lib/i18n.ts): loaded with their chunks. */
export const authTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
