import { messages } from '@kanna/shared/domain/messages';
import type { Review } from '@kanna/shared/reviews';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectFocusOnFirstError,
  expectNoSidewaysScroll,
  isPhone,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { placeAndPay } from './support/orders';
import { apiReviews, apiTools, mainNavigation, section } from './support/site';
import { apiSampleTools, journeyToolMark } from './support/tools';

/**
 * Running the shop (spec §2 admin screens, §5, §8): the admin promotes a new user, deletes
 * another, adds a product with a picture (progress bar), sees it first on the home page,
 * edits its price and deletes it, and reads the overview; a customer posts a review and sees
 * it on the home page with its stars; the catalogue's search, sort and kind live in the
 * address. Phone and desktop run at the same time against one server: every name is unique
 * and nothing depends on exact counts.
 */

const demoAdmin = { email: 'admin@kanna.example', password: 'kanna-admin' };

type Person = { name: string; email: string; password: string };

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function uniquePerson(testInfo: TestInfo, label: string): Person {
  const s = stamp();
  return {
    name: `${label} ${testInfo.project.name} ${s}`,
    email: `${label.toLowerCase()}-${testInfo.project.name}-${s}@kanna.example`,
    password: `pw-${s}`,
  };
}

/** Better Auth wants the shop's own Origin on every POST; page.request shares the page's cookies. */
async function authPost(page: Page, path: string, data: unknown): Promise<void> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(path, { data, headers: { Origin: origin } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
}

/** Signs up `person` through the API with the test's own request context: the page stays as it was. */
async function signUpElsewhere(request: APIRequestContext, origin: string, person: Person): Promise<void> {
  const response = await request.post('/api/auth/sign-up/email', {
    data: person,
    headers: { Origin: origin },
  });
  expect(response.status(), `sign-up of ${person.email}: ${await response.text()}`).toBe(200);
}

/** Checks a dashboard page the same way everywhere: heading, no sideways scroll, axe, a screenshot. */
async function checkPage(page: Page, testInfo: TestInfo, heading: string, screen: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoSidewaysScroll(page, screen);
  await saveScreen(page, screen, testInfo);
  await expectAccessible(page, `${screen} (${testInfo.project.name})`);
}

/** Follows a dashboard menu link like a user (the menu folds behind a button on phones). */
async function openFromDashboardMenu(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (isPhone(testInfo)) {
    const toggle = page.getByRole('button', { name: /dashboard menu/i });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name }).click();
}

/** Follows a link of the main navigation (through the phone menu on phones): no page load. */
async function openFromMainNavigation(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const nav = await mainNavigation(page, testInfo);
  await nav.getByRole('link', { name, exact: true }).click();
}

/** A small PNG drawn on a canvas in the page: a product picture like any other. */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    const wood = g.createLinearGradient(0, 0, 400, 300);
    wood.addColorStop(0, '#c89b6d');
    wood.addColorStop(1, '#7a4e2d');
    g.fillStyle = wood;
    g.fillRect(0, 0, 400, 300);
    g.fillStyle = '#3b2a1e';
    g.fillRect(60, 130, 280, 40);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * Our item is on the home page, and everything above it there is newer than it (the other
 * project may have added one since): that is "first", without depending on a quiet shop.
 */
async function expectFirstUnlessNewer(
  headings: Locator,
  ours: string,
  newest: { name: string; createdAt: string }[],
): Promise<void> {
  const shown = (await headings.allTextContents()).map((t) => t.trim());
  const index = shown.indexOf(ours);
  expect(index, `${ours} is on the home page: ${shown.join(', ')}`).toBeGreaterThanOrEqual(0);
  const created = new Map(newest.map((item) => [item.name, item.createdAt]));
  const mine = created.get(ours) ?? '';
  for (const above of shown.slice(0, index))
    expect((created.get(above) ?? '') >= mine, `${above} is above ${ours}, so it must be newer`).toBe(true);
}

/**
 * A paid order through the API (the buying journey does it through the screens): the admin
 * orders the minimum of a well-stocked tool and pays with the test card 4242…. Returns its total.
 */
async function payForAnOrder(page: Page): Promise<number> {
  const tool = (await apiSampleTools(page.request)).find((t) => t.maxQuantity >= t.minQuantity * 4);
  if (!tool) throw new Error('no well-stocked tool in the sample data');
  await placeAndPay(page, tool, '2-14-3 Kanamono-cho, Miki');
  return Math.round(tool.minQuantity * tool.perPrice * 100) / 100;
}

test('the admin promotes and deletes users, adds, edits and deletes a product, and reads the overview', async ({
  page,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(240_000);
  consoleGuard.allow(
    /status of 409/,
    'the admin tries to delete their own account: the server refuses (409)',
  );

  const promotee = uniquePerson(testInfo, 'Promotee');
  const leaver = uniquePerson(testInfo, 'Leaver');
  const product = {
    name: `${journeyToolMark}Kanna Plane ${testInfo.project.name} ${stamp()}`,
    description: 'A hand-set smoothing plane for the browser journey.',
    min: '10',
    available: '400',
    price: '17.25',
  };

  await page.goto('/');
  const origin = new URL(page.url()).origin;
  await signUpElsewhere(request, origin, promotee);
  await signUpElsewhere(request, origin, leaver);
  await authPost(page, '/api/auth/sign-in/email', demoAdmin);

  await test.step('users: promote one, the server refuses deleting yourself, delete another', async () => {
    await page.goto('/dashboard/users');
    const table = page.getByRole('table', { name: /All users/ });
    await checkPage(page, testInfo, 'Users', 'admin-users');
    // Other journeys sign people up meanwhile: each account is found by its e-mail, so none
    // falls past the first page.
    const search = page.getByLabel('Search by e-mail or name');
    await search.fill(promotee.email);
    const row = table.getByRole('row', { name: new RegExp(promotee.email) });
    await expect(row.getByRole('button', { name: 'Admin', exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Admin', exact: true }).click();
    await page
      .getByRole('dialog', { name: `Make ${promotee.name} an administrator?` })
      .getByRole('button', { name: 'Yes, make admin' })
      .click();
    await expect(toast(page, messages.promoted)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();

    await search.fill(demoAdmin.email);
    const self = table.getByRole('row', { name: /admin@kanna\.example/ });
    await expect(self.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(
      self.getByRole('button', { name: 'Admin', exact: true }),
      'an admin has no Admin button',
    ).toHaveCount(0);
    await self.getByRole('button', { name: 'Delete' }).click();
    const own = page.getByRole('dialog', { name: /Delete the account of/ });
    await own.getByRole('button', { name: 'Yes, delete user' }).click();
    await expect(own.getByRole('alert')).toHaveText('You cannot delete your own account.');
    await own.getByRole('button', { name: 'Keep user' }).click();
    await expect(own).toBeHidden();

    await search.fill(leaver.email);
    const leaverRow = table.getByRole('row', { name: new RegExp(leaver.email) });
    await leaverRow.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the account of ${leaver.name}?` });
    await expect(dialog.getByRole('button', { name: 'Keep user' })).toBeFocused();
    await expectAccessible(page, `the delete-user dialog (${testInfo.project.name})`);
    await saveScreen(page, 'admin-users-delete-dialog', testInfo);
    await dialog.getByRole('button', { name: 'Yes, delete user' }).click();
    await expect(toast(page, `Deleted the account of ${leaver.name}`)).toBeVisible();
    await expect(leaverRow).toHaveCount(0);
  });

  await test.step('add a product with a picture; it shows first on the home page at once', async () => {
    // Load the home page's tools first, so going back to it tests the browser's cache too.
    await page.goto('/home');
    await expect(section(page, 'Wooded Working Tools').getByRole('article').first()).toBeVisible();
    await openFromMainNavigation(page, testInfo, 'Dashboard');
    await openFromDashboardMenu(page, testInfo, 'Add Product');
    await expect(page).toHaveURL(/\/dashboard\/addProduct$/);

    await page.getByRole('button', { name: 'Add product' }).click();
    for (const text of [
      'Product name is required',
      'Description is required',
      'Kind is required',
      'Minimum quantity is required',
      'Available quantity is required',
      'Price is required',
    ])
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expectFocusOnFirstError(page.getByLabel('Product name'));
    await checkPage(page, testInfo, 'Add Product', 'admin-add-product-errors');

    await page.getByLabel('Product name').fill(product.name);
    await page.getByLabel('Description', { exact: true }).fill(product.description);
    await page.getByLabel('Kind').selectOption('plane');
    await page.getByLabel('Minimum quantity').fill('50');
    await page.getByLabel('Available quantity').fill('20');
    await page.getByLabel('Price', { exact: true }).fill('17.255');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByText('Available quantity must be at least the minimum quantity')).toBeVisible();
    await expect(page.getByText('Price can have at most 2 decimals')).toBeVisible();
    await expectFocusOnFirstError(page.getByLabel('Available quantity'));
    await page.getByLabel('Minimum quantity').fill(product.min);
    await page.getByLabel('Available quantity').fill(product.available);
    await page.getByLabel('Price', { exact: true }).fill(product.price);

    // Hold the upload's answer until the progress bar has been seen (a fast machine could
    // otherwise finish before anyone looks), then let it through.
    let release = () => {};
    const seen = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/media', async (route) => {
      await seen;
      await route.continue();
    });
    await page
      .getByLabel('Image')
      .setInputFiles({ name: 'plane.png', mimeType: 'image/png', buffer: await drawPng(page) });
    try {
      await expect(page.getByRole('progressbar', { name: 'Uploading image' })).toBeVisible();
    } finally {
      release();
    }
    await expect(page.getByRole('progressbar', { name: 'Uploading image' })).toBeHidden({ timeout: 20_000 });
    await page.unroute('**/api/media');
    const preview = page.getByRole('img', { name: 'The product picture' });
    await expect(preview).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}\/\d+\.webp$/);
    await expect
      .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await checkPage(page, testInfo, 'Add Product', 'admin-add-product');

    await page.getByRole('button', { name: 'Add product' }).click();
    await expect(toast(page, messages.productAdded)).toBeVisible();
    await expect(page.getByLabel('Product name')).toHaveValue('');
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('');

    // Back to the home page without a page load: the tools list must not be the cached one.
    await openFromMainNavigation(page, testInfo, 'Home');
    const headings = section(page, 'Wooded Working Tools').getByRole('article').getByRole('heading');
    await expect(headings.filter({ hasText: product.name })).toHaveCount(1);
    const tools = await apiTools(page.request);
    await expectFirstUnlessNewer(
      headings,
      product.name,
      tools.map((t) => ({ name: t.productName, createdAt: t.createdAt })),
    );
    const card = section(page, 'Wooded Working Tools').getByRole('article').filter({ hasText: product.name });
    await expect(card.getByText(`Price $ ${product.price}/Per`)).toBeVisible();
    await expect(card.getByText(`${product.min} - ${product.available} Pieces (OQ)`)).toBeVisible();
  });

  await test.step('manage products: edit the price, then delete the product', async () => {
    await page.goto('/dashboard/manageAllProducts');
    const table = page.getByRole('table', { name: /Products on sale/ });
    const row = table.getByRole('row', { name: new RegExp(product.name) });
    await expect(row).toContainText('$17.25');
    await checkPage(page, testInfo, 'Manage Product', 'admin-manage-products');

    await row.getByRole('button', { name: `Edit ${product.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${product.name}` });
    await expect(edit.getByLabel('Price', { exact: true })).toHaveValue(product.price);
    await expect(edit.getByLabel('Kind')).toHaveValue('plane');
    // The form scrolls inside the dialog; its buttons stay in view at the bottom.
    await expect(edit.getByRole('button', { name: 'Save changes' })).toBeInViewport();
    await expectAccessible(page, `the edit dialog (${testInfo.project.name})`);
    // What the admin sees (a full-page picture cannot show a dialog's own scrolling).
    await page.screenshot({
      path: `.e2e-output/screens/admin-edit-product-dialog-${testInfo.project.name}.png`,
      animations: 'disabled',
      scale: 'css',
    });
    await edit.getByLabel('Price', { exact: true }).fill('19.90');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, `Saved ${product.name}`)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('$19.90');
    const saved = (await apiTools(page.request)).find((t) => t.productName === product.name);
    expect(saved?.perPrice, 'the API has the new price').toBe(19.9);
    expect(saved?.maxQuantity, 'the available quantity was left alone').toBe(Number(product.available));

    await row.getByRole('button', { name: `Delete ${product.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${product.name}?` });
    await expect(confirm.getByRole('button', { name: 'Keep product' })).toBeFocused();
    await expectAccessible(page, `the delete-product dialog (${testInfo.project.name})`);
    await confirm.getByRole('button', { name: 'Yes, delete product' }).click();
    await expect(toast(page, messages.productDeleted)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await apiTools(page.request)).map((t) => t.productName)).not.toContain(product.name);
  });

  await test.step('the overview: sales per week as a chart and a table, order counts, low stock', async () => {
    const total = await payForAnOrder(page);
    await page.goto('/dashboard/overview');
    await expect(page.getByRole('img', { name: /^Revenue per week/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Paid orders per week/ })).toBeVisible();
    const weeks = page.getByRole('table', { name: 'Week by week' });
    await expect(weeks.getByRole('row')).toHaveCount(9);
    // This week is the last row: at least the order just paid (the other project pays too).
    const thisWeek = weeks.getByRole('row').last();
    const [revenue = '', orders = ''] = await thisWeek.getByRole('cell').allTextContents();
    expect(
      Number(revenue.replace(/[$,]/g, '')),
      `revenue this week, at least ${total}`,
    ).toBeGreaterThanOrEqual(total);
    expect(Number(orders.replace(/,/g, '')), 'paid orders this week').toBeGreaterThanOrEqual(1);
    const pending = page.getByRole('listitem').filter({ hasText: 'Pending' });
    expect(Number(await pending.locator('p').nth(1).textContent()), 'pending orders').toBeGreaterThanOrEqual(
      1,
    );
    for (const state of ['Unpaid', 'Pending', 'Shipped'])
      await expect(page.getByText(state, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Running low' })).toBeVisible();
    await checkPage(page, testInfo, 'Overview', 'admin-overview');
  });
});

test('a customer posts a review and sees it on the home page with its stars', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const customer = uniquePerson(testInfo, 'Reviewer');
  const text = `Sharp from the first stroke — ${stamp()}.`;

  await page.goto('/home');
  await expect(section(page, 'CLIENT REVIEW').getByRole('article').first()).toBeVisible();
  await authPost(page, '/api/auth/sign-up/email', customer);
  // Reviews go onto the home page at once: an unconfirmed address is asked to confirm first.
  await page.goto('/dashboard/addReview');
  await expect(page.getByText(messages.verifyEmailToReview)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post review' })).toHaveCount(0);
  expect(
    (await page.request.get(await verificationLink(customer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  await page.reload();
  await expect(page.getByText(`Posting as ${customer.name}`)).toBeVisible();

  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Rating is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Review is required', { exact: true })).toBeVisible();
  const group = page.getByRole('radiogroup', { name: 'Rating' });
  await expectFocusOnFirstError(group.getByRole('radio', { name: '1 star' }));
  await checkPage(page, testInfo, 'Add Review', 'add-review-errors');

  await group.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(group.getByRole('radio', { name: '4 stars' })).toBeFocused();
  await page.getByLabel('Review', { exact: true }).fill(text);
  await expect(page.getByText(`${text.length} / 1,000 characters`)).toBeVisible();
  await checkPage(page, testInfo, 'Add Review', 'add-review');

  await page.getByRole('button', { name: 'Post review' }).click();
  await expect(page.locator('.Toastify').getByText(messages.reviewPosted, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Review', { exact: true })).toHaveValue('');

  // Home without a page load: the reviews list must not be the cached one.
  await openFromMainNavigation(page, testInfo, 'Home');
  const reviews = section(page, 'CLIENT REVIEW');
  const card = reviews.getByRole('article').filter({ hasText: text });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: customer.name })).toBeVisible();
  const stars = card.getByRole('img', { name: 'Rated 4 out of 5' });
  await expect(stars).toBeVisible();
  await expect(stars.locator('svg')).toHaveCount(4);
  await expect(card.getByRole('img', { name: `${customer.name}'s avatar` })).toHaveAttribute(
    'src',
    '/default-avatar.svg',
  );
  const newest: Review[] = await apiReviews(page.request, 20);
  await expectFirstUnlessNewer(
    reviews.getByRole('article').getByRole('heading'),
    customer.name,
    newest.map((r) => ({ name: r.name, createdAt: r.createdAt })),
  );

  await page.goto('/allReview');
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: text })).toHaveCount(1);
});

test('the catalogue keeps its search, sort and kind in the address', async ({ page, request }, testInfo) => {
  await page.goto('/allProduct');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  // Taken over by React (its Add to cart buttons wait for that): what is chosen before is kept by
  // early input, which e2e/first-paint.spec.ts walks; this journey is about the address.
  await expect(page.getByRole('button', { name: /^Add to cart/ }).first()).toBeEnabled();

  await page.getByRole('combobox', { name: 'Kind' }).selectOption('saw');
  await expect(page).toHaveURL(/\/allProduct\?kind=saw$/);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
  await expect(page).toHaveURL(/\/allProduct\?sort=price-desc&kind=saw$/);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('blade');
  await expect(page).toHaveURL(/\/allProduct\?search=blade&sort=price-desc&kind=saw$/);

  const expected = (await (
    await request.get('/api/handTools?search=blade&sort=price-desc&kind=saw')
  ).json()) as { productName: string }[];
  expect(expected.length, 'the sample data has saw blades').toBeGreaterThan(1);
  const headings = page.getByRole('main').getByRole('article').getByRole('heading');
  await expect(headings).toHaveText(expected.map((t) => t.productName));
  await expect(
    page.getByRole('status').filter({ hasText: /tools? in Saw blades matching “blade”/ }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page, 'the filtered catalogue');
  await expectAccessible(page, `the filtered catalogue (${testInfo.project.name})`);
  await saveScreen(page, 'all-products-filtered', testInfo);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('blade');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('saw');
  await expect(headings).toHaveText(expected.map((t) => t.productName));

  await page.goBack();
  await expect(page).toHaveURL(/\/allProduct\?sort=price-desc&kind=saw$/);
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/allProduct\?kind=saw$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');

  await page.getByRole('searchbox', { name: 'Search by name' }).fill('no such tool anywhere');
  await expect(page.getByText(/No tools match your search/)).toBeVisible();
  await page.getByRole('button', { name: 'Show all tools' }).click();
  await expect(page).toHaveURL(/\/allProduct$/);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
});
