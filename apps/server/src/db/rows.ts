/**
 * Reads one row of a raw SQL result into its type, refusing a row that is not of it: a zod
 * schema (`z.object({…})`, which has this `parse`), or a hand-written adapter where a schema
 * would cost on a hot path (`placeOutcomeRow` in orders.placing.repository.ts).
 */
export type RowParser<T> = { parse(row: unknown): T };

/**
 * The rows of a raw SQL statement's result (`db.execute(sql…)`), each read by `row`. `Database`
 * is typed for both drivers at once, so `execute` answers a shape TypeScript cannot know;
 * PGlite's `Results` and node-postgres's `QueryResult` both carry the rows in `rows`. The one
 * place that reads them: what a raw query answers is checked where it enters the code, never
 * cast to whatever type the caller names.
 */
export function rowsOf<T>(result: unknown, row: RowParser<T>): T[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  if (!Array.isArray(rows)) throw new TypeError('a raw SQL result without rows');
  return rows.map((r) => row.parse(r));
}

/** A row as an object of unknown values, for a hand-written `RowParser`; throws for anything else. */
export function rowRecord(row: unknown): Record<string, unknown> {
  if (!isRecord(row)) throw new TypeError('a raw SQL row that is not a record');
  return row;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
