import { messages } from '@kanna/shared/domain/messages';
import type { Page, TestInfo } from '@playwright/test';
import {
  demoAdmin,
  forgetCookies,
  type NewUser,
  openShopSettings,
  signInThroughApi,
  signUpThroughApi,
  uniqueUser,
} from './support/accounts';
import { businessBank as bank } from './support/business';
import { checkScreen, expect, expectAccessible, saveScreen, test, toast } from './support/fixtures';
import { verificationLink } from './support/mail';
import { payByTestCard } from './support/orders';
import { navBar } from './support/site';
import { addOwnTools } from './support/tools';
import { saveYenSettings, yenShop } from './support/yen-shop';

/**
 * Paying in yen (docs/rules.md, "Yen and dollars"): the owner sets the yen rate and Japan as paying
 * in yen; a Japanese reader sees a tool's price in yen with the tax beside it on the catalogue and
 * the tool's page; as a company buyer (docs/rules.md, "The buyer's company and address book") they
 * order to a workshop from their address book, billed to the head office, with their PO number,
 * by bank transfer, and are told to transfer yen; the admin records
 * the yen received and the order is paid, in yen. A buyer delivering to the United States on the
 * same shop is priced and pays in dollars.
 *
 * On the third shop (e2e/support/yen-shop.ts): switching to yen changes every order to Japan. The
 * phone and desktop runs save the same settings, so neither undoes the other's.
 */
test.use({ baseURL: yenShop });

/** The owner switches the third shop to yen: 150 to the dollar, for Japan. */
async function ownerSwitchesToYen(page: Page, testInfo: TestInfo): Promise<void> {
  await openShopSettings(page, testInfo);
  await saveYenSettings(page);
}

/** Signs `buyer` up and confirms the address, signed in on `page` (whoever was signed in is forgotten). */
async function signUpBuyer(page: Page, buyer: NewUser): Promise<void> {
  await forgetCookies(page);
  await signUpThroughApi(page.request, yenShop, buyer);
  expect(
    (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a Japanese company buyer sees yen with tax, orders to a saved workshop billed to the head office by transfer in yen; the admin records the yen and the order is paid', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  // $60 at ¥150 to the dollar: ¥9,000 a piece, ¥9,900 with 10 % tax. Ten of them: ¥90,000 of goods,
  // no shipping (the shop has no zones), ¥9,000 tax: ¥99,000 due.
  const [tool] = await addOwnTools(browser, yenShop, testInfo, [
    { name: 'Yen Kanna', kind: 'plane', minQuantity: 1, maxQuantity: 500, perPrice: 60 },
  ]);
  if (!tool) throw new Error('the tool was not added');
  const name = tool.productNameJa ?? tool.productName;
  const buyer = uniqueUser(testInfo, 'Yen Buyer');

  await test.step('the owner sets the yen rate, bank details, tax in Japan and Japan paying in yen', async () => {
    await ownerSwitchesToYen(page, testInfo);
    await checkScreen(page, testInfo, 'yen-settings');
  });

  await test.step('a Japanese reader sees the tool in yen with the tax beside it', async () => {
    await signUpBuyer(page, buyer);
    await page.goto('/ja/allProduct');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const currency = page.getByRole('group', { name: '価格の表示通貨：' });
    await expect(currency.getByRole('button', { name: '円 ¥' })).toHaveAttribute('aria-pressed', 'true');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('価格 ¥9,000／個（税込 ¥9,900）');
    await checkScreen(page, testInfo, 'yen-catalogue');
    await page.goto(`/ja/tools/${tool.slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('¥9,000（税込 ¥9,900）');
    await checkScreen(page, testInfo, 'yen-tool-page');
    await page.getByRole('button', { name: `${name}をカートに追加` }).click();
    await expect(toast(page, `カートに追加しました：${name} × 1`)).toBeVisible();
  });

  await test.step('the buyer is a company: its name on the profile, a workshop and the head office in the address book', async () => {
    const profile = await page.request.put(`${yenShop}/api/users/${encodeURIComponent(buyer.email)}`, {
      data: {
        displayName: buyer.name,
        phone: '03-1234-5678',
        city: '台東区',
        district: '東京都',
        company: '株式会社 蔵前大工',
        department: '購買部',
      },
    });
    expect(profile.status()).toBe(200);
    const entry = { recipient: buyer.name, phone: '03-1234-5678', country: 'JP', prefecture: '東京都' };
    for (const saved of [
      {
        ...entry,
        label: '蔵前工房',
        kind: 'delivery',
        postalCode: '111-0051',
        city: '台東区蔵前',
        street: '1-2-3',
      },
      {
        ...entry,
        label: '本社',
        kind: 'billing',
        postalCode: '100-0005',
        city: '千代田区丸の内',
        street: '1-1',
        building: '本社ビル',
      },
    ])
      expect((await page.request.post(`${yenShop}/api/address-book`, { data: saved })).status()).toBe(201);
  });

  await test.step('the cart prices the delivery to Japan in yen; the buyer orders to the workshop, billed to the head office, by bank transfer', async () => {
    await navBar(page).getByRole('link', { name: 'カート、工具 1 点' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'カート' })).toBeVisible();
    const quantity = page.getByRole('spinbutton', { name: new RegExp(escaped(name)) });
    await quantity.fill('10');
    await quantity.press('Enter');
    const checkout = page.getByRole('form', { name: 'ご注文手続き' });
    await checkout
      .getByLabel('保存したお届け先から選ぶ')
      .selectOption({ label: '蔵前工房 — 〒111-0051 東京都 台東区蔵前 1-2-3' });
    await expect(checkout.getByLabel('住所')).toHaveValue('〒111-0051 東京都 台東区蔵前 1-2-3');
    await expect(checkout.getByRole('combobox', { name: '国' })).toHaveValue('JP');
    // A company buyer finds the business section open: the profile's company, the book's head office.
    await expect(checkout.getByLabel('会社名')).toHaveValue('株式会社 蔵前大工');
    await expect(checkout.getByLabel('請求書を別の宛先に送る')).toBeChecked();
    await expect(checkout.getByLabel('請求先', { exact: true })).toHaveValue(
      '〒100-0005 東京都 千代田区丸の内 1-1 本社ビル',
    );
    await checkout.getByLabel('貴社発注番号').fill('KR-2026-118');
    await checkout.getByRole('radio', { name: /^銀行振込/ }).check();
    const place = checkout.getByRole('button', { name: '注文を確定する · ¥99,000' });
    await expect(place).toBeEnabled();
    await checkScreen(page, testInfo, 'yen-cart');
    await place.click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  });

  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const number = await test.step('the payment page says to transfer the yen', async () => {
    const details = page.getByRole('region', { name: '銀行振込でのお支払い' });
    await expect(details).toContainText(bank.account);
    await expect(details).toContainText(bank.holder);
    await expect(details).toContainText('¥99,000');
    await expect(details).not.toContainText('$');
    const reference = (await details.locator('dd.font-mono').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^K-\d{6,}$/);
    await checkScreen(page, testInfo, 'yen-payment-page');
    return reference;
  });

  await test.step('the admin records the yen transfer in full: the order is paid', async () => {
    await forgetCookies(page);
    await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
    await page.goto(`/dashboard/orders/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Record a payment on order ${number}` });
    await expect(dialog).toContainText('¥99,000');
    await dialog.getByLabel('Amount received (¥)').fill('99000');
    await expectAccessible(page, `the record payment dialog in yen (${testInfo.project.name})`);
    await saveScreen(page, 'yen-record-dialog', testInfo);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(page, messages.paymentRecorded('¥99,000', number))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('State:').locator('..')).toContainText('Pending');
    await expect(page.getByRole('region', { name: 'Buyer' })).toContainText('KR-2026-118');
    await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('本社ビル');
    await checkScreen(page, testInfo, 'yen-admin-paid');
  });

  await test.step('the buyer’s order page shows the order paid, in yen', async () => {
    await forgetCookies(page);
    await page.context().addCookies([{ name: 'lang', value: 'ja', url: yenShop }]);
    await signInThroughApi(page, buyer.email, buyer.password);
    await page.goto(`/ja/dashboard/myOrders/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `注文 ${number}` })).toBeVisible();
    await expect(page.getByText('支払い済み').first()).toBeVisible();
    await expect(page.getByRole('region', { name: '銀行振込でのお支払い' })).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('¥99,000');
    // Billed to the head office, delivered to the workshop, with the buyer's PO number.
    const buyerFacts = page.getByRole('region', { name: 'ご購入者' });
    await expect(buyerFacts).toContainText('株式会社 蔵前大工');
    await expect(buyerFacts).toContainText('KR-2026-118');
    const addresses = page.getByRole('region', { name: 'お届け先' });
    await expect(addresses.locator('address').first()).toHaveText('〒111-0051 東京都 台東区蔵前 1-2-3');
    await expect(addresses.getByRole('heading', { name: '請求先' })).toBeVisible();
    await expect(addresses).toContainText('本社ビル');
    await checkScreen(page, testInfo, 'yen-buyer-order-paid');
  });
});

test('an export buyer on the same shop is priced and pays in dollars', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // $60 × 10 to the United States: no shipping (no zones), no Japanese tax on an export: $600.
  const [tool] = await addOwnTools(browser, yenShop, testInfo, [
    { name: 'Dollar Kanna', kind: 'plane', minQuantity: 1, maxQuantity: 500, perPrice: 60 },
  ]);
  if (!tool) throw new Error('the tool was not added');
  const buyer = uniqueUser(testInfo, 'Export Buyer');

  await test.step('the shop pays in yen for Japan', async () => {
    await ownerSwitchesToYen(page, testInfo);
  });

  await test.step('an English reader sees dollars and can switch the catalogue to yen', async () => {
    await signUpBuyer(page, buyer);
    await page.goto('/allProduct');
    const currency = page.getByRole('group', { name: 'Show prices in' });
    await expect(currency.getByRole('button', { name: 'US $' })).toHaveAttribute('aria-pressed', 'true');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: tool.productName }) });
    await expect(card).toContainText('Price $ 60/Per');
    await expect(card).not.toContainText('¥');
    await checkScreen(page, testInfo, 'yen-export-catalogue');
    await card.getByRole('button', { name: `Add to cart: ${tool.productName}` }).click();
    await expect(toast(page, new RegExp(`${messages.addedToCart}: \\d+ × `))).toBeVisible();
  });

  await test.step('the cart prices the delivery to the United States in dollars; the card pays', async () => {
    await navBar(page).getByRole('link', { name: /^Cart/ }).click();
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${tool.productName}` });
    await quantity.fill('10');
    await quantity.press('Enter');
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await checkout.getByRole('combobox', { name: 'Country' }).selectOption('US');
    await checkout.getByLabel('Phone').fill('+1 212 555 0100');
    await checkout.getByLabel('Address').fill(`350 Fifth Avenue, New York ${buyer.email}`);
    const place = checkout.getByRole('button', { name: 'Place order · $600' });
    await expect(place).toBeEnabled();
    await expect(checkout).not.toContainText('¥');
    await checkScreen(page, testInfo, 'yen-export-cart');
    await place.click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('Total due$600');
    await expect(summary).not.toContainText('¥');
    await expect(page.getByRole('button', { name: 'Pay $600' })).toBeVisible();
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const { number } = await payByTestCard(page, id);
    await page.goto(`/dashboard/myOrders/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByText('State:').locator('..')).toContainText('Paid');
    await expect(page.getByRole('main')).toContainText('$600');
    await expect(page.getByRole('main')).not.toContainText('¥');
    await checkScreen(page, testInfo, 'yen-export-order-paid');
  });
});
