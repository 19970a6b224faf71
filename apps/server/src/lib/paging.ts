import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Lists that grow answer one page (docs/ARCHITECTURE.md, "Lists that grow"): the spec's JSON
 * array, plus `Link: <…&cursor=…>; rel="next"` when more exist. The cursor is the sort key of
 * the page's last item (keyset paging, never OFFSET), opaque to clients.
 */
export const DEFAULT_PAGE_SIZE = 50;

export type Page<T> = { items: T[]; next: string | null };

export const encodeCursor = (key: readonly (string | number)[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/** The sort key in a cursor; a cursor that is not one of ours is a 400. */
export function decodeCursor(cursor: string, shape: readonly ('string' | 'number')[]): (string | number)[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  if (
    !Array.isArray(key) ||
    key.length !== shape.length ||
    key.some((v, i) => typeof v !== shape[i] || (typeof v === 'string' && v.length > 100))
  ) {
    throw new AppError('invalid', 'The cursor is not valid.', [
      { path: 'cursor', message: 'The cursor is not valid.' },
    ]);
  }
  return key as (string | number)[];
}

/**
 * A page from `limit + 1` rows read in order: the first `limit`, and the cursor after the last
 * of them when the extra row shows that more exist.
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => (string | number)[]): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** The same request with `cursor` set to the next page's: the target of the `Link` header. */
export function nextPageUrl(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, 'http://shop.invalid');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}

/** Sends a page: its items as the body, `Link: <…>; rel="next"` when there is a next page. */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  if (page.next) reply.header('link', `<${nextPageUrl(request, page.next)}>; rel="next"`);
  return page.items;
}
