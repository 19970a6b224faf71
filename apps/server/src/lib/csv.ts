/** A CSV field: quoted, its quotes doubled; a leading = + - @ made text so no spreadsheet runs it. */
export const csvField = (v: string | number | null): string => {
  const text = v === null ? '' : String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** UTF-8's byte-order mark, which the shop's CSV files start with (spreadsheets then read UTF-8). */
export const BYTE_ORDER_MARK = '\uFEFF';
