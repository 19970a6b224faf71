import type { Tool } from '@kanna/shared/catalog';
import { messages } from '@kanna/shared/domain/messages';
import type { Page, TestInfo } from '@playwright/test';
import { logIn, signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  isPhone,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { navBar } from './support/site';
import { adminContext, apiSampleTools, createTool, journeyToolMark } from './support/tools';

/**
 * Trade orders: a visitor puts three tools in the cart (one with price breaks, one
 * sold in packs), signs in and the cart survives; quantities change across a break and the unit
 * price follows; one checkout orders every line; 4242… pays it; my orders shows the lines and
 * orders them again. The admin sets breaks and a pack size in the edit dialog and sees the
 * multi-line order in All Orders. Each project creates its own tools and buyer.
 */

const cartLink = (page: Page) => navBar(page).getByRole('link', { name: /^Cart/ });
const cartRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });

test('a visitor fills a cart, signs in, checks out every line, pays, orders again; the admin sets trade terms', async ({
  page,
  browser,
  baseURL,
}, testInfo: TestInfo) => {
  test.setTimeout(420_000);
  const origin = baseURL ?? '';
  // Not the project's name: a tool named "… phone …" would also answer getByLabel('Phone') in journeys that buy the newest tool.
  const stamp = `${testInfo.project.name === 'phone' ? 'P' : 'D'}${Date.now().toString(36)}`;
  const names = {
    chisel: `${journeyToolMark}trade chisel ${stamp}`,
    hammer: `${journeyToolMark}trade hammer ${stamp}`,
    plane: `${journeyToolMark}trade plane ${stamp}`,
  };
  const admin = await adminContext(browser, origin);
  const [sample] = await apiSampleTools(page.request);
  if (!sample) throw new Error('no sample tool');
  const common = { description: 'Made for the trade journey.', img: sample.img };
  const ids = {
    chisel: await createTool(admin.request, origin, {
      ...common,
      productName: names.chisel,
      kind: 'chisel',
      minQuantity: 12,
      maxQuantity: 400,
      perPrice: 9,
      volumePrices: [
        { minQuantity: 24, perPrice: 8 },
        { minQuantity: 48, perPrice: 7.2 },
      ],
    }),
    hammer: await createTool(admin.request, origin, {
      ...common,
      productName: names.hammer,
      kind: 'hammer',
      minQuantity: 6,
      maxQuantity: 300,
      perPrice: 20,
      packSize: 6,
    }),
    plane: await createTool(admin.request, origin, {
      ...common,
      productName: names.plane,
      kind: 'plane',
      minQuantity: 10,
      maxQuantity: 200,
      perPrice: 15,
    }),
  };
  const buyer = uniqueUser(testInfo, 'Trader');

  await test.step('a visitor adds three tools to the cart from the catalogue', async () => {
    await page.goto('/allProduct');
    for (const name of Object.values(names)) {
      await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
      await expect(toast(page, new RegExp(`${messages.addedToCart}: \\d+ × ${name}`))).toBeVisible();
    }
    const card = page.getByRole('article').filter({ hasText: names.chisel });
    await expect(card.getByText('from $7.20')).toBeVisible();
    await expect(
      page.getByRole('article').filter({ hasText: names.hammer }).getByText('Sold in packs of 6'),
    ).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 tools');
    await saveScreen(page, 'trade-catalogue', testInfo);
  });

  await test.step('the cart prices each line; a visitor is asked to sign in to check out', async () => {
    await cartLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(cartRow(page, names.chisel)).toContainText('Order 12 more for $8 each');
    await expect(cartRow(page, names.chisel)).toContainText('$108');
    await expect(page.getByRole('link', { name: 'Sign in to check out' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the cart');
    await expectAccessible(page, 'the cart (visitor)');
    await saveScreen(page, 'trade-cart-visitor', testInfo);
  });

  await test.step('signing in keeps the cart: it joins the account', async () => {
    const other = await browser.newContext({ baseURL: origin });
    await signUpThroughApi(other.request, origin, buyer);
    expect(
      (await other.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    await other.close();
    await page.getByRole('link', { name: 'Sign in to check out' }).click();
    await logIn(page, buyer.email, buyer.password);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('form', { name: 'Checkout' })).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 tools');
    for (const name of Object.values(names)) await expect(cartRow(page, name)).toHaveCount(1);
    // Kept on the server now: another visit reads it from there.
    await page.reload();
    await expect(cartRow(page, names.plane)).toHaveCount(1);
  });

  await test.step('quantities across a break change the unit price; packs step by their size', async () => {
    const chisel = cartRow(page, names.chisel);
    const quantity = chisel.getByRole('spinbutton', { name: /^Quantity/ });
    await quantity.fill('24');
    await quantity.press('Enter');
    await expect(chisel.getByRole('cell').first()).toContainText('$8');
    await expect(chisel).toContainText('$192');
    await expect(chisel).toContainText('Order 24 more for $7.20 each');
    const hammer = cartRow(page, names.hammer);
    await hammer.getByRole('button', { name: /^Increase quantity/ }).click();
    await expect(hammer.getByRole('spinbutton', { name: /^Quantity/ })).toHaveValue('12');
    await expect(hammer).toContainText('$240');
    // 24 × $8 + 12 × $20 + 10 × $15
    await expect(page.getByRole('button', { name: 'Place order · $582' })).toBeEnabled();
    await expectAccessible(page, 'the cart (signed in)');
    await saveScreen(page, 'trade-cart', testInfo);
  });

  let orderId = '';
  await test.step('one checkout orders every line and opens the payment', async () => {
    await page.getByRole('textbox', { name: 'Phone' }).fill('0312345678');
    await page.getByRole('textbox', { name: 'Address' }).fill(`1-2-3 Kanda ${buyer.email}`);
    await page.getByRole('button', { name: 'Place order · $582' }).click();
    await expect(toast(page, messages.orderPlaced)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    orderId = page.url().split('/').at(-1) ?? '';
    const summary = page.getByRole('region', { name: 'Order summary' });
    for (const name of Object.values(names)) await expect(summary).toContainText(name);
    await expect(summary).toContainText('$582');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, empty');
    await expectAccessible(page, 'the payment of a trade order');
    await saveScreen(page, 'trade-payment', testInfo);
  });

  await test.step('4242 4242 4242 4242 pays the whole order', async () => {
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByText(messages.paymentCompleted)).toBeVisible();
    await page.getByRole('link', { name: 'See my orders' }).click();
  });

  await test.step('my orders shows the lines; Order again puts them back in the cart', async () => {
    const title = `${names.chisel} and 2 more tools`;
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('46 in 3 lines');
    const lines = page.getByRole('list', { name: `Lines of the order for ${title}` });
    await expect(lines).toContainText(`24 × ${names.chisel} at $8`);
    await expect(lines).toContainText(`12 × ${names.hammer} at $20`);
    await expectNoSidewaysScroll(page, 'my orders');
    await expectAccessible(page, 'my orders with a trade order');
    await saveScreen(page, 'trade-my-orders', testInfo);
    await page.getByRole('button', { name: `Order again: ${title}` }).click();
    await expect(toast(page, messages.addedToCart)).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 tools');
    await expect(cartRow(page, names.chisel).getByRole('spinbutton', { name: /^Quantity/ })).toHaveValue(
      '24',
    );
  });

  await test.step('the purchase page shows the price table, the unit price and what the next break saves', async () => {
    await page.goto(`/purchase/${ids.chisel}`);
    const table = page.getByRole('table', { name: 'Volume prices' });
    await expect(table).toContainText('12–23');
    await expect(table).toContainText('48 or more');
    await expect(page.getByText('Order 12 more for $8 each')).toBeVisible();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('48');
    await expect(page.getByText('(volume price)')).toBeVisible();
    await expect(page.getByRole('main').getByText('$345.60', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the purchase page with volume prices');
    await saveScreen(page, 'trade-purchase', testInfo);
  });

  await test.step('the admin sets a pack size and price breaks, and sees the order in All Orders', async () => {
    const adminPage = await admin.newPage();
    if (isPhone(testInfo)) await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.goto('/dashboard/manageAllProducts');
    const row = adminPage.getByRole('row', { name: new RegExp(names.plane) });
    await row.getByRole('button', { name: `Edit ${names.plane}` }).click();
    const edit = adminPage.getByRole('dialog', { name: `Edit ${names.plane}` });
    await edit.getByLabel('Pack size').fill('5');
    await edit.getByRole('button', { name: 'Add a price break' }).click();
    await edit.getByLabel('From (pieces), break 1').fill('50');
    await edit.getByLabel('Price per piece ($), break 1').fill('15');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText(messages.breakNotCheaper)).toBeVisible();
    await edit.getByLabel('Price per piece ($), break 1').fill('13.50');
    await expectAccessible(adminPage, 'the edit dialog with trade terms');
    await adminPage.screenshot({
      path: `.e2e-output/screens/trade-edit-dialog-${testInfo.project.name}.png`,
    });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    const saved = (await (await admin.request.get(`/api/handTools/${ids.plane}`)).json()) as Tool;
    expect(saved.packSize).toBe(5);
    expect(saved.volumePrices).toEqual([{ minQuantity: 50, perPrice: 13.5 }]);

    await adminPage.goto('/dashboard/allOrders');
    const mine = adminPage.getByRole('row').filter({ hasText: buyer.email });
    await expect(mine.first()).toContainText(names.chisel);
    await expect(mine.first()).toContainText('$582');
    await saveScreen(adminPage, 'trade-all-orders', testInfo);
    expect(orderId).not.toBe('');
    await admin.close();
  });
});
