import { defineTexts } from '../../../lib/i18n';

/** The shared pieces' texts beyond the first screen's (lib/i18n.ts): loaded with the chunks that show them. */
export const pieceTexts = defineTexts({ en: () => import('./en'), ja: () => import('./ja') });
