import { defineTexts } from '../../../lib/i18n';

/** The shop settings' texts (lib/i18n.ts): loaded with its chunk. */
export const settingsTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
