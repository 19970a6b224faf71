import { readFileSync } from 'node:fs';
import type { Tool } from '@kanna/shared/catalog';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { demoAdmin, forgetCookies, uniqueUser } from './support/accounts';
import { expect, expectAccessible, expectNoSidewaysScroll, saveScreen, test } from './support/fixtures';
import { verificationLink } from './support/mail';
import { addOwnTools } from './support/tools';

/**
 * The archive of issued documents (docs/orders.md, "The document archive"; decision 0052): a
 * buyer's paid order has its invoice issued; the owner opens /dashboard/documents, finds that
 * invoice by an amount range (in English, then in Japanese) and downloads it; the buyer downloads
 * the invoice from their order's page and gets the very same bytes. Phone and desktop each buy
 * their own tool at a price of their own, so each finds its own invoice.
 */

/** Better Auth and the shop want the shop's own Origin on every POST; page.request shares the page's cookies. */
async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { Origin: new URL(page.url()).origin } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** One of `tool` ordered and paid with the test card through the API, as the signed-in buyer: its id and number. */
async function placeAndPay(page: Page, tool: Tool): Promise<{ id: string; number: string }> {
  const { insertedId } = await post(page, '/api/order', {
    lines: [{ toolId: tool._id, quantity: 1 }],
    phone: '0794820471',
    address: '2-14-3 Kanamono-cho, Miki, Hyogo',
  });
  const { clientSecret } = await post(page, '/api/create-payment-intent', { orderId: insertedId });
  const { transactionId } = await post(page, '/api/test-payments/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  const paid = await page.request.patch(`/api/order/${insertedId}`, {
    data: { transactionId },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { id: insertedId, number: (await paid.json()).number };
}

/** Clicks `link`; the bytes it downloads, which must be a PDF, and the file's name. */
async function download(page: Page, link: Locator): Promise<{ bytes: Buffer; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { bytes, name: file.suggestedFilename() };
}

async function checkScreen(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  await expectNoSidewaysScroll(page, screen);
  await expectAccessible(page, `${screen} (${testInfo.project.name})`);
  await saveScreen(page, screen, testInfo);
}

test('the owner finds a buyer’s invoice by its amount in the archive; the buyer’s own download is the same bytes', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const buyer = uniqueUser(testInfo, 'Archive');
  // A price of this run's own (cents from the clock; odd on the phone, even on the desktop), so the amount finds this invoice alone.
  const perPrice = (30_000 + 2 * (Date.now() % 4_500) + (testInfo.project.name === 'phone' ? 1 : 0)) / 100;
  const [tool] = await test.step('set-up: a tool of its own, added by the administrator', () =>
    addOwnTools(browser, baseURL ?? '', testInfo, [
      { name: 'Archive Kanna', kind: 'plane', minQuantity: 1, maxQuantity: 50, perPrice },
    ]));
  if (!tool) throw new Error('the tool was not added');

  await page.goto('/');
  await post(page, '/api/auth/sign-up/email', buyer);
  expect(
    (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  const order =
    await test.step('set-up: the buyer pays an order; its invoice is issued on its first download', async () => {
      const placed = await placeAndPay(page, tool);
      const first = await page.request.get(`/api/orders/${placed.id}/documents/invoice.pdf`);
      expect(first.status()).toBe(200);
      return placed;
    });
  const amount = (await (await page.request.get(`/api/orders/${order.id}`)).json()).amountDue as number;

  await forgetCookies(page);
  await post(page, '/api/auth/sign-in/email', demoAdmin);

  const fromArchive =
    await test.step('the owner finds the invoice by an amount range and downloads it', async () => {
      await page.goto('/dashboard/documents');
      await expect(page.getByRole('heading', { level: 1, name: 'Document archive' })).toBeVisible();
      await page.getByLabel('Amount from ($)').fill((amount - 0.005).toFixed(2));
      await page.getByLabel('Amount to ($)').fill((amount + 0.005).toFixed(2));
      await expect(page, 'the list follows the amounts').toHaveURL(/[?&]max=/);
      const list = page.getByRole('list', { name: 'Issued documents, newest first' });
      const card = list.getByRole('article').filter({ hasText: buyer.name });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Invoice');
      await expect(card).toContainText(`Order ${order.number}`);
      await expect(list.getByRole('article')).toHaveCount(1);
      await checkScreen(page, testInfo, 'documents-archive');
      const number = ((await card.getByRole('heading').textContent()) ?? '').split(' · ')[0] ?? '';
      expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
      const file = await download(page, card.getByRole('link', { name: `Download ${number}` }));
      expect(file.name).toBe(`${number}.pdf`);
      return { number, bytes: file.bytes };
    });

  await test.step('the same search in Japanese', async () => {
    await page.context().addCookies([{ name: 'lang', value: 'ja', url: new URL(page.url()).origin }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '書類アーカイブ' })).toBeVisible();
    await expect(page.getByLabel('金額（下限、ドル）')).toHaveValue((amount - 0.005).toFixed(2));
    const card = page.getByRole('list', { name: '発行済みの書類（新しい順）' }).getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('請求書');
    await expect(card).toContainText(fromArchive.number);
    await checkScreen(page, testInfo, 'documents-archive-ja');
    await page.context().addCookies([{ name: 'lang', value: 'en', url: new URL(page.url()).origin }]);
  });

  await forgetCookies(page);
  await post(page, '/api/auth/sign-in/email', { email: buyer.email, password: buyer.password });

  await test.step('the buyer downloads the invoice from their order page: the same bytes', async () => {
    await page.goto(`/dashboard/myOrders/${order.id}`);
    const documents = page.getByRole('region', { name: 'Documents' });
    const file = await download(page, documents.getByRole('link', { name: /^Invoice/ }));
    expect(file.name).toBe(`${order.number}-invoice.pdf`);
    expect(Buffer.compare(file.bytes, fromArchive.bytes)).toBe(0);
  });
});
