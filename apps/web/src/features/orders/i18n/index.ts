import { defineTexts } from '../../../lib/i18n';

/** The orders' texts (lib/i18n.ts): loaded with their chunks. */
export const ordersTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
