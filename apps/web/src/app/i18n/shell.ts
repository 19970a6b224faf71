import { defineTexts } from '../../lib/i18n';

/** The shell's head and no-script words in each language: read by the server only (entry-server.tsx). */
export const shellTexts = defineTexts({ en: () => import('./shell.en'), ja: () => import('./shell.ja') });
