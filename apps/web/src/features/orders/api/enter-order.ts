import { listTools } from '@kanna/shared/api/catalog';
import { enterOrder as enterOrderEndpoint } from '@kanna/shared/api/orders';
import type { Tool } from '@kanna/shared/catalog';
import { MAX_PAGE_SIZE } from '@kanna/shared/domain/limits';
import type { EnterOrderForm } from '@kanna/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callPage } from '../../../lib/api-client';
import { useMutationThenReload } from '../../../lib/mutation';
import { queryKeys } from '../../../lib/query-keys';

/** The most pages of the catalogue read for the choice of a tool (200 tools each). */
const MAX_PAGES = 10;

/** Every tool on sale, newest first, read page by page (the choice of a tool on each line). */
async function getToolsOnSale(signal: AbortSignal): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, next }: { items: Tool[]; next: string | null } = await callPage(
      listTools,
      { query: { limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
      { signal },
    );
    tools.push(...items);
    if (!next) break;
    cursor = next;
  }
  return tools;
}

/** Under the catalogue's key: a change to the catalogue refreshes it with the shop's lists. */
export const useToolsOnSale = () =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.tools.list({ table: 'enter-order' }),
      queryFn: ({ signal }) => getToolsOnSale(signal),
    }),
  );

/**
 * POST /api/orders/entered (admin): the order taken by phone or fax, entered for its buyer; the
 * server prices it as the buyer's own. Every list of orders loads again once it is in.
 */
const enterOrder = (body: EnterOrderForm) => call(enterOrderEndpoint, { body });

export const useEnterOrder = () =>
  useMutationThenReload(enterOrder, {
    reload: 'success',
    keys: [queryKeys.orders.all, queryKeys.tools.all],
  });
