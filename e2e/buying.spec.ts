import { messages } from '@kanna/shared/domain/messages';
import type { Page, TestInfo } from '@playwright/test';
import { forgetCookies } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectFocusOnFirstError,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { section } from './support/site';
import { addOwnTools } from './support/tools';

/**
 * Buying (spec §2, §4, §5, §8): a new customer opens a tool from the home page, meets both
 * quantity warnings, orders, is refused with a declined test card, pays with 4242…, sees Paid;
 * cancels a second order after the confirmation dialog; then the admin sees the paid order as
 * Pending and marks it shipped. Phone and desktop run this at the same time against one server,
 * so each run signs up its own buyer and adds its own tool, of which it orders the minimum.
 */

const demoAdmin = { email: 'admin@kanna.example', password: 'kanna-admin' };

type Buyer = { name: string; email: string; password: string };

function uniqueBuyer(testInfo: TestInfo): Buyer {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Buyer ${testInfo.project.name} ${stamp}`,
    email: `buyer-${testInfo.project.name}-${stamp}@kanna.example`,
    password: `pw-${stamp}`,
  };
}

/** Better Auth wants the shop's own Origin on every POST; page.request shares the page's cookies. */
async function authPost(page: Page, path: string, data: unknown): Promise<void> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(path, { data, headers: { Origin: origin } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
}

/** Money as the shop shows it: whole dollars bare, others with two decimals, thousands grouped. */
const money = (dollars: number): string =>
  `$${new Intl.NumberFormat('en-US', {
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(dollars)}`;

async function fillOrder(page: Page, buyer: Buyer, address: string): Promise<void> {
  await page.getByLabel('Phone').fill('0312345678');
  await page.getByLabel('Address').fill(address);
  await expect(page.getByLabel('Name')).toHaveValue(buyer.name);
  await expect(page.getByLabel('Email')).toHaveValue(buyer.email);
}

async function payWith(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('a buyer orders, pays, cancels; the admin ships the paid order', async ({
  page,
  browser,
  baseURL,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(180_000);
  consoleGuard.allow(/status of 402/, 'the declined test card answers 402, which the page shows');
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    if (/stripe/i.test(request.url())) stripeRequests.push(request.url());
  });
  const buyer = uniqueBuyer(testInfo);
  const addressOne = `1-2-3 Kanda ${buyer.email}`;

  await page.goto('/');
  await authPost(page, '/api/auth/sign-up/email', buyer);
  // Ordering needs a confirmed address: open the link from the sign-up mail (it keeps the session).
  expect(
    (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  // Its own tool, the newest (so the home page lists it), which no other journey buys or edits.
  const [tool] = await addOwnTools(browser, baseURL ?? '', testInfo, [
    { name: 'Kiridashi Knife', kind: 'chisel', minQuantity: 10, maxQuantity: 400, perPrice: 8.4 },
  ]);
  if (!tool) throw new Error('the tool was not added');
  const quantityField = page.getByRole('spinbutton', { name: 'Quantity' });
  const inMain = (text: string) => page.getByRole('main').getByText(text, { exact: true });

  await test.step('open the tool from the home page', async () => {
    await page.reload();
    await section(page, 'Wooded Working Tools')
      .getByRole('link', { name: `Purchase ${tool.productName}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/purchase/${tool._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: tool.productName })).toBeVisible();
    await expect(page.getByRole('img', { name: tool.productName })).toHaveAttribute('srcset', tool.srcset);
    await expect(page.getByRole('link', { name: 'Proceed CheckOut' })).toHaveAttribute(
      'href',
      '/dashboard/myOrders',
    );
    await expect(quantityField).toHaveValue(String(tool.minQuantity));
  });

  await test.step('both quantity warnings, from the buttons and from typing', async () => {
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(toast(page, messages.belowMinimum)).toBeVisible();
    await expect(inMain(messages.belowMinimum)).toBeVisible();
    await expect(quantityField).toHaveValue(String(tool.minQuantity));

    await quantityField.fill(String(tool.maxQuantity));
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(toast(page, messages.aboveAvailable)).toBeVisible();
    await expect(inMain(messages.aboveAvailable)).toBeVisible();
    await expect(quantityField).toHaveValue(String(tool.maxQuantity));

    await quantityField.fill(String(tool.minQuantity - 1));
    await expect(inMain(messages.belowMinimum)).toBeVisible();
    await quantityField.fill(String(tool.maxQuantity + 1));
    await expect(inMain(messages.aboveAvailable)).toBeVisible();
    await quantityField.fill(String(tool.minQuantity));
    await expect(inMain(messages.aboveAvailable)).toBeHidden();
    await expect(quantityField).not.toHaveAttribute('aria-invalid', 'true');
  });

  const total = money((Math.round(tool.perPrice * 100) * tool.minQuantity) / 100);

  await test.step('place the order', async () => {
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('phone is required')).toBeVisible();
    await expect(page.getByText('address is required')).toBeVisible();
    await expectFocusOnFirstError(page.getByLabel('Phone'));
    await fillOrder(page, buyer, addressOne);
    await expect(page.getByRole('main').getByText(total, { exact: true })).toBeVisible();
    await expectAccessible(page, 'the purchase page');
    await saveScreen(page, 'purchase', testInfo);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(toast(page, messages.orderPlaced)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  });

  const rowsOf = (state: string) =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: tool.productName }) })
      .filter({ hasText: state });

  await test.step('my orders: unpaid, reserved, with Pay and Cancel', async () => {
    const row = rowsOf('Unpaid');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Reserved until');
    await expect(row).toContainText(total);
    await expect(row.getByRole('button', { name: /^Cancel/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 'my orders');
    await expectAccessible(page, 'my orders');
    await saveScreen(page, 'my-orders', testInfo);
    await row.getByRole('link', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  });

  await test.step('a declined card is refused in red', async () => {
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText(tool.productName);
    await expect(summary).toContainText(`${tool.minQuantity} pieces`);
    await expect(summary).toContainText(total);
    await expect(page.getByRole('region', { name: 'Test mode' })).toContainText('4242 4242 4242 4242');
    await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
    await payWith(page, '4000 0000 0000 0002');
    const refusal = page.getByRole('main').getByRole('alert').filter({ hasText: messages.cardDeclined });
    await expect(refusal).toHaveText(messages.cardDeclined);
    const [red = 0, green = 0, blue = 0] = await refusal.evaluate((el) => {
      // The theme's colours are oklch(): let a canvas turn the computed colour into RGB.
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      const context = canvas.getContext('2d');
      if (!context) return [0, 0, 0];
      context.fillStyle = getComputedStyle(el).color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    });
    expect(red, `the refusal is red (rgb ${red} ${green} ${blue})`).toBeGreaterThan(
      Math.max(green, blue) * 2,
    );
    await expectAccessible(page, 'the payment page with a refusal');
    await saveScreen(page, 'payment-declined', testInfo);
  });

  let transactionId = '';
  await test.step('4242 4242 4242 4242 pays', async () => {
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByText(messages.paymentCompleted)).toBeVisible();
    transactionId = (await page.getByRole('main').locator('code').first().textContent()) ?? '';
    expect(transactionId).toMatch(/^pi_/);
    await expect(page.getByRole('link', { name: 'See my orders' })).toBeVisible();
    await expectAccessible(page, 'the payment page after paying');
    await saveScreen(page, 'payment-completed', testInfo);
    expect(stripeRequests, 'test mode loads nothing of Stripe').toEqual([]);
    await page.getByRole('link', { name: 'See my orders' }).click();
    const row = rowsOf('Paid');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(transactionId);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(rowsOf('Unpaid')).toHaveCount(0);
  });

  await test.step('an already paid order shows as paid, not as a form', async () => {
    await page.goBack();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'This order is paid' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await saveScreen(page, 'payment-paid', testInfo);
  });

  await test.step('Contact Supplier sends a message', async () => {
    await page.goto(`/purchase/${tool._id}`);
    await page.getByRole('button', { name: 'Contact Supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Supplier' });
    await dialog.getByLabel('Message').fill(`Can you ship to Osaka? (${buyer.email})`);
    await saveScreen(page, 'contact-supplier', testInfo);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, messages.enquirySent)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('a second order is cancelled after the confirmation', async () => {
    await fillOrder(page, buyer, `4-5-6 Umeda ${buyer.email}`);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    const row = rowsOf('Unpaid');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel order K-\d{6}\?$/ });
    await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
    await expectAccessible(page, 'the cancel dialog');
    await saveScreen(page, 'cancel-dialog', testInfo);
    await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(toast(page, messages.orderCancelled)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowsOf('Unpaid')).toHaveCount(0);
    await expect(rowsOf('Paid')).toHaveCount(1);
    // Still listed, marked cancelled: its mail links to it.
    await expect(rowsOf('Cancelled')).toHaveCount(1);
    await expect(rowsOf('Cancelled')).toContainText('Cancelled on');
    await saveScreen(page, 'my-orders-cancelled', testInfo);
  });

  await test.step('the admin sees the paid order as Pending and marks it shipped', async () => {
    await forgetCookies(page);
    await authPost(page, '/api/auth/sign-in/email', demoAdmin);
    await page.goto('/dashboard/allOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'All orders' })).toBeVisible();
    // Other journeys place orders in the same shop meanwhile: find this buyer's by e-mail, so
    // they never fall past the first page.
    await page.getByLabel('Search').fill(buyer.email);
    await expect(page, 'the list follows the search box').toHaveURL(/[?&]q=/);
    const mine = page.getByRole('row').filter({ hasText: buyer.email });
    await expect(mine.filter({ hasText: 'Cancelled' })).toHaveCount(1);

    await page.getByLabel('State').selectOption('paid');
    const pending = mine.filter({ hasText: 'Pending' });
    await expect(pending).toHaveCount(1);
    await expect(mine).toHaveCount(1);
    await expect(pending).toContainText(buyer.name);
    await expect(pending).toContainText(tool.productName);
    await expect(pending).toContainText(total);
    await expectNoSidewaysScroll(page, 'all orders');
    await expectAccessible(page, 'all orders');
    await saveScreen(page, 'all-orders', testInfo);

    await pending.getByRole('button', { name: /^Mark shipped/ }).click();
    const confirm = page.getByRole('dialog', { name: /^Ship order K-\d{6,}\?$/ });
    await expect(confirm).toContainText('is e-mailed that it is on its way');
    await confirm.getByRole('button', { name: 'Yes, mark shipped' }).click();
    await expect(toast(page, messages.orderShipped)).toBeVisible();
    await page.getByLabel('State').selectOption('shipped');
    await expect(mine.filter({ hasText: 'Shipped' })).toHaveCount(1);
    await expect(mine.getByRole('button')).toHaveCount(0);
  });
});

test('an unknown tool says it was not found', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/, 'the tool does not exist: the API answers 404, which the page shows');
  await page.goto('/');
  await authPost(page, '/api/auth/sign-in/email', { email: 'buyer@kanna.example', password: 'kanna-buyer' });
  await page.goto('/purchase/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'This tool was not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See all our tools' })).toHaveAttribute('href', '/allProduct');
});
