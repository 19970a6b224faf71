import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { type NewUser, signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { expectEnglish, expectJapanese, languageSwitch, shopData } from './support/japanese';
import { verificationLink } from './support/mail';
import { navBar } from './support/site';
import { apiSampleTools } from './support/tools';

/**
 * Buying in Japanese (docs/languages.md, "Two languages"): a reader whose browser chose
 * Japanese signs up, puts a tool in the cart from its page, checks out to a Japanese address
 * filled from its postal code, pays with the test card, and reads My orders and the order's page:
 * nothing in English on them but the shop's data, the brand and prices; the order's mails are
 * Japanese. Switched back to English, the same pages are English. Screenshots at both widths.
 */

/** Every mail in the first shop's outbox to `to`, its headers' encoded words and its parts decoded. */
function mailsTo(to: string): string[] {
  let mbox = '';
  try {
    mbox = readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'outbox.mbox'), 'utf8');
  } catch {
    return [];
  }
  return mbox
    .split(/^From kanna@localhost .*$/m)
    .map(decodeMail)
    .filter((mail) => new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(mail));
}

/** Quoted-printable back to UTF-8 text. */
const unquote = (text: string) =>
  decodeURIComponent(
    text
      .replace(/=\r?\n/g, '')
      .replaceAll('%', '%25')
      .replace(/=([0-9A-F]{2})/gi, '%$1'),
  );

/** A message's headers (RFC 2047 words decoded) and each part's body (base64 or quoted-printable decoded). */
function decodeMail(raw: string): string {
  const words = (head: string) =>
    head
      .replace(/\n[ \t]+/g, ' ')
      // Whitespace between two encoded words is not part of the text.
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, how: string, data: string) =>
        how.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : unquote(data.replaceAll('_', ' ')),
      );
  return raw
    .split(/^--.*$/m)
    .map((part) => {
      const at = part.search(/\n\s*\n/);
      if (at < 0) return part;
      const head = part.slice(0, at);
      const body = part.slice(at).trim();
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return `${words(head)}\n\n${Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8')}`;
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
        return `${words(head)}\n\n${unquote(body)}`;
      return `${words(head)}\n\n${body}`;
    })
    .join('\n');
}

async function lookAt(page: Page, name: string, testInfo: TestInfo, what: string) {
  await expectNoSidewaysScroll(page, what);
  await expectAccessible(page, `${what} (${testInfo.project.name})`);
  await saveScreen(page, name, testInfo);
}

test('a Japanese reader orders from the cart to a Japanese address, pays, and reads the order in Japanese', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const origin = baseURL ?? '';
  const data = await shopData(page);
  const user: NewUser = uniqueUser(testInfo, 'Japanese buyer');
  // One of the sample data's: a tool another journey added may be renamed or deleted meanwhile.
  const [tool] = await apiSampleTools(page.request);
  if (!tool) throw new Error('no tool');
  const toolJa = tool.productNameJa ?? tool.productName;
  const street = '4-5-6 銀座ビル 7階';
  // What the buyer typed and the shop's ids stay as they are.
  const fullAddress = `〒104-0061 東京都中央区銀座 ${street}`;
  const typed = [user.name, user.email, fullAddress, street, '東京都中央区銀座', '104-0061', '03-1234-5678'];
  let orderNumber = '';
  let transactionId = '';

  await test.step('a reader whose browser chose Japanese signs up, confirms the address and logs in', async () => {
    await page.context().addCookies([{ name: 'lang', value: 'ja', url: origin }]);
    const other = await browser.newContext({ baseURL: origin });
    await other.addCookies([{ name: 'lang', value: 'ja', url: origin }]);
    await signUpThroughApi(other.request, origin, user);
    expect(
      (await other.request.get(await verificationLink(user.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    await other.close();
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'ログイン' });
    await login.getByLabel('メールアドレス').fill(user.email);
    await login.getByLabel('パスワード').fill(user.password);
    await login.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });

  await test.step('a tool’s order form is Japanese; Add to cart puts the tool in the cart', async () => {
    await page.goto(`/purchase/${tool._id}`);
    const form = page.getByRole('form', { name: '注文フォーム' });
    await expect(form.getByRole('button', { name: '注文を確定する' })).toBeVisible();
    await expectJapanese(page, 'a tool’s page with its order form', data, typed);
    await lookAt(page, 'japanese-buying-tool', testInfo, 'a tool’s order form in Japanese');
    await form.getByRole('button', { name: 'カートに追加' }).click();
    await expect(toast(page, `カートに追加しました: ${tool.minQuantity} × ${toolJa}`)).toBeVisible();
  });

  await test.step('the checkout fills a Japanese address from its postal code', async () => {
    // The cart in the bar counts the tool; following it keeps the cart the page holds.
    const cartLink = navBar(page).getByRole('link', { name: 'カート、工具 1 点' });
    await expect(cartLink).toBeVisible();
    await cartLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'カート' })).toBeVisible();
    const checkout = page.getByRole('form', { name: 'ご注文手続き' });
    await expect(checkout.getByRole('combobox', { name: '国' })).toHaveValue('JP');
    await expect(checkout.getByRole('combobox', { name: '国' }).locator('option:checked')).toHaveText('日本');
    await checkout.getByLabel('電話番号').fill('03-1234-5678');
    const address = checkout.getByLabel('住所');
    await address.fill('');
    await checkout.getByLabel('郵便番号').fill('104-0061');
    await expect(address).toHaveValue('〒104-0061 東京都中央区銀座 ');
    await expect(checkout.getByText('東京都中央区銀座：続けて番地と建物名をご入力ください。')).toBeVisible();
    await address.pressSequentially(street);
    await expect(address).toHaveValue(`〒104-0061 東京都中央区銀座 ${street}`);
    await expectJapanese(page, 'the cart', data, typed);
    await lookAt(page, 'japanese-buying-cart', testInfo, 'the cart in Japanese');
    await checkout.getByRole('button', { name: /^注文を確定する · \$/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  });

  await test.step('the payment page is Japanese; the test card pays', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'お支払い' })).toBeVisible();
    // An order keeps the tool's names as they were ordered, shown in the reader's language.
    await expect(page.getByRole('region', { name: 'ご注文内容' })).toContainText(toolJa);
    await expect(page.getByRole('region', { name: 'テストモード' })).toBeVisible();
    await expect(page.getByRole('button', { name: /を支払う$/ })).toBeEnabled();
    await expectJapanese(page, 'the payment page', data, typed);
    await lookAt(page, 'japanese-buying-payment', testInfo, 'the payment page in Japanese');
    await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
    await page.getByLabel('有効期限').fill('12/34');
    await page.getByLabel('セキュリティコード').fill('123');
    await page.getByRole('button', { name: /を支払う$/ }).click();
    await expect(
      page.getByRole('region', { name: 'お支払いが完了しました。ありがとうございます' }),
    ).toBeVisible();
    transactionId =
      (await page
        .getByRole('region', { name: 'お支払いが完了しました。ありがとうございます' })
        .locator('code')
        .textContent()) ?? '';
    expect(transactionId).not.toBe('');
    await page.getByRole('link', { name: '注文履歴を見る' }).click();
  });

  await test.step('My orders and the order’s page are Japanese, their times in the shop’s zone', async () => {
    await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: toolJa }) });
    await expect(row.getByText('支払い済み')).toBeVisible();
    await expect(row).toContainText(/\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}にお支払い/);
    await expectJapanese(page, 'My orders', data, [...typed, transactionId]);
    await lookAt(page, 'japanese-buying-my-orders', testInfo, 'My orders in Japanese');

    const link = page.getByRole('link', { name: /^注文 K-\d+$/ }).first();
    orderNumber = ((await link.textContent()) ?? '').replace('注文 ', '');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: `注文 ${orderNumber}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'お届け先' })).toContainText(
      `〒104-0061 東京都中央区銀座 ${street}`,
    );
    await expect(
      page.getByRole('region', { name: '書類' }).getByRole('link', { name: /領収書/ }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: '履歴' })).toContainText('お支払い');
    await expectJapanese(page, 'the order’s page', data, [...typed, transactionId, orderNumber]);
    await lookAt(page, 'japanese-buying-order', testInfo, 'the order’s page in Japanese');
  });

  await test.step('the order’s mails are Japanese', async () => {
    await expect
      .poll(() => mailsTo(user.email).filter((mail) => mail.includes(orderNumber)).length, {
        message: `the order mails to ${user.email}`,
      })
      .toBeGreaterThanOrEqual(2);
    const mails = mailsTo(user.email).filter((mail) => mail.includes(orderNumber));
    const placed = mails.find((mail) =>
      mail.includes(`ご注文ありがとうございます（注文番号 ${orderNumber}）`),
    );
    const paid = mails.find((mail) => mail.includes(`ご注文 ${orderNumber}：お支払いを確認しました`));
    expect(placed, 'the placed mail, in Japanese').toBeDefined();
    expect(paid, 'the paid mail, in Japanese').toBeDefined();
    for (const mail of [placed ?? '', paid ?? '']) {
      expect(mail).toContain('お届け先');
      expect(mail).toContain(`〒104-0061 東京都中央区銀座 ${street}`);
      expect(mail).not.toMatch(/Thank you|Delivery address|Total|Unit price|payment received/);
    }
  });

  await test.step('switched back to English, the same pages are English', async () => {
    await (await languageSwitch(page, testInfo, 'English')).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const english = [...data, ...typed];
    await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Documents' }).getByRole('link', { name: /Receipt/ }),
    ).toBeVisible();
    await expectEnglish(page, 'the order’s page in English', english);
    await lookAt(page, 'english-again-order', testInfo, 'the order’s page in English again');

    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: tool.productName }) }),
    ).toContainText('Paid');
    await expectEnglish(page, 'My orders in English', english);

    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expectEnglish(page, 'the cart in English', english);

    await page.goto(`/purchase/${tool._id}`);
    await expect(
      page.getByRole('form', { name: 'Order form' }).getByRole('button', { name: 'Place order' }),
    ).toBeVisible();
    await expectEnglish(page, 'a tool’s page in English', english);
    await lookAt(page, 'english-again-tool', testInfo, 'a tool’s order form in English again');
  });
});
