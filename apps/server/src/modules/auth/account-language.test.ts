import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';

/**
 * The reader's language follows their account (docs/languages.md, "Two languages"): the choice
 * is kept in the `lang` cookie and on the account, and wins over Accept-Language. A language
 * chosen before signing up becomes the account's; signing in sets the cookie from the account.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

let n = 0;
const browser = () => new Client(shop.app, shop.config.publicUrl, `10.44.0.${++n}`);
const languageOf = async (c: Client, email: string) =>
  (await c.get(`/api/users/${encodeURIComponent(email)}`)).json().language;

describe('the language chosen follows the account', () => {
  it('keeps the language a visitor chose before signing up on the new account', async () => {
    const email = 'chose-japanese@kanna.example';
    const first = browser();
    first.cookies.set('lang', 'ja');
    await signUpVerified(shop, first, '山田 花子', email);
    expect(await languageOf(first, email)).toBe('ja');
  });

  it('keeps no language for a visitor who chose none (their browser’s applies)', async () => {
    const email = 'chose-nothing@kanna.example';
    const first = browser();
    await signUpVerified(shop, first, 'Nobody Chose', email);
    expect(await languageOf(first, email)).toBeNull();
  });

  it('sets the cookie from the account on signing in, over the browser’s English', async () => {
    const email = 'signs-in-anew@kanna.example';
    const first = browser();
    first.cookies.set('lang', 'ja');
    await signUpVerified(shop, first, '佐藤 一郎', email);
    const fresh = browser();
    const signedIn = await fresh.post(
      '/api/auth/sign-in/email',
      { email, password: 'secret123' },
      {
        'accept-language': 'en-US,en;q=0.9',
      },
    );
    expect(signedIn.statusCode).toBe(200);
    const set = [signedIn.headers['set-cookie']].flat().join('\n');
    expect(set).toMatch(/(^|\n)lang=ja;/);
    expect(set).not.toMatch(/(^|\n)lang=ja;[^\n]*HttpOnly/i);
    expect(fresh.cookies.get('lang')).toBe('ja');
    // Its answers are then in Japanese, whatever the browser's language.
    const refused = await fresh.post('/api/order', { lines: [] }, { 'accept-language': 'en-US' });
    expect(refused.headers['content-language']).toBe('ja');
  });

  it('saves a choice made while signed in on the account, which the next sign-in brings back', async () => {
    const email = 'changes-mind@kanna.example';
    const first = browser();
    await signUpVerified(shop, first, 'Changes Mind', email);
    expect((await first.put(`/api/users/${encodeURIComponent(email)}`, { language: 'ja' })).statusCode).toBe(
      200,
    );
    const fresh = browser();
    expect((await fresh.signIn(email)).statusCode).toBe(200);
    expect(fresh.cookies.get('lang')).toBe('ja');
  });

  it('leaves the cookie alone on signing in to an account that chose no language', async () => {
    const email = 'no-language@kanna.example';
    await signUpVerified(shop, browser(), 'No Language', email);
    const fresh = browser();
    fresh.cookies.set('lang', 'ja');
    expect((await fresh.signIn(email)).statusCode).toBe(200);
    expect(fresh.cookies.get('lang')).toBe('ja');
  });
});
