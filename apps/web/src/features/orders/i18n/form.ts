import { defineTexts } from '../../../lib/i18n';

/** A tool's order form and Contact Supplier (lib/i18n.ts): loaded with the tool's page. */
export const orderFormTexts = defineTexts({ en: () => import('./form.en'), ja: () => import('./form.ja') });
