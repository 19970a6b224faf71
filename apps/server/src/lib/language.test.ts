import { randomUUID } from 'node:crypto';
import { messages } from '@kanna/shared';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import { addTool, startTestShop, type TestShop, verifyEmail } from '../test/harness';
import { Client } from '../test/http';

/**
 * API answers in the caller's language (docs/languages.md, "Two languages"): the `lang`
 * cookie, else the account's language, else Accept-Language, else English. The same request
 * gets the same status and paths in every language; only the sentences differ.
 */
let shop: TestShop;
let n = 0;

beforeAll(async () => {
  shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

async function buyer() {
  n++;
  const c = new Client(shop.app, shop.config.publicUrl, `10.7.0.${n}`);
  const email = `reader.${n}@kanna.example`;
  await c.signUp(`Reader ${n}`, email);
  await verifyEmail(shop, c, email);
  return Object.assign(c, { email });
}

const japanese = { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' };

describe('an API refusal in the caller’s language', () => {
  it('answers the same bad order in English and in Japanese with the same status and paths', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 30, priceCents: 1200 });
    const c = await buyer();
    const bad = { toolId: tool._id, quantity: 2.5, phone: 'call me', address: '1-1 Ginza, Tokyo' };
    const inEnglish = await c.post('/api/order', bad);
    const inJapanese = await c.post('/api/order', bad, japanese);

    expect(inEnglish.statusCode).toBe(400);
    expect(inJapanese.statusCode).toBe(inEnglish.statusCode);
    const en = inEnglish.json() as { message: string; errors: { path: string; message: string }[] };
    const ja = inJapanese.json() as typeof en;
    const paths = (body: typeof en) => body.errors.map((e) => e.path).sort();
    expect(paths(en)).toEqual(['phone', 'quantity']);
    expect(paths(ja)).toEqual(paths(en));
    const byPath = (body: typeof en) => Object.fromEntries(body.errors.map((e) => [e.path, e.message]));
    expect(byPath(en)).toEqual({ quantity: messages.quantityWhole, phone: messages.phoneInvalid });
    expect(byPath(ja)).toEqual({ quantity: messagesJa.quantityWhole, phone: messagesJa.phoneInvalid });
    expect(ja.message).toBe(ja.errors[0]?.message);
    expect(inEnglish.headers['content-language']).toBe('en');
    expect(inJapanese.headers['content-language']).toBe('ja');
    expect(inJapanese.headers.vary).toMatch(/accept-language/);
  });

  it('names the same bad order’s refusals by the same keys in English and Japanese, each said in its own', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 30, priceCents: 1200 });
    const c = await buyer();
    const bad = { toolId: tool._id, quantity: 2.5, phone: 'call me', address: '1-1 Ginza, Tokyo' };
    type Keyed = { key: string; params: unknown[]; message: string };
    type Body = Keyed & { code: string; errors: (Keyed & { path: string })[] };
    const en = (await c.post('/api/order', bad)).json() as Body;
    const ja = (await c.post('/api/order', bad, japanese)).json() as Body;
    const keys = (body: Body) =>
      Object.fromEntries(body.errors.map((e) => [e.path, { key: e.key, params: e.params }]));
    expect(keys(en)).toEqual({
      quantity: { key: 'quantityWhole', params: [] },
      phone: { key: 'phoneInvalid', params: [] },
    });
    expect(keys(ja)).toEqual(keys(en));
    expect({ code: ja.code, key: ja.key, params: ja.params }).toEqual({
      code: 'invalid',
      key: en.key,
      params: en.params,
    });
    for (const e of [...en.errors, ...ja.errors]) expect(e.message).not.toBe('');
    expect(ja.errors.map((e) => e.message)).not.toEqual(en.errors.map((e) => e.message));

    // A thing the message names is a key too: a missing tool is この工具 to a Japanese buyer.
    const gone = { ...bad, toolId: randomUUID(), quantity: 1, phone: '0312345678' };
    const enGone = (await c.post('/api/order', gone)).json() as Body;
    const jaGone = (await c.post('/api/order', gone, japanese)).json() as Body;
    expect(enGone).toMatchObject({ code: 'not_found', key: 'notFound', params: ['This tool'] });
    expect(jaGone).toMatchObject({ code: 'not_found', key: 'notFound', params: ['This tool'] });
    expect(jaGone.message).toBe(messagesJa.notFound('This tool'));
    expect(jaGone.message).toContain('この工具');
  });

  it('says a refusal made from the order’s own numbers in Japanese too', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 3, priceCents: 1200 });
    const c = await buyer();
    const body = { lines: [{ toolId: tool._id, quantity: 5 }], phone: '0312345678', address: 'Tokyo' };
    const en = await c.post('/api/order', body);
    const ja = await c.post('/api/order', body, japanese);
    expect(ja.statusCode).toBe(en.statusCode);
    expect(en.json().errors).toEqual([
      { path: 'lines.0.quantity', key: 'onlyLeft', params: [3], message: messages.onlyLeft(3) },
    ]);
    expect(ja.json().errors).toEqual([
      { path: 'lines.0.quantity', key: 'onlyLeft', params: [3], message: messagesJa.onlyLeft(3) },
    ]);
  });

  it('lets the visitor’s choice (the cookie) win over the browser’s language', async () => {
    const c = await buyer();
    const bad = { toolId: randomUUID(), quantity: 1, phone: '', address: 'x' };
    c.cookies.set('lang', 'ja');
    const chosen = await c.post('/api/order', bad, { 'accept-language': 'en-US' });
    expect(chosen.json().message).toBe(messagesJa.phoneRequired);
    c.cookies.set('lang', 'en');
    const chosenEnglish = await c.post('/api/order', bad, japanese);
    expect(chosenEnglish.json().message).toBe(messages.phoneRequired);
    c.cookies.set('lang', 'xx');
    expect((await c.post('/api/order', bad, japanese)).json().message).toBe(messagesJa.phoneRequired);
  });

  it('keeps a signed-in reader’s language on the account, and answers in it when nothing else says', async () => {
    const c = await buyer();
    const saved = await c.put(`/api/users/${c.email}`, { language: 'ja' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.language).toBe('ja');
    const [row] = await shop.database.db.select().from(user).where(eq(user.email, c.email));
    expect(row?.language).toBe('ja');
    const bad = { toolId: randomUUID(), quantity: 1, phone: '', address: 'x' };
    expect((await c.post('/api/order', bad)).json().message).toBe(messagesJa.phoneRequired);
    // The switch's cookie still wins.
    c.cookies.set('lang', 'en');
    expect((await c.post('/api/order', bad)).json().message).toBe(messages.phoneRequired);
    const other = await c.put(`/api/users/${c.email}`, { language: 'fr' });
    expect(other.statusCode).toBe(400);
  });

  it('answers the profile form’s refusals in Japanese, field by field', async () => {
    const c = await buyer();
    const res = await c.request({
      method: 'PUT',
      url: `/api/users/${c.email}`,
      payload: { phone: '0312345678', district: 'Chuo' },
      headers: japanese,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'city', key: 'fieldRequired', params: ['city'], message: '市区町村を入力してください' },
    ]);
  });

  it('answers sign-up refusals in Japanese: the shop’s own rules and Better Auth’s', async () => {
    const c = new Client(shop.app, shop.config.publicUrl, '10.7.1.1');
    const taken = await c.post('/api/auth/sign-up/email', {
      name: 'Hana',
      email: 'taken@kanna.example',
      password: 'secret123',
    });
    expect(taken.statusCode).toBe(200);
    const again = { name: 'Hana', email: 'taken@kanna.example', password: 'secret123' };
    const en = await new Client(shop.app, shop.config.publicUrl, '10.7.1.2').post(
      '/api/auth/sign-up/email',
      again,
    );
    const ja = await new Client(shop.app, shop.config.publicUrl, '10.7.1.3').post(
      '/api/auth/sign-up/email',
      again,
      japanese,
    );
    expect(ja.statusCode).toBe(en.statusCode);
    expect(en.statusCode).toBeGreaterThanOrEqual(400);
    expect(ja.json().code).toBe(en.json().code);
    expect(ja.json().message).toMatch(/すでに登録されています/);
    expect(ja.headers['content-language']).toBe('ja');

    const twoLines = { name: 'Hana\nSato', email: 'hana.sato@kanna.example', password: 'secret123' };
    const badName = await new Client(shop.app, shop.config.publicUrl, '10.7.1.4').post(
      '/api/auth/sign-up/email',
      twoLines,
      japanese,
    );
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toBe(messagesJa.nameInvalid);
  });

  it('leaves what the shop does not know in English, and English readers untouched', async () => {
    const res = await shop.app.inject({ url: '/api/nothing-here', headers: japanese });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messagesJa.noApiRoute('/api/nothing-here'));
    const english = await shop.app.inject({
      url: '/api/nothing-here',
      headers: { 'accept-language': 'fr, en;q=0.5' },
    });
    expect(english.json().message).toBe(messages.noApiRoute('/api/nothing-here'));
  });
});
