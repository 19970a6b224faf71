/**
 * The rows of a raw SQL statement's result (`db.execute(sql…)`), typed as the caller knows them
 * to be. `Database` is typed for both drivers at once, so `execute` answers a shape TypeScript
 * cannot know; PGlite's `Results` and node-postgres's `QueryResult` both carry the rows in
 * `rows`. The one place that reads them, instead of a cast at every raw query.
 */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null | undefined)?.rows;
  if (!Array.isArray(rows)) throw new TypeError('a raw SQL result without rows');
  return rows as T[];
}
