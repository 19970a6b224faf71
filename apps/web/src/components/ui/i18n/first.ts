import { defineTexts } from '../../../lib/i18n';

/**
 * The shared pieces' texts of the first screen (states, errors, the test-mode notice, the
 * language switch): the first download's (lib/i18n.ts, app/i18n/first.ts).
 */
export const uiTexts = defineTexts({ en: () => import('./first.en'), ja: () => import('./first.ja') });
