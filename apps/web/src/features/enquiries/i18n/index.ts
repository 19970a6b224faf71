import { defineTexts } from '../../../lib/i18n';

/** The enquiries inbox's texts (lib/i18n.ts): loaded with its chunk. */
export const enquiryTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
