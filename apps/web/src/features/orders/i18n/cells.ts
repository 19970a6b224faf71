import { defineTexts } from '../../../lib/i18n';

/** The order tables' cells' texts (lib/i18n.ts): loaded with My orders' and All orders' chunks. */
export const orderCellTexts = defineTexts({ en: () => import('./cells.en'), ja: () => import('./cells.ja') });
