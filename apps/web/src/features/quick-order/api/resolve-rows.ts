import { resolveQuickOrder } from '@kanna/shared/api/quick-order';
import type { ResolvedRow } from '@kanna/shared/quick-order';
import { call } from '../../../lib/api-client';

/**
 * Rows of codes and quantities resolved by the server (POST /api/quick-order/resolve): each its
 * tool, today's unit price at that quantity and the line's problem, in the page's language. Not a
 * query: the page asks for the rows that changed, after a pause in typing, and keeps the answers.
 */
export const resolveRows = (
  rows: { code: string; quantity: number | null }[],
  signal?: AbortSignal,
): Promise<ResolvedRow[]> => call(resolveQuickOrder, { body: { rows } }, signal ? { signal } : {});
