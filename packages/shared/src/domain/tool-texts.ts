import type { Language } from './languages';

/**
 * A tool's texts as its JSON carries them: English always, Japanese when the shop gave it (null
 * otherwise, and absent from a previous release's answers).
 */
type ToolTexts = {
  productName: string;
  description: string;
  productNameJa?: string | null;
  descriptionJa?: string | null;
};

/** The name a reader of `lang` sees: the Japanese one for a Japanese reader when the tool has it, else the English. */
export const toolName = (tool: Pick<ToolTexts, 'productName' | 'productNameJa'>, lang: Language): string =>
  (lang === 'ja' && tool.productNameJa) || tool.productName;

/** The description a reader of `lang` sees, chosen as `toolName` chooses the name. */
export const toolDescription = (
  tool: Pick<ToolTexts, 'description' | 'descriptionJa'>,
  lang: Language,
): string => (lang === 'ja' && tool.descriptionJa) || tool.description;
