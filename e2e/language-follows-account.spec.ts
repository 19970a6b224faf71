import { forgetCookies, logIn, signUpThroughApi, uniqueUser } from './support/accounts';
import { expect, saveScreen, test } from './support/fixtures';
import { languageSwitch } from './support/japanese';

/**
 * The language a buyer chose follows their account (docs/languages.md, "Two languages"): it is
 * kept in the browser's cookie and on the account, and wins over the browser's Accept-Language.
 * Chosen before signing up, it is the account's; signing in on a browser that reads English sets
 * the cookie from the account; choosing again while signed in saves the new choice on the account.
 */
test('the language chosen before signing up, and again while signed in, follows the account to a new browser', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = uniqueUser(testInfo, 'Language follower');
  const html = page.locator('html');

  await test.step('a visitor chooses Japanese, then signs up', async () => {
    await page.goto('/');
    await expect(html).toHaveAttribute('lang', 'en');
    await (await languageSwitch(page, testInfo, '日本語')).click();
    await expect(html).toHaveAttribute('lang', 'ja');
    await signUpThroughApi(page.request, baseURL ?? '', user);
  });

  await test.step('signed in on a new browser that reads English, the shop is in Japanese', async () => {
    await forgetCookies(page, '/login');
    await expect(html).toHaveAttribute('lang', 'en');
    await logIn(page, user.email, user.password);
    await expect(html).toHaveAttribute('lang', 'ja');
    await page.goto('/dashboard/myProfile');
    await expect(html).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1, name: 'プロフィール' })).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('ja');
    await saveScreen(page, 'language-follows-account-profile', testInfo);
  });

  await test.step('English, then Japanese again while signed in: the next new browser opens in Japanese', async () => {
    await (await languageSwitch(page, testInfo, 'English')).click();
    await expect(html).toHaveAttribute('lang', 'en');
    await (await languageSwitch(page, testInfo, '日本語')).click();
    await expect(html).toHaveAttribute('lang', 'ja');
    await forgetCookies(page, '/login');
    await expect(html).toHaveAttribute('lang', 'en');
    await logIn(page, user.email, user.password);
    await expect(html).toHaveAttribute('lang', 'ja');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('木製の手工具');
    await saveScreen(page, 'language-follows-account-home', testInfo);
  });
});
