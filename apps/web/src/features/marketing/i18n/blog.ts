import { defineTexts } from '../../../lib/i18n';

/** The blog's texts (lib/i18n.ts): loaded with its chunk. */
export const blogTexts = defineTexts({ en: () => import('./blog.en'), ja: () => import('./blog.ja') });
