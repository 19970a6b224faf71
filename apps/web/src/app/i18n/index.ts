import { defineTexts } from '../../lib/i18n';

/** The dashboard's texts (lib/i18n.ts): loaded with the dashboard's chunk. */
export const dashboardTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
