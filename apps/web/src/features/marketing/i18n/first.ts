import { defineTexts } from '../../../lib/i18n';

/** The banner's texts: the first download's (lib/i18n.ts, app/i18n/first.ts). */
export const bannerTexts = defineTexts({ en: () => import('./first.en'), ja: () => import('./first.ja') });
