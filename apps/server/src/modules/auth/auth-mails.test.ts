import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureMailer, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { japaneseScript, textShape, textStrings } from '../../test/texts';
import { authMailTexts } from './auth-mails';

/**
 * The account mails (docs/languages.md, "Two languages"): the address confirmation and the
 * password reset, in the language of the request that caused them — its `lang` cookie, else the
 * account's, else its Accept-Language, else English.
 */
let shop: TestShop;
const mailer = captureMailer();
let ip = 1;
const client = () => new Client(shop.app, shop.config.publicUrl, `10.77.0.${ip++}`);
const japaneseBrowser = { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' };

beforeAll(async () => {
  shop = await startTestShop({ mailer, env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(() => shop?.close());

/** The last mail to `to` whose link goes to `path` (the confirmation's or the reset's), once it was handed over. */
const mailTo = (to: string, path: 'verify-email' | 'reset-password') =>
  vi.waitFor(() => {
    const found = mailer.sent.findLast((m) => m.to === to && m.link?.includes(`/api/auth/${path}`));
    if (!found) throw new Error(`no ${path} mail to ${to}`);
    return { ...found, link: found.link ?? '' };
  });

const signUp = (c: Client, name: string, email: string, headers: Record<string, string> = {}) =>
  c.post('/api/auth/sign-up/email', { name, email, password: 'secret123' }, headers);

const askReset = (c: Client, email: string, headers: Record<string, string> = {}) =>
  c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, headers);

describe('the address confirmation', () => {
  it('is in Japanese for a browser that reads Japanese, with its link', async () => {
    expect((await signUp(client(), '山田 花子', 'hanako.ja@kanna.example', japaneseBrowser)).statusCode).toBe(
      200,
    );
    const mail = await mailTo('hanako.ja@kanna.example', 'verify-email');
    expect(mail.subject).toBe('【Kanna】メールアドレスのご確認');
    expect(mail.text).toContain('山田 花子 様');
    expect(mail.text).toContain('メールアドレスの確認を完了してください');
    expect(mail.text).toContain(mail.link);
    expect(mail.text).not.toContain('Welcome');
  });

  it('is in English, word for word as before, when nothing asks for Japanese', async () => {
    expect((await signUp(client(), 'Hana', 'hana.en@kanna.example')).statusCode).toBe(200);
    const mail = await mailTo('hana.en@kanna.example', 'verify-email');
    expect(mail.subject).toBe('Confirm your e-mail address for Kanna');
    expect(mail.text).toBe(
      `Welcome to Kanna, Hana!\n\nPlease confirm your e-mail address by opening:\n\n${mail.link}\n`,
    );
  });
});

describe('the password reset', () => {
  it('follows the lang cookie over the browser’s language', async () => {
    expect((await signUp(client(), 'Sora', 'sora.reset@kanna.example')).statusCode).toBe(200);
    const visitor = client();
    visitor.cookies.set('lang', 'ja');
    expect(
      (await askReset(visitor, 'sora.reset@kanna.example', { 'accept-language': 'en-US' })).statusCode,
    ).toBe(200);
    const mail = await mailTo('sora.reset@kanna.example', 'reset-password');
    expect(mail.subject).toBe('【Kanna】パスワード再設定のご案内');
    expect(mail.text).toContain('Sora 様');
    expect(mail.text).toContain('リンクの有効期限は1時間です');
    expect(mail.text).toContain(mail.link);
  });

  it('follows the account’s language when the request names none, and is English otherwise', async () => {
    const owner = client();
    expect((await signUp(owner, 'Ren', 'ren.reset@kanna.example')).statusCode).toBe(200);
    expect((await owner.put('/api/users/ren.reset@kanna.example', { language: 'ja' })).statusCode).toBe(200);
    expect((await askReset(client(), 'ren.reset@kanna.example')).statusCode).toBe(200);
    expect((await mailTo('ren.reset@kanna.example', 'reset-password')).subject).toBe(
      '【Kanna】パスワード再設定のご案内',
    );

    expect((await signUp(client(), 'Kai', 'kai.reset@kanna.example')).statusCode).toBe(200);
    expect((await askReset(client(), 'kai.reset@kanna.example')).statusCode).toBe(200);
    const english = await mailTo('kai.reset@kanna.example', 'reset-password');
    expect(english.subject).toBe('Reset your Kanna password');
    expect(english.text).toBe(
      `Hello Kai,\n\nSomeone asked to reset the password of your Kanna account. To choose a new password, open:\n\n${english.link}\n\nThe link works for one hour. If you did not ask for this, ignore this message.\n`,
    );
  });
});

describe('the account mails’ Japanese', () => {
  it('has every key of the English, each a string or a function as in English, all in Japanese', () => {
    const english = textShape(authMailTexts.en);
    const japanese = textShape(authMailTexts.ja);
    expect([...japanese.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, kind] of english) expect(`${key}: ${japanese.get(key)}`).toBe(`${key}: ${kind}`);
    expect(textStrings(authMailTexts.ja).filter(([, text]) => !japaneseScript.test(text))).toEqual([]);
  });
});
