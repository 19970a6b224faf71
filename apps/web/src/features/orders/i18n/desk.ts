import { defineTexts } from '../../../lib/i18n';

/** My orders and an order's page (lib/i18n.ts): loaded with their chunks. */
export const orderDeskTexts = defineTexts({ en: () => import('./desk.en'), ja: () => import('./desk.ja') });
