import { says } from './messages';
import { normalCode } from './product-codes';
import type { Said } from './translation';

/**
 * Quick order's input (docs/rules.md, "Quick order"): rows of a code (SKU or JAN) and a quantity,
 * typed, pasted from a spreadsheet or read from a CSV file. Zod-free, for the page and the tests:
 * text is only ever split into cells and kept as text. A cell that starts with `=`, `+`, `-` or
 * `@` (a spreadsheet formula) is a code like any other, never evaluated; it matches no tool.
 */

/** At most this many rows are resolved, or put into the cart, at once. */
export const QUICK_ORDER_MAX_ROWS = 200;
/** A file is read only up to this size… */
export const ORDER_FILE_MAX_MEGABYTES = 10;
export const ORDER_FILE_MAX_BYTES = ORDER_FILE_MAX_MEGABYTES * 1024 * 1024;
/** …and this many lines. */
export const ORDER_FILE_MAX_ROWS = 10_000;

/**
 * One row as read: its line in the text (from 1), the code as written (normal form) and the
 * quantity (null when the cell is empty: the tool's minimum is meant), or why the quantity cannot
 * be read.
 */
type ParsedRow = {
  line: number;
  code: string;
  /** The quantity cell as written (normal form), and what it says. */
  quantityText: string;
  quantity: number | null;
  quantityProblem: Said | null;
};

export type ParsedOrder = { rows: ParsedRow[]; problem: Said | null };

/** The cells of one line: tab-separated when it has a tab, else comma-separated with CSV quoting. */
function cellsOf(line: string): string[] {
  if (line.includes('\t')) return line.split('\t');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** A quantity cell read: digits only (full-width too, and thousands separators), else null. */
function quantityOf(cell: string): number | null {
  const text = cell.normalize('NFKC').trim().replace(/[,\s]/g, '');
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/**
 * A quantity as typed in a row: none (empty: the tool's minimum is meant), a whole number, or why
 * it is not one (the row's problem, said before anything is sent).
 */
export function readQuantity(cell: string): { quantity: number | null; problem: Said | null } {
  const text = cell.normalize('NFKC').trim();
  if (!text) return { quantity: null, problem: null };
  const quantity = quantityOf(text);
  return quantity === null
    ? { quantity, problem: says.quantityNotNumber(text) }
    : { quantity, problem: null };
}

/**
 * Rows from pasted or uploaded text. Empty lines are skipped; the first line is a header (and
 * skipped) when its quantity cell holds something that is not a number ("数量", "quantity").
 * NUL characters are dropped (a file with them is refused before: `decodeOrderFile`). More than
 * `maxRows` rows → `problem`, with the rows up to there.
 */
export function parseOrderText(text: string, maxRows = QUICK_ORDER_MAX_ROWS): ParsedOrder {
  const lines = text.replace(/\0/g, '').split(/\r\n|\n|\r/);
  if (lines.length > ORDER_FILE_MAX_ROWS && lines.filter((l) => l.trim()).length > ORDER_FILE_MAX_ROWS)
    return { rows: [], problem: says.fileTooManyRows(ORDER_FILE_MAX_ROWS) };
  const rows: ParsedRow[] = [];
  let first = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!line.trim()) continue;
    const [codeCell = '', quantityCell = ''] = cellsOf(line);
    const code = normalCode(codeCell);
    const quantityText = quantityCell.normalize('NFKC').trim();
    const { quantity, problem } = readQuantity(quantityText);
    const isHeader = first && problem !== null;
    first = false;
    if (isHeader || (!code && !quantityText)) continue;
    if (rows.length >= maxRows) return { rows, problem: says.quickOrderTooManyRows(maxRows) };
    rows.push({ line: i + 1, code, quantityText, quantity, quantityProblem: problem });
  }
  return { rows, problem: null };
}

/** The runtime's TextDecoder (Node.js and browsers have one; this package names no platform's types). */
type Decoder = { decode(bytes: Uint8Array): string };
const decoder = (encoding: string, fatal = false): Decoder =>
  new (
    globalThis as unknown as {
      TextDecoder: new (encoding: string, options: { fatal: boolean }) => Decoder;
    }
  ).TextDecoder(encoding, { fatal });

/**
 * The text of an uploaded file, or why it cannot be read: at most 10 MB; UTF-8 (with or without
 * its mark), UTF-16 with its mark (Excel's "Unicode text"), or else Shift_JIS (Excel's CSV in
 * Japan); a file with NUL bytes in any other encoding is not text.
 */
export function decodeOrderFile(bytes: Uint8Array): { text: string } | { problem: Said } {
  if (bytes.length > ORDER_FILE_MAX_BYTES) return { problem: says.fileTooLarge(ORDER_FILE_MAX_MEGABYTES) };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decoder('utf-16le').decode(bytes) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decoder('utf-16be').decode(bytes) };
  if (bytes.includes(0)) return { problem: says.fileNotText };
  for (const encoding of ['utf-8', 'shift_jis']) {
    try {
      // TextDecoder drops a UTF-8 byte order mark by itself.
      return { text: decoder(encoding, true).decode(bytes) };
    } catch {
      // Not this encoding (or not one this runtime knows): try the next.
    }
  }
  return { problem: says.fileEncodingUnknown };
}
