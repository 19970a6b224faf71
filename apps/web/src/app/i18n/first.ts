import { defineTexts } from '../../lib/i18n';

/**
 * The shell's texts: the first download's (lib/i18n.ts), loaded before the first render and
 * preloaded beside the entry by the server, in one file per language with the other first texts.
 */
export const appTexts = defineTexts({ en: () => import('./first.en'), ja: () => import('./first.ja') });
