import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfText } from '../../test/pdf';
import { japaneseScript, textShape, textStrings } from '../../test/texts';
import { taxInYen } from './format';
import type { DocumentModel } from './model';
import { renderDocument } from './render';
import { documentTexts } from './texts';

/**
 * The renderer on its own (docs/orders.md, "Documents"): what a long order and long
 * names do to the pages, read back as text; the API's tests cover what each document says.
 */
const at = new Date('2026-11-21T03:00:00Z');
const model = (over: Partial<DocumentModel> = {}): DocumentModel => ({
  kind: 'invoice',
  orderNumber: 'K-000777',
  placedAt: at,
  issuedAt: at,
  holdUntil: at,
  paidAt: at,
  shipment: null,
  buyer: {
    name: '株式会社 山田木工所',
    email: 'buyer@yamada.example',
    phone: '0312345678',
    address: '〒111-0051\n東京都台東区蔵前1-2-3',
    country: 'JP',
  },
  lines: [{ name: '鉋 寸八', quantity: 1, unitCents: 100 }],
  goodsCents: 100,
  shippingCents: 0,
  taxCents: 10,
  taxRateBp: 1000,
  taxTreatment: 'domestic',
  amountDueCents: 110,
  paymentMethod: 'card',
  payments: [{ method: 'card', amountCents: 110, at, reference: 'pi_1', test: false }],
  shop: {
    legalName: 'Kanna Tools K.K.',
    address: 'Tokyo',
    registrationNumber: 'T1234567890123',
    bank: { bankName: '', branch: '', accountType: '', accountNumber: '', accountHolder: '', swift: '' },
    yenPerDollar: 150,
  },
  timeZone: 'Asia/Tokyo',
  ...over,
});

describe('renderDocument', () => {
  it('sets every text in Noto Sans JP and embeds no standard font', async () => {
    const bytes = (await renderDocument(model())).toString('latin1');
    expect(bytes).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP/);
    expect(bytes).not.toMatch(/Helvetica/);
  });

  it('continues a long order on more pages, numbering them, and loses no line', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      name: `Line ${i + 1}: a smoothing plane with a long description that wraps onto a second line`,
      quantity: i + 1,
      unitCents: 1_000,
    }));
    const goodsCents = lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
    const { pages, text, perPage } = await pdfText(
      await renderDocument(model({ lines, goodsCents, taxCents: 0, amountDueCents: goodsCents })),
    );
    expect(pages).toBeGreaterThan(1);
    for (let n = 1; n <= pages; n++) expect(perPage[n - 1]).toContain(`K-000777 · Page ${n} of ${pages}`);
    for (const l of lines) expect(text).toContain(`${l.name} ${l.quantity}`);
    // Every page the lines reach starts its table with the header again.
    const withLines = perPage.filter((page) => /Line \d+:/.test(page));
    expect(withLines.length).toBeGreaterThan(1);
    for (const page of withLines) expect(page).toContain('Product Qty Unit price Tax rate Amount Line');
  });

  it('wraps a long address and a long name without losing a character', async () => {
    const address = `〒111-0051\n${'東京都台東区蔵前一丁目二番三号'.repeat(4)}\nBuilding Kanna, Floor 4`;
    const { text } = await pdfText(
      await renderDocument(model({ kind: 'delivery-note', buyer: { ...model().buyer, address } })),
    );
    // Wrapped lines come back as separate runs of text: join them to compare.
    expect(text.replace(/ /g, '')).toContain(address.replace(/\n| /g, ''));
  });
});

describe("the PDF's Info dictionary", () => {
  it('names the document and its author under the keys readers look for (Title, Author)', async () => {
    const info = await pdfInfo(await renderDocument(model({ kind: 'receipt' })));
    expect(info).toMatchObject({ Title: 'Receipt K-000777', Author: 'Kanna Tools K.K.' });
    const ja = await pdfInfo(await renderDocument(model({ kind: 'invoice' }), 'ja'));
    expect(ja.Title).toBe(`${documentTexts.ja.invoice.qualifiedTitle} K-000777`);
    expect(ja.Author).toBe('Kanna Tools K.K.');
  });
});

describe('taxInYen', () => {
  it('converts tax at the stated rate and rounds down, exactly even for the largest order', () => {
    expect(taxInYen(3_204, 150.25)).toBe(4_814); // $32.04 × 150.25 = 4,814.01
    expect(taxInYen(99, 100)).toBe(99);
    expect(taxInYen(1, 150.99)).toBe(1);
    expect(taxInYen(0, 150)).toBe(0);
    // $9,999,999.99 of tax at ¥99,999.9999: 999,999,999 × 999,999,999 / 1,000,000.
    expect(taxInYen(999_999_999, 99_999.9999)).toBe(999_999_998_000);
  });
});

describe('the documents in Japanese', () => {
  it('have every text of the English ones, each a string or a function as in English, written in Japanese', () => {
    const english = textShape(documentTexts.en);
    const japanese = textShape(documentTexts.ja);
    expect([...japanese.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, kind] of english) expect(`${key}: ${japanese.get(key)}`).toBe(`${key}: ${kind}`);
    const shared = ['shared.locale', 'shared.lang', 'proforma.swift'];
    const notJapanese = textStrings(documentTexts.ja).filter(
      ([key, text]) => !shared.includes(key) && !japaneseScript.test(text),
    );
    expect(notJapanese).toEqual([]);
  });

  it('says each document in Japanese, its PDF marked as Japanese', async () => {
    for (const kind of ['proforma', 'invoice', 'receipt', 'delivery-note'] as const) {
      const bytes = await renderDocument(model({ kind }), 'ja');
      expect(bytes.toString('latin1')).toMatch(/\/Lang \(ja\)/);
      const { pages, text } = await pdfText(bytes);
      expect(pages).toBe(1);
      expect(text).toContain('注文番号 K-000777');
      expect(text).toContain('2026年11月21日');
      expect(text).toContain('1 / 1 ページ');
      expect(text).toContain('〒111-0051 東京都台東区蔵前1-2-3 株式会社 山田木工所 様');
      expect(text).not.toMatch(/Order|Page|Japan\b/);
    }
  });
});
