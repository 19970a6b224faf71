import type { Page, TestInfo } from '@playwright/test';
import { type NewUser, signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  isPhone,
  saveScreen,
  test,
} from './support/fixtures';
import { apiReviews, navBar } from './support/site';
import { apiAllTools, apiSampleTools } from './support/tools';

/**
 * The shop in Japanese (docs/languages.md, "Two languages"): a visitor switches to Japanese on
 * the home page; every page translated so far then says nothing in English but the shop's data
 * (tool names, reviews people wrote) and the brand; the choice is kept across pages and on the
 * account; switching back makes everything English again. Screenshots at both widths.
 */

/** Words a Japanese page may show in Latin letters: the brand, names of languages and sites, units. */
const allowedWords = ['Kanna Tool Works', 'Kanna', 'English', 'Google', 'Facebook', 'LinkedIn', 'URL', 'ID'];

/**
 * What the shop's data says (every tool's names and descriptions, the newest reviews), which stays
 * as written. Every tool, from every page: late in a run the journeys' own tools fill the first
 * pages, and a page of one kind (the planes) still shows the sample tools.
 */
async function shopData(page: Page): Promise<string[]> {
  const tools = await apiAllTools(page.request);
  const reviews = await apiReviews(page.request);
  return [
    ...tools.flatMap((t) => [t.productName, t.description, t.productNameJa ?? '', t.descriptionJa ?? '']),
    ...reviews.flatMap((r) => [r.name, r.description]),
  ].filter((text) => text.length > 0);
}

/**
 * The English words left in the page's visible text (and its title) once the shop's data, the
 * allowed words, e-mail addresses, prices and addresses of pages are taken out: none on a page
 * in Japanese.
 */
async function englishWordsOn(page: Page, data: string[], also: string[] = []): Promise<string[]> {
  let text = `${await page.title()}\n${await page.locator('body').innerText()}`;
  // Longest first, so a tool's name goes before a word inside it.
  for (const known of [...data, ...also].sort((a, b) => b.length - a.length))
    text = text.replaceAll(known, ' ');
  text = text
    .replaceAll(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ') // e-mail addresses
    .replaceAll(/https?:\/\/\S+|\/[\w/-]+/g, ' ') // addresses of pages
    .replaceAll(/\$\s?[\d,.]+/g, ' '); // prices
  for (const word of allowedWords) text = text.replaceAll(word, ' ');
  return [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])];
}

/** The page is in Japanese: `<html lang="ja">`, and no English word in what it shows. */
async function expectJapanese(page: Page, what: string, data: string[], also: string[] = []) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  // The shop's data read again on each try: other journeys add tools meanwhile.
  await expect
    .poll(async () => englishWordsOn(page, [...data, ...(await shopData(page))], also), {
      message: `English words on ${what}`,
    })
    .toEqual([]);
}

/** The language switch: in the bar, behind the menu button on phones. */
async function languageSwitch(page: Page, testInfo: TestInfo, name: string) {
  if (isPhone(testInfo)) {
    const toggle = navBar(page).getByRole('button', { name: /メニューを開く|Open menu/ });
    if (await toggle.isVisible()) await toggle.click();
  }
  return navBar(page).getByRole('button', { name: new RegExp(`${name}$`) });
}

async function lookAt(page: Page, name: string, testInfo: TestInfo, what: string) {
  await expectNoSidewaysScroll(page, what);
  await expectAccessible(page, `${what} (${testInfo.project.name})`);
  await saveScreen(page, name, testInfo);
}

test('a visitor reads the shop in Japanese, and back in English', async ({
  page,
  baseURL,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(240_000);
  consoleGuard.allow(/status of 401/, 'a wrong password is refused with 401');
  consoleGuard.allow(/status of 404/, 'a page that does not exist is answered with 404');
  const data = await shopData(page);
  const user: NewUser = uniqueUser(testInfo, 'Japanese reader');

  await test.step('the home page opens in English and switches to Japanese at its Japanese address', async () => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('wooden Hand Tools');
    await (await languageSwitch(page, testInfo, '日本語')).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page).toHaveURL(`${baseURL}/ja`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('木製の手工具');
    // The server drew it in Japanese: the page's own HTML, before any script, is Japanese.
    const html = await (await page.request.get('/', { headers: { cookie: 'lang=ja' } })).text();
    expect(html).toContain('木製の手工具');
    expect(html).toMatch(/<html[^>]*lang="ja"/);
  });

  await test.step('the home page, the catalogue and the reviews say nothing in English', async () => {
    await page.getByRole('region', { name: 'お客様の声' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: '木工用の工具' })).toBeVisible();
    // The sections below the banner taken over by React: their buttons are enabled (and drawn at full contrast).
    await expect(page.getByRole('button', { name: /カートに追加$/ }).first()).toBeEnabled();
    await expectJapanese(page, 'the home page', data);
    await lookAt(page, 'japanese-home', testInfo, 'the home page in Japanese');

    await page.goto('/allProduct');
    await expect(page.getByRole('heading', { level: 1, name: '木製工具の一覧' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '点' })).toBeVisible();
    await expectJapanese(page, 'the catalogue', data);
    await lookAt(page, 'japanese-all-products', testInfo, 'the catalogue in Japanese');

    await page.getByRole('combobox', { name: '種類' }).selectOption({ label: '鉋' });
    await expect(page).toHaveURL(/kind=plane/);
    await expectJapanese(page, 'the catalogue of planes', data);

    await page.goto('/allReview');
    await expect(page.getByRole('heading', { level: 1, name: 'お客様の声' })).toBeVisible();
    await expectJapanese(page, 'the reviews', data);
    await lookAt(page, 'japanese-all-reviews', testInfo, 'the reviews in Japanese');
  });

  await test.step('sign-up, login, password reset and the 404 page are in Japanese, their messages too', async () => {
    await page.goto('/signup');
    const signUp = page.getByRole('form', { name: '新規登録' });
    await signUp.getByRole('button', { name: '登録する' }).click();
    await expect(signUp.getByText('名前を入力してください')).toBeVisible();
    await expect(signUp.getByText('メールアドレスを入力してください')).toBeVisible();
    await expectJapanese(page, 'the sign-up page', data);
    await lookAt(page, 'japanese-signup', testInfo, 'the sign-up page in Japanese');

    await page.goto('/login');
    const login = page.getByRole('form', { name: 'ログイン' });
    await login.getByLabel('メールアドレス').fill('nobody-here@kanna.example');
    await login.getByLabel('パスワード').fill('not-the-password');
    await login.getByRole('button', { name: 'ログイン' }).click();
    // Better Auth's refusal, said in Japanese by the server.
    await expect(page.getByText('メールアドレスまたはパスワードが正しくありません。')).toBeVisible();
    await expectJapanese(page, 'the login page', data, ['nobody-here@kanna.example']);
    await lookAt(page, 'japanese-login', testInfo, 'the login page in Japanese');

    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'パスワードの再設定' })).toBeVisible();
    await expectJapanese(page, 'the password reset page', data);

    await page.goto('/no-such-page-here');
    await expect(
      page.getByRole('heading', { name: '申し訳ありません。ページが見つかりませんでした' }),
    ).toBeVisible();
    await expectJapanese(page, 'the 404 page', data);
    await lookAt(page, 'japanese-not-found', testInfo, 'the 404 page in Japanese');
  });

  await test.step('signed in: the profile, its form and a tool’s page in Japanese; the choice kept on the account', async () => {
    await signUpThroughApi(page.request, baseURL ?? '', user);
    await page.goto('/dashboard/myProfile');
    await expect(page.getByRole('heading', { level: 1, name: 'プロフィール' })).toBeVisible();
    await expectJapanese(page, 'the profile', data, [user.name]);
    await lookAt(page, 'japanese-profile', testInfo, 'the profile in Japanese');

    await page.getByRole('link', { name: 'プロフィールを編集' }).click();
    const form = page.getByRole('form', { name: 'プロフィールを編集' });
    await form.getByLabel('電話番号').fill('call me');
    await form.getByRole('button', { name: 'プロフィールを更新' }).click();
    await expect(form.getByText('市区町村を入力してください')).toBeVisible();
    await expect(form.getByText(/電話番号は 03-1234-5678 のように/)).toBeVisible();
    await expectJapanese(page, 'the profile form', data, [user.name, user.email, 'call me']);
    await lookAt(page, 'japanese-edit-profile', testInfo, 'the profile form in Japanese');

    // A tool's page: its details in Japanese (the order form beside them is the checkout's).
    // One of the sample data's: a tool another journey added may be renamed or deleted meanwhile.
    const [tool] = await apiSampleTools(page.request);
    if (!tool) throw new Error('no tool');
    await page.goto(`/purchase/${tool._id}`);
    const details = page.getByRole('region', { name: tool.productNameJa ?? tool.productName });
    await expect(details.getByText(/価格 \$/)).toBeVisible();
    await expect(page.getByRole('button', { name: '仕入先に問い合わせる' })).toBeVisible();
    await saveScreen(page, 'japanese-tool-page', testInfo);

    // Signed in, the switch keeps the choice on the account as well.
    await (await languageSwitch(page, testInfo, 'English')).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const record = await page.request.get(`/api/users/${encodeURIComponent(user.email)}`);
    expect((await record.json()).language).toBe('en');
  });

  await test.step('back in English, every page is English again', async () => {
    for (const path of ['/', '/allProduct', '/allReview', '/dashboard/myProfile']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const text = await page.locator('body').innerText();
      const japaneseLeft = text
        .replaceAll('日本語', ' ')
        .match(/[\u3000-\u30ff\u3400-\u9fff]+/g)
        ?.filter((word) => !data.some((known) => known.includes(word)));
      expect(japaneseLeft ?? [], `Japanese words on ${path} in English`).toEqual([]);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await lookAt(page, 'english-again-profile', testInfo, 'the profile in English again');
  });
});
