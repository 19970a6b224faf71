import { DEFAULT_PAGE_SIZE } from '@kanna/shared/domain/limits';
import { says } from '@kanna/shared/domain/messages';
import { isRealTimestamp } from '@kanna/shared/domain/timestamps';
import { desc, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Lists that grow answer one page (docs/api.md, "The API contract"): the spec's JSON
 * array, plus `Link: <…&cursor=…>; rel="next"` when more exist. The cursor is the sort key of
 * the page's last item (keyset paging, never OFFSET), opaque to clients.
 */
export { DEFAULT_PAGE_SIZE };

export type Page<T> = { items: T[]; next: string | null };

const encodeCursor = (key: readonly (string | number)[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * What one part of a cursor must be: `timestamp`, `uuid` and `integer` are values PostgreSQL will
 * accept as such (a timestamp names a real instant: `isRealTimestamp`; an integer is a whole
 * number a `bigint` holds and JavaScript counts exactly: a row's id, a count), so a forged cursor
 * is a 400. `number` is any finite number, for a key compared only in memory (a price).
 */
type CursorPart = 'string' | 'number' | 'integer' | 'timestamp' | 'uuid';
const partOk: Record<CursorPart, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string' && v.length <= 100,
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isSafeInteger(v),
  timestamp: (v) => typeof v === 'string' && isRealTimestamp(v),
  uuid: (v) =>
    typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
};

/** The sort key in a cursor; a cursor that is not one of ours is a 400. */
export function decodeCursor(cursor: string, shape: readonly CursorPart[]): (string | number)[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  if (
    !Array.isArray(key) ||
    key.length !== shape.length ||
    key.some((v, i) => !partOk[shape[i] as CursorPart](v))
  ) {
    throw new AppError('invalid', says.cursorInvalid, [{ path: 'cursor', said: says.cursorInvalid }]);
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

/**
 * Newest first, one page: the rows after the cursor's (created_at, id) — a row comparison the
 * (…, created_at, id) indexes serve — and the cursor of each row as PostgreSQL writes its
 * timestamp (to the microsecond, which a JavaScript Date would round away).
 */
export function newestFirst(
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  cursor: string | undefined,
  idKind: 'uuid' | 'string',
) {
  const after = cursor ? decodeCursor(cursor, ['timestamp', idKind]) : null;
  return {
    where: after ? sql`(${createdAt}, ${id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
    orderBy: [desc(createdAt), desc(id)],
    at: sql<string>`${createdAt}::text`,
  };
}

/** A case-insensitive substring pattern for LIKE/ILIKE, with the user's % and _ taken literally. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
