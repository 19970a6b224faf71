import { defineTexts } from '../../../lib/i18n';

/** The address book's texts (lib/i18n.ts): loaded with its chunks. */
export const addressBookTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
