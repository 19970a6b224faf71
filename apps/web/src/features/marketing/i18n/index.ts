import { defineTexts } from '../../../lib/i18n';

/** The marketing pieces' texts below the banner (lib/i18n.ts; the banner's are in ./first.ts). */
export const marketingTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
