import { defineTexts } from '../../../lib/i18n';

/** The document archive's texts (lib/i18n.ts): loaded with its chunk. */
export const archiveTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
