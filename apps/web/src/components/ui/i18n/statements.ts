import { defineTexts } from '../../../lib/i18n';

/** A company's statements (statements-list.tsx): the owner's company page and the admin's company page. */
export const statementTexts = defineTexts({
  en: () => import('./statements.en'),
  ja: () => import('./statements.ja'),
});
