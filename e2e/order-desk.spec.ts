import type { Tool } from '@kanna/shared/catalog';
import { messages } from '@kanna/shared/domain/messages';
import { formatAmount } from '@kanna/shared/domain/money';
import type { Page, TestInfo } from '@playwright/test';
import { demoAdmin, forgetCookies, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  isPhone,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { mailMatching, verificationLink } from './support/mail';
import { placeAndPay } from './support/orders';
import { addOwnTools } from './support/tools';

/**
 * The order desk (docs/rules.md, "The order desk"): the admin finds a paid order by its number in All orders, opens
 * its page, copies the delivery address, notes something and ships it with a carrier and a
 * tracking number; cancels another paid order, which refunds it and returns its stock. The
 * buyer then sees the tracking on their order's page (and not the admin's note) and in the
 * shipped mail, and the other order as "Cancelled — refunded". Phone and desktop run at the
 * same time against one server: each signs up its own buyer and buys its own tool.
 */

/** Better Auth wants the shop's own Origin on every POST; page.request shares the page's cookies. */
async function authPost(page: Page, path: string, data: unknown): Promise<void> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(path, { data, headers: { Origin: origin } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
}

/** The tool's stock as the catalogue says it. */
async function stockOf(page: Page, tool: Tool): Promise<number> {
  const response = await page.request.get(`/api/handTools/${tool._id}`);
  expect(response.status(), 'GET /api/handTools/{id}').toBe(200);
  return ((await response.json()) as Tool).maxQuantity;
}

/** Heading, no sideways scroll, axe and a screenshot: what every order page is checked for. */
async function checkOrderPage(page: Page, testInfo: TestInfo, number: string, screen: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expectNoSidewaysScroll(page, screen);
  await expectAccessible(page, screen);
  await saveScreen(page, screen, testInfo);
}

test('the admin finds an order by its number, copies the address, ships it with tracking and refunds another; the buyer sees both', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const buyer = uniqueUser(testInfo, 'Desk');
  const address = `2-14-3 Kanamono-cho, Miki, Hyogo (${buyer.email})`;
  const carrier = 'Yamato Transport';
  const tracking = `YT-${isPhone(testInfo) ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;
  // Yamato's page for the parcel, the number without its dash (shared/domain/carriers.ts).
  const trackingPage = `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${tracking.replace('-', '')}`;
  const note = 'The buyer asked for a morning delivery.';
  const reason = 'The buyer ordered this twice by mistake.';

  await page.goto('/');
  await authPost(page, '/api/auth/sign-up/email', buyer);
  expect(
    (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  const [tool] = await test.step('set-up: a tool of its own, added by the administrator', () =>
    addOwnTools(browser, baseURL ?? '', testInfo, [
      { name: 'Desk Kanna', kind: 'plane', minQuantity: 10, maxQuantity: 400, perPrice: 8.4 },
    ]));
  if (!tool) throw new Error('the tool was not added');
  const shipped = await test.step('set-up: the buyer places and pays two orders', () =>
    placeAndPay(page, tool, address));
  const refunded = await placeAndPay(page, tool, address);
  const total = formatAmount(tool.minQuantity * tool.perPrice);

  await forgetCookies(page);
  await authPost(page, '/api/auth/sign-in/email', demoAdmin);

  await test.step('the admin finds the order by its number in All orders and opens it', async () => {
    await page.goto('/dashboard/allOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'All orders' })).toBeVisible();
    await page.getByLabel('Search').fill(shipped.number);
    await expect(page, 'the list follows the search box').toHaveURL(/[?&]q=/);
    const row = page.getByRole('row').filter({ hasText: buyer.email });
    await expect(row).toHaveCount(1);
    // The list says how many orders match the search.
    await expect(page.getByText('1 order matches the filters.')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Mark shipped/ })).toBeVisible();
    await row.getByRole('link', { name: `Order ${shipped.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${shipped.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${shipped.number}` })).toBeVisible();
    await expect(
      // Folded away on phones, but marked all the same.
      page
        .getByRole('navigation', { name: 'Dashboard menu', includeHidden: true })
        .getByRole('link', { name: 'All Orders', includeHidden: true }),
      "an order's page belongs to All Orders in the menu",
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('State:').locator('..')).toContainText('Pending');
    await expect(page.getByRole('region', { name: 'Buyer' })).toContainText(buyer.name);
    await expect(page.getByRole('region', { name: 'Lines' })).toContainText(tool.productName);
    await expect(page.getByRole('region', { name: 'Payments' })).toContainText(total);
  });

  await test.step('copies the delivery address', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const where = page.getByRole('region', { name: 'Delivery address' });
    await where.getByRole('button', { name: 'Copy address' }).click();
    await expect(where.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  });

  await test.step('adds an internal note', async () => {
    const notes = page.getByRole('region', { name: 'Internal notes' });
    await notes.getByLabel('Note', { exact: true }).fill(note);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('status')).toHaveText('Note added.');
    await expect(notes.getByText(note)).toBeVisible();
    await checkOrderPage(page, testInfo, shipped.number, 'order-desk-admin');
  });

  await test.step('ships it with a carrier and a tracking number', async () => {
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${shipped.number}?` });
    await expect(dialog).toContainText(`${buyer.name} is e-mailed`);
    // A common carrier is picked from the list, which fills the field.
    await dialog.getByRole('group', { name: 'Often used' }).getByRole('button', { name: carrier }).click();
    await expect(dialog.getByLabel('Carrier')).toHaveValue(carrier);
    await dialog.getByLabel('Tracking number').fill(tracking);
    await expectAccessible(page, 'the ship dialog');
    await saveScreen(page, 'order-desk-ship-dialog', testInfo);
    await dialog.getByRole('button', { name: 'Yes, mark shipped' }).click();
    await expect(toast(page, messages.orderShipped)).toBeVisible();
    await expect(dialog).toBeHidden();
    const trackingBox = page.getByRole('region', { name: 'Tracking' });
    await expect(trackingBox).toContainText(carrier);
    await expect(trackingBox).toContainText(tracking);
    await expect(
      trackingBox.getByRole('link', { name: 'Track the parcel on the carrier’s site' }),
    ).toHaveAttribute('href', trackingPage);
    await expect(page.getByText('State:').locator('..')).toContainText('Shipped');
    await expect(page.getByRole('button', { name: 'Ship', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });

  await test.step('cancels the other paid order: refunded in full, the stock back', async () => {
    const before = await stockOf(page, tool);
    await page.goto(`/dashboard/orders/${refunded.id}`);
    const cancel = page.getByRole('button', { name: 'Cancel order' });
    const dialog = page.getByRole('dialog', { name: `Cancel order ${refunded.number}?` });
    // By keyboard: the safe answer has the focus, Escape backs out, focus returns to the button.
    await cancel.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await cancel.click();
    await expect(dialog).toContainText(`${total} will be refunded to the buyer's card`);
    await expect(dialog).toContainText('and the stock returned');
    await dialog.getByRole('button', { name: 'Yes, cancel and refund' }).click();
    await expect(dialog.getByText(messages.cancelReasonRequired)).toBeVisible();
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Yes, cancel and refund' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('State:').locator('..')).toContainText(`Cancelled — refunded ${total}`);
    await expect(page.getByRole('region', { name: 'History' })).toContainText(reason);
    // A card order cancelled and refunded takes no bank transfer: none is offered.
    await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    expect(await stockOf(page, tool)).toBe(before + tool.minQuantity);
    await checkOrderPage(page, testInfo, refunded.number, 'order-desk-refunded');
  });

  await forgetCookies(page);
  await authPost(page, '/api/auth/sign-in/email', { email: buyer.email, password: buyer.password });

  await test.step('the buyer opens the shipped order from My orders and sees its tracking, not the note', async () => {
    await page.goto('/dashboard/myOrders');
    await page.getByRole('link', { name: `Order ${shipped.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/myOrders/${shipped.id}$`));
    const trackingBox = page.getByRole('region', { name: 'Tracking' });
    await expect(trackingBox).toContainText(carrier);
    await expect(trackingBox).toContainText(tracking);
    await expect(page.getByRole('region', { name: 'Internal notes' })).toHaveCount(0);
    await expect(page.getByText(note)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
    await checkOrderPage(page, testInfo, shipped.number, 'order-desk-buyer');
  });

  await test.step('the shipped mail carries the carrier and the tracking number', async () => {
    const mail = await mailMatching(buyer.email, new RegExp(tracking));
    expect(mail).toContain(carrier);
    expect(mail).toContain(shipped.number);
    // With a link to the carrier's own tracking page.
    expect(mail).toContain(trackingPage);
  });

  await test.step('the buyer sees the other order cancelled and refunded', async () => {
    await page.goto(`/dashboard/myOrders/${refunded.id}`);
    await expect(page.getByText('State:').locator('..')).toContainText(`Cancelled — refunded ${total}`);
    await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Refunded');
  });
});
