import { defineTexts } from '../../../lib/i18n';

/** The audit log's texts (lib/i18n.ts): loaded with its chunk. */
export const auditTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
