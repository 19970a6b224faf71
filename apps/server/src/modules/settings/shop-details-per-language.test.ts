import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shopSettings } from '../../db/schema';
import { addTool, captureMailer, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { documentSettings, signedIn, startShopFor } from '../../test/shopping';

/**
 * The shop's own details per language (docs/rules.md, "Shop settings"): the legal name
 * and address are kept in English and in Japanese, and each document and mail uses its own
 * language's, the other's where its own is empty. Settings saved before keep everything.
 */
let shop: TestShop;
let admin: Client;
const mailer = captureMailer();
const ADMIN = 'details-admin@kanna.example';
const EN = { legalName: 'Kanna Tools K.K.', address: '1-2-3 Kuramae, Taito-ku\nTokyo 111-0051' };
const JA = { legalNameJa: 'カンナ工具株式会社', addressJa: '〒111-0051\n東京都台東区蔵前1-2-3' };
let tool: string;

const settings = (over: Record<string, unknown> = {}) => documentSettings({ ...EN, ...JA, ...over });

beforeAll(async () => {
  shop = await startShopFor(ADMIN, {}, mailer);
  admin = await signedIn(shop, '10.43.0.1', 'Dana Details', ADMIN);
  tool = (
    await addTool(shop, { minQuantity: 1, available: 100, priceCents: 4500, productName: 'Kiridashi 24 mm' })
  )._id;
});
afterAll(() => shop?.close());

let buyers = 0;
/** A buyer reading `language` places a transfer order: the order, and the mail it was sent. */
async function placeIn(language: 'en' | 'ja') {
  const email = `details-buyer-${++buyers}@kanna.example`;
  const buyer = await signedIn(shop, `10.43.1.${buyers}`, 'Yamada Hanako', email);
  expect((await buyer.put(`/api/users/${email}`, { language })).statusCode).toBe(200);
  const placed = await buyer.post('/api/order', {
    lines: [{ toolId: tool, quantity: 1 }],
    phone: '0312345678',
    address: '〒104-0061\n東京都中央区銀座4-5-6',
    paymentMethod: 'transfer',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().insertedId as string;
  const order = (await buyer.get(`/api/orders/order/${id}`)).json();
  const mail = await vi.waitFor(() => {
    const found = mailer.sent.find((m) => m.to === email && String(m.subject).includes(order.number));
    expect(found).toBeDefined();
    return found as { text: string; html: string };
  });
  const pdf = await buyer.get(`/api/orders/${id}/documents/proforma.pdf`);
  expect(pdf.statusCode).toBe(200);
  return { mail, document: (await pdfText(pdf.rawPayload)).text };
}

describe('the legal name and address per language', () => {
  it('reads settings saved before there were two languages whole, with no Japanese ones', async () => {
    const { legalNameJa: _, addressJa: __, ...before } = settings({ legalName: 'Old Name K.K.' });
    // As the previous release saved them: the row, and its change notice to every instance (this
    // one has read the settings already: the catalogue shows yen by them).
    await shop.database.db.insert(shopSettings).values({ id: 1, value: before, updatedBy: ADMIN });
    await shop.database.changes.notify('shop-settings');
    await shop.noticesHeard();
    const read = (await admin.get('/api/shop-settings')).json().settings;
    expect(read).toMatchObject({ legalName: 'Old Name K.K.', address: EN.address });
    expect(read).not.toHaveProperty('legalNameJa');
    expect(read).not.toHaveProperty('addressJa');
    expect(read.bank.accountNumber).toBe('7654321');
  });

  it('keeps both languages in the settings', async () => {
    const saved = await admin.put('/api/shop-settings', settings());
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.get('/api/shop-settings')).json().settings).toMatchObject({ ...EN, ...JA });
  });

  it('writes an English buyer’s documents and mails with the English ones', async () => {
    expect((await admin.put('/api/shop-settings', settings())).statusCode).toBe(200);
    const { mail, document } = await placeIn('en');
    for (const text of [mail.text, document]) {
      expect(text).toContain(EN.legalName);
      expect(text).toContain('1-2-3 Kuramae, Taito-ku');
      expect(text).not.toContain(JA.legalNameJa);
      expect(text).not.toContain('東京都台東区蔵前');
    }
    expect(mail.html).toContain(EN.legalName);
    expect(mail.html).not.toContain(JA.legalNameJa);
  });

  it('writes a Japanese buyer’s documents and mails with the Japanese ones', async () => {
    expect((await admin.put('/api/shop-settings', settings())).statusCode).toBe(200);
    const { mail, document } = await placeIn('ja');
    for (const text of [mail.text, document]) {
      expect(text).toContain(JA.legalNameJa);
      expect(text).toContain('東京都台東区蔵前1-2-3');
      expect(text).not.toContain('1-2-3 Kuramae');
    }
    expect(mail.html).toContain(JA.legalNameJa);
  });

  it('falls back to the English ones where the Japanese are empty', async () => {
    expect(
      (await admin.put('/api/shop-settings', settings({ legalNameJa: '', addressJa: '' }))).statusCode,
    ).toBe(200);
    const { mail, document } = await placeIn('ja');
    for (const text of [mail.text, document]) {
      expect(text).toContain(EN.legalName);
      expect(text).toContain('1-2-3 Kuramae, Taito-ku');
    }
  });
});
