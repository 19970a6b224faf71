import type { Page, TestInfo } from '@playwright/test';
import { logIn, signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { navBar } from './support/site';
import { addOwnTools } from './support/tools';

/**
 * Price lists (掛率, decision 0060): the admin adds an 85 % list on its page and gives it to a
 * new buyer on the Users page; the buyer sees 85 % of the list price in the catalogue and the
 * cart, while a visitor still sees the list price. Each project adds its own tool, list and buyer.
 */

const cartLink = (page: Page) => navBar(page).getByRole('link', { name: /^Cart/ });

test('an admin gives a buyer an 85 % price list; the buyer sees their price in the catalogue and the cart', async ({
  page,
  browser,
  baseURL,
}, testInfo: TestInfo) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? '';
  const [tool] = await addOwnTools(browser, origin, testInfo, [
    { name: 'rate saw', kind: 'saw', minQuantity: 1, maxQuantity: 50, perPrice: 40 },
  ]);
  if (!tool) throw new Error('no tool added');
  const buyer = uniqueUser(testInfo, 'Rate Buyer');
  await signUpThroughApi(page.request, origin, buyer);
  const listName = `Trade 85 ${testInfo.project.name} ${Date.now().toString(36)}`;

  const admin = await browser.newContext({ baseURL: origin, viewport: page.viewportSize() });
  const adminPage = await admin.newPage();
  try {
    await test.step('the admin adds an 85 % list', async () => {
      await adminPage.goto('/login');
      await logIn(adminPage, 'admin@kanna.example', 'kanna-admin');
      await expect(adminPage).not.toHaveURL(/\/login/);
      await adminPage.goto('/dashboard/price-lists');
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Price lists' })).toBeVisible();
      await adminPage.getByRole('button', { name: 'New price list' }).click();
      await adminPage.getByLabel(/^Name/).fill(listName);
      await adminPage.getByLabel(/^Rate/).fill('85');
      await adminPage.getByRole('button', { name: 'Save price list' }).click();
      await expect(toast(adminPage, `Saved the price list “${listName}”.`)).toBeVisible();
      await expect(adminPage.getByRole('heading', { level: 2, name: listName })).toBeVisible();
      await expectNoSidewaysScroll(adminPage, 'the price lists');
      await expectAccessible(adminPage, 'the price lists');
      await saveScreen(adminPage, 'price-lists', testInfo);
    });

    await test.step('the admin gives it to the buyer on the Users page', async () => {
      await adminPage.goto(`/dashboard/users?q=${encodeURIComponent(buyer.email)}`);
      const row = adminPage.getByRole('row', { name: new RegExp(buyer.name) });
      await row.getByRole('button', { name: 'Price list' }).click();
      const dialog = adminPage.getByRole('dialog', { name: `Price list of ${buyer.name}` });
      await dialog.getByLabel('Price list').selectOption({ label: listName });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(adminPage, `${buyer.name} now pays the prices of “${listName}”.`)).toBeVisible();
    });
  } finally {
    await admin.close();
  }

  await test.step('the buyer sees $34 for the $40 tool in the catalogue and the cart', async () => {
    // Signed in by the sign-up (the page shares its cookies).
    await page.goto(`/allProduct?search=${encodeURIComponent(tool.productName)}`);
    const card = page.getByRole('article').filter({ hasText: tool.productName });
    await expect(card).toContainText(/Price \$\s*34\s*\/\s*Per/);
    await page.getByRole('button', { name: `Add to cart: ${tool.productName}` }).click();
    await cartLink(page).click();
    const line = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${tool.productName}`) }) });
    await expect(line).toContainText('$34');
    await expectNoSidewaysScroll(page, 'the buyer’s cart');
    await saveScreen(page, 'price-lists-cart', testInfo);
  });

  await test.step('the admin fixes the tool at $30 with its own volume price, $25 from 10', async () => {
    const admin = await browser.newContext({ baseURL: origin, viewport: page.viewportSize() });
    const adminPage = await admin.newPage();
    try {
      await adminPage.goto('/login');
      await logIn(adminPage, 'admin@kanna.example', 'kanna-admin');
      await expect(adminPage).not.toHaveURL(/\/login/);
      await adminPage.goto('/dashboard/price-lists');
      await adminPage
        .getByRole('listitem')
        .filter({ has: adminPage.getByRole('heading', { level: 2, name: listName }) })
        .getByRole('button', { name: 'Edit' })
        .click();
      await adminPage.getByRole('button', { name: 'Add a fixed price' }).click();
      await adminPage.getByLabel(/^Tool/).selectOption({ label: tool.productName });
      await adminPage.getByLabel(/^Price \(USD\)/).fill('30');
      const state = adminPage.getByTestId('breaks-state');
      await expect(state).toHaveText(
        'The tool has no volume prices in this currency: this price at every quantity.',
      );
      await adminPage.getByLabel('Fixed here').check();
      await expect(state).toHaveText('No volume prices: this price at every quantity.');
      await adminPage.getByRole('button', { name: /^Add a volume price/ }).click();
      await adminPage.getByLabel('From (pieces), fixed price 1, break 1').fill('10');
      await adminPage.getByLabel('Price per piece ($), fixed price 1, break 1').fill('25');
      await expectNoSidewaysScroll(adminPage, 'the price-list form');
      await expectAccessible(adminPage, 'the price-list form');
      await saveScreen(adminPage, 'price-list-fixed-breaks', testInfo);
      await adminPage.getByRole('button', { name: 'Save price list' }).click();
      await expect(toast(adminPage, `Saved the price list “${listName}”.`)).toBeVisible();
    } finally {
      await admin.close();
    }
  });

  await test.step('the buyer pays $30, and $25 from 10, on the tool’s page and in the cart', async () => {
    await page.goto(`/tools/${tool.slug}`);
    const prices = page.getByRole('table', { name: 'Price per piece' });
    await expect(prices.getByRole('row').nth(1)).toContainText('$30');
    await expect(prices.getByRole('row').nth(2)).toContainText('10 or more');
    await expect(prices.getByRole('row').nth(2)).toContainText('$25');
    await cartLink(page).click();
    const line = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${tool.productName}`) }) });
    await expect(line).toContainText('$30');
    const quantity = line.getByRole('spinbutton');
    await quantity.fill('10');
    await quantity.press('Enter');
    await expect(line).toContainText('$250');
  });

  await test.step('a visitor still sees the list price', async () => {
    const visitor = await browser.newContext({ baseURL: origin });
    const response = await visitor.request.get(`/api/handTools/${tool._id}`);
    expect(((await response.json()) as { perPrice: number }).perPrice).toBe(40);
    await visitor.close();
  });
});
