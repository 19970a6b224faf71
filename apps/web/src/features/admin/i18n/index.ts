import { defineTexts } from '../../../lib/i18n';

/** The administrator's screens' texts (lib/i18n.ts): loaded with their chunks. */
export const adminTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
