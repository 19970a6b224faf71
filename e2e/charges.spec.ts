import { messages } from '@kanna/shared/domain/messages';
import type { Page } from '@playwright/test';
import { forgetCookies, openShopSettings, signUpThroughApi, uniqueUser } from './support/accounts';
import { businessShop, businessMinimum as MINIMUM, saveBusinessSettings } from './support/business';
import { expect, expectAccessible, expectNoSidewaysScroll, saveScreen, test } from './support/fixtures';
import { verificationLink } from './support/mail';
import { addToCartFromCatalogue, navBar } from './support/site';
import { addOwnTools } from './support/tools';

/**
 * Shipping and tax (docs/rules.md, "Paying like a business"): the owner switches on
 * consumption tax, adds a shipping zone for Japan and one for nearby Asia, and sets a minimum
 * order; a buyer below the minimum is told what is missing; a domestic order shows shipping and
 * tax before the buyer commits and on the payment page, an export to Korea shows its shipping and
 * no tax, and an address in Japan is not taken for Korea.
 *
 * On the second shop (e2e/support/business.ts), whose charges no other journey's prices expect.
 * The phone and desktop runs save the same settings, so neither undoes the other's.
 */
test.use({ baseURL: businessShop });

/** The value beside `label` in the checkout's totals. */
const totalRow = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Checkout' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('the owner sets tax, a zone and a minimum; a buyer sees shipping and tax for Japan and none for an export', async ({
  page,
  browser,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(180_000);
  consoleGuard.allow(/status of 400/, 'an order below the minimum is refused with 400, which the page shows');
  const [tool] = await addOwnTools(browser, businessShop, testInfo, [
    { name: 'Charges Kiridashi', kind: 'chisel', minQuantity: 1, maxQuantity: 500, perPrice: 6 },
  ]);
  if (!tool) throw new Error('the tool was not added');
  const buyer = uniqueUser(testInfo, 'Charges Buyer');

  await test.step('the owner switches on tax, adds zones for Japan and Asia, and sets a minimum', async () => {
    await openShopSettings(page, testInfo);
    await saveBusinessSettings(page);
    await expect(page.getByRole('checkbox', { name: 'Charge consumption tax' })).toBeChecked();
    await saveScreen(page, 'charges-settings', testInfo);
  });

  await test.step('a buyer below the minimum is told what is missing', async () => {
    await forgetCookies(page);
    await signUpThroughApi(page.request, businessShop, buyer);
    expect(
      (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    await addToCartFromCatalogue(page, tool.productName);
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${tool.productName}` });
    await quantity.fill('5');
    await quantity.press('Enter');
    // 5 × $6 = $30 of goods: $20 short of the minimum.
    await expect(page.getByRole('status').getByText(messages.belowMinimumOrder(MINIMUM, 20))).toBeVisible();
    await expect(page.getByRole('button', { name: /^Place order/ })).toBeDisabled();
  });

  await test.step('a domestic order shows shipping and tax before the buyer commits', async () => {
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${tool.productName}` });
    await quantity.fill('10');
    await quantity.press('Enter');
    // $60 of goods to Japan: $15 shipping, 10 % tax on both = $7.50, $82.50 due.
    await expect(page.getByLabel('Country')).toHaveValue('JP');
    await expect(totalRow(page, 'Goods')).toHaveText('$60');
    await expect(totalRow(page, 'Shipping')).toHaveText('$15');
    await expect(totalRow(page, 'Tax (10%)')).toHaveText('$7.50');
    await expect(totalRow(page, 'Total due')).toHaveText('$82.50');
    await expectNoSidewaysScroll(page, 'the cart with shipping and tax');
    await saveScreen(page, 'cart-domestic', testInfo);
    await expectAccessible(page, `the cart with shipping and tax (${testInfo.project.name})`);
  });

  await test.step('an export to Korea shows its shipping and no tax, and the order keeps them', async () => {
    await page.getByLabel('Country').selectOption('KR');
    await expect(totalRow(page, 'Shipping')).toHaveText('$40');
    await expect(totalRow(page, 'Tax')).toHaveText('Export — tax exempt');
    await expect(totalRow(page, 'Total due')).toHaveText('$100');
    await page.getByLabel('Phone').fill('+82 2 123 4567');
    // An address in Japan cannot go to Korea: shipping and tax follow the country.
    await page.getByLabel('Address').fill(`〒104-0061 東京都中央区銀座4-5-6 ${buyer.email}`);
    await page.getByRole('button', { name: 'Place order · $100' }).click();
    await expect(page.getByLabel('Country')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(messages.addressInJapan)).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByLabel('Address').fill(`12 Sejong-daero, Seoul ${buyer.email}`);
    await saveScreen(page, 'cart-export', testInfo);
    await page.getByRole('button', { name: 'Place order · $100' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    await expect(page.getByText('Export — tax exempt')).toBeVisible();
    await expect(page.getByText('$100', { exact: true }).first()).toBeVisible();
    await saveScreen(page, 'payment-export', testInfo);
  });

  await test.step('a domestic order from the cart is paid with its tax', async () => {
    await page.goto('/allProduct');
    await page.getByRole('button', { name: `Add to cart: ${tool.productName}` }).click();
    await navBar(page).getByRole('link', { name: /^Cart/ }).click();
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${tool.productName}` });
    await quantity.fill('10');
    await quantity.press('Enter');
    // The checkout starts from where the buyer's last order went (Korea); this one goes to Japan.
    await expect(page.getByLabel('Country')).toHaveValue('KR');
    await page.getByLabel('Country').selectOption('JP');
    await expect(totalRow(page, 'Total due')).toHaveText('$82.50');
    await page.getByLabel('Phone').fill('0312345678');
    await page.getByLabel('Address').fill(`1-2-3 Kanda, Tokyo ${buyer.email}`);
    await page.getByRole('button', { name: 'Place order · $82.50' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    await expect(page.getByText('Tax (10%)')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the payment page with tax');
    await saveScreen(page, 'payment-domestic', testInfo);
    await expectAccessible(page, `the payment page with tax (${testInfo.project.name})`);
  });

  await test.step("the order's page shows what it charges and where it goes", async () => {
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`/dashboard/myOrders/${id}`);
    const totals = page.locator('dl', { has: page.getByText('Total due', { exact: true }) });
    await expect(totals.locator('div', { has: page.getByText('Tax (10%)', { exact: true }) })).toContainText(
      '$7.50',
    );
    await expect(totals).toContainText('$82.50');
    await expect(page.getByText('Delivered to Japan')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the order page with tax');
    await saveScreen(page, 'order-page-charges', testInfo);
  });
});
