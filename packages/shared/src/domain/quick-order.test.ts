import { describe, expect, it } from 'vitest';
import { janCheckDigit, janProblem, skuProblem } from './product-codes';
import {
  decodeOrderFile,
  ORDER_FILE_MAX_BYTES,
  ORDER_FILE_MAX_ROWS,
  parseOrderText,
  QUICK_ORDER_MAX_ROWS,
} from './quick-order';

/** Quick order's text and files (docs/rules.md, "Quick order"): split into cells, kept as text. */
const rowsOf = (text: string) => parseOrderText(text).rows.map((r) => [r.code, r.quantity]);

describe('product codes', () => {
  it('verifies a JAN’s check digit', () => {
    expect(janCheckDigit('490123456789')).toBe(4);
    expect(janProblem('4901234567894')).toBeNull();
    expect(janProblem('4901234567895')?.key).toBe('janCheckDigit');
    expect(janProblem('490123456789')?.key).toBe('janInvalid');
    expect(janProblem('49012345678９4')?.key).toBe('janInvalid');
    expect(skuProblem('ABC-123')).toBeNull();
    expect(skuProblem('鉋-48')).toBeNull();
    expect(skuProblem(' ABC')?.key).toBe('skuInvalid');
    expect(skuProblem('')?.key).toBe('skuInvalid');
  });
});

describe('parsing pasted text', () => {
  it('reads tab-separated lines from a spreadsheet and comma-separated CSV, skipping a header and empty lines', () => {
    expect(rowsOf('品番\t数量\nKAN-48\t10\n\n4901234567894\t20\r\n')).toEqual([
      ['KAN-48', 10],
      ['4901234567894', 20],
    ]);
    expect(rowsOf('code,quantity\r\nKAN-48,10\r\n"NOMI, 24",5\r\n"say ""hi""",1')).toEqual([
      ['KAN-48', 10],
      ['NOMI, 24', 5],
      ['say "hi"', 1],
    ]);
    // No header: the first line is a row.
    expect(rowsOf('KAN-48,10')).toEqual([['KAN-48', 10]]);
    // Full-width digits and letters (a Japanese keyboard), thousands separators, no quantity.
    expect(rowsOf('ＫＡＮ－４８\t１０\nNOMI-1\t"1,000"\nSAW-1')).toEqual([
      ['KAN-48', 10],
      ['NOMI-1', null],
      ['SAW-1', null],
    ]);
  });

  it('keeps formula cells as text, never evaluated, and says which quantity is no number', () => {
    const parsed = parseOrderText('KAN-48,10\n=1+1,5\n+SUM(A1),@x\n-3,-3\n@cmd|calc,2');
    expect(parsed.rows.map((r) => r.code)).toEqual(['KAN-48', '=1+1', '+SUM(A1)', '-3', '@cmd|calc']);
    expect(parsed.rows[2]).toMatchObject({
      quantity: null,
      quantityProblem: { key: 'quantityNotNumber', params: ['@x'] },
    });
    expect(parsed.rows[3]).toMatchObject({
      quantity: null,
      quantityProblem: { key: 'quantityNotNumber', params: ['-3'] },
    });
    expect(parsed.rows[4]).toMatchObject({ quantity: 2, quantityProblem: null });
  });

  it('drops NUL characters from pasted text', () => {
    expect(rowsOf('KAN\u0000-48\t1\u00000')).toEqual([['KAN-48', 10]]);
  });

  it('stops at 200 rows for one quick order and refuses more than 10,000 lines', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `SKU-${i},1`).join('\n');
    const two = parseOrderText(lines(QUICK_ORDER_MAX_ROWS));
    expect(two).toMatchObject({ problem: null });
    expect(two.rows).toHaveLength(200);
    const over = parseOrderText(lines(QUICK_ORDER_MAX_ROWS + 1));
    expect(over.rows).toHaveLength(200);
    expect(over.problem).toEqual({ key: 'quickOrderTooManyRows', params: [200] });
    const huge = parseOrderText(lines(ORDER_FILE_MAX_ROWS + 1));
    expect(huge).toEqual({ rows: [], problem: { key: 'fileTooManyRows', params: [10_000] } });
  });
});

/** UTF-8 bytes (the runtime's TextEncoder; this package names no platform's types). */
const utf8Of = (text: string): Uint8Array =>
  new (
    globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
  ).TextEncoder().encode(text);

describe('reading an uploaded file', () => {
  const text = (bytes: Uint8Array) => {
    const decoded = decodeOrderFile(bytes);
    if (!('text' in decoded)) throw new Error(`not read: ${decoded.problem.key}`);
    return decoded.text;
  };

  it('reads Shift_JIS, as Excel in Japan saves CSV', () => {
    // 品番,数量 / ＡＢＣ-１,１０ / かんな-48,"1,000" in Shift_JIS.
    const sjis = new Uint8Array([
      0x95, 0x69, 0x94, 0xd4, 0x2c, 0x90, 0x94, 0x97, 0xca, 0x0d, 0x0a, 0x82, 0x60, 0x82, 0x61, 0x82, 0x62,
      0x2d, 0x82, 0x50, 0x2c, 0x82, 0x50, 0x82, 0x4f, 0x0d, 0x0a, 0x82, 0xa9, 0x82, 0xf1, 0x82, 0xc8, 0x2d,
      0x34, 0x38, 0x2c, 0x22, 0x31, 0x2c, 0x30, 0x30, 0x30, 0x22, 0x0d, 0x0a,
    ]);
    const read = text(sjis);
    expect(read.startsWith('品番,数量')).toBe(true);
    expect(rowsOf(read)).toEqual([
      ['ABC-1', 10],
      ['かんな-48', 1000],
    ]);
  });

  it('reads UTF-8 with or without its mark, and UTF-16 with its mark', () => {
    const utf8 = utf8Of('品番,数量\nかんな-48,3\n');
    expect(rowsOf(text(utf8))).toEqual([['かんな-48', 3]]);
    expect(rowsOf(text(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])))).toEqual([['かんな-48', 3]]);
    const utf16 = [0xff, 0xfe];
    for (const c of 'SKU\tQty\nKAN-48\t7\n') utf16.push(c.charCodeAt(0), 0);
    expect(rowsOf(text(new Uint8Array(utf16)))).toEqual([['KAN-48', 7]]);
  });

  it('refuses NUL bytes, bytes that are neither UTF-8 nor Shift_JIS, and more than 10 MB', () => {
    expect(decodeOrderFile(new Uint8Array([0x41, 0x00, 0x42]))).toEqual({
      problem: { key: 'fileNotText', params: [] },
    });
    // 0xA0 and 0xFD–0xFF lead no character in Shift_JIS, and these are not UTF-8.
    expect(decodeOrderFile(new Uint8Array([0x41, 0xfd, 0xfe, 0x42]))).toEqual({
      problem: { key: 'fileEncodingUnknown', params: [] },
    });
    expect(decodeOrderFile(new Uint8Array(ORDER_FILE_MAX_BYTES + 1))).toEqual({
      problem: { key: 'fileTooLarge', params: [10] },
    });
  });
});
