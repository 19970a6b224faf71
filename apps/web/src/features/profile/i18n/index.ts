import { defineTexts } from '../../../lib/i18n';

/** The profile's texts (lib/i18n.ts): loaded with its chunks. */
export const profileTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
