import type { Tool } from '@kanna/shared/catalog';
import type { Language } from '@kanna/shared/domain/languages';
import { toolPath } from '@kanna/shared/domain/tool-pages';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { ToolReviews } from '@kanna/shared/reviews';
import type { PageOf } from '../../../lib/api-client';
import { textsIn } from '../../../lib/i18n';
import type { PageMeta } from '../../../lib/page-meta';
import { catalogTexts } from '../i18n';

// What a tool's page (/tools/{slug}) and its rendering on the server (app/server-pages.ts) share,
// apart from the page itself so that the server's table does not pull the page's chunk into its own.

/**
 * The name of this page's data block (lib/page-data.ts) and what it holds: the tool (one, or none)
 * and its rating and newest reviews (one; none from a server before reviews of a tool).
 */
export const TOOL_PAGE = 'tool';
export type ToolPageData = { tool: PageOf<Tool[]>; reviews: PageOf<ToolReviews[]> };

/** The page's title and description in `language`, and the address search engines index it under. */
export function toolMeta(tool: Tool, language: Language): Required<PageMeta> {
  const t = textsIn(catalogTexts, language);
  const name = toolName(tool, language);
  return { title: name, description: t.toolDescription(name), canonical: toolPath(tool) };
}
