import type { Language } from '@kanna/shared/domain/languages';
import { useLanguage } from './i18n';

/**
 * The language the reader reads the shop in, for what the shop's own data says in two languages
 * (a tool's name and description: `toolName`/`toolDescription` in @kanna/shared/domain/tool-texts):
 * the page's language (lib/i18n.ts), on the server-rendered pages too.
 */
export const useReaderLanguage = (): Language => useLanguage();
