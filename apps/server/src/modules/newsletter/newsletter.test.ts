import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema';
import { startTestShop, type TestShop } from '../../test/harness';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const subscribe = (payload: unknown, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object, headers });
const stored = () => shop.database.db.select().from(newsletterSubscribers);

describe('POST /api/newsletter', () => {
  it('stores the address once and says so', async () => {
    const res = await subscribe({ email: '  Taro.Yamada@Kanna-Tools.co.jp ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscribed: true, message: messages.newsletterSubscribed });
    // Again, from a browser that reads Japanese: thanked in Japanese, stored once.
    const again = await subscribe(
      { email: 'taro.yamada@kanna-tools.co.jp' },
      { 'accept-language': 'ja-JP,ja;q=0.9' },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('ありがとうございます。ニュースレターの購読を登録しました。');
    expect((await stored()).map((r) => r.email)).toEqual(['taro.yamada@kanna-tools.co.jp']);
  });

  it.each([{ email: 'not-an-address' }, { email: '' }, {}, { email: 42 }])(
    'refuses %j with a clear message and stores nothing',
    async (payload) => {
      const before = (await stored()).length;
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.any(String),
      });
      expect(res.json().errors[0].path).toBe('email');
      expect((await stored()).length).toBe(before);
    },
  );

  it('says which address is wrong in the words the form shows', async () => {
    const res = await subscribe({ email: 'nobody@' });
    expect(res.json().message).toBe(messages.newsletterEmailInvalid);
  });

  it('refuses a body that is not JSON (415) and broken JSON (400)', async () => {
    const plain = await shop.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().statusCode).toBe(415);
    const broken = await shop.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('refuses a cross-site write (foreign Origin) and accepts our own', async () => {
    const foreign = await subscribe({ email: 'x@evil.example' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect((await stored()).some((r) => r.email === 'x@evil.example')).toBe(false);
    const own = await subscribe({ email: 'own@kanna.example' }, { origin: shop.config.publicUrl });
    expect(own.statusCode).toBe(200);
  });
});
