import { readFileSync } from 'node:fs';
import { messages } from '@kanna/shared/domain/messages';
import type { Locator, Page } from '@playwright/test';
import {
  demoAdmin,
  forgetCookies,
  openShopSettings,
  signInThroughApi,
  signUpThroughApi,
  uniqueUser,
} from './support/accounts';
import { businessBank, businessShop, saveBusinessSettings } from './support/business';
import { checkScreen, expect, expectAccessible, isPhone, saveScreen, test, toast } from './support/fixtures';
import { mailMatching, verificationLink } from './support/mail';
import { addToCartFromCatalogue } from './support/site';
import { addOwnTools } from './support/tools';

/**
 * Paying by bank transfer (docs/orders.md, "Bank transfers"): the owner gives the shop's bank
 * details on the settings screen; a buyer orders with bank transfer at checkout, sees the account
 * and the reference on the payment page and downloads the pro-forma invoice; the admin records two
 * partial payments on the order's page (partly paid after the first), the order becomes paid and
 * the buyer is mailed; the buyer downloads the receipt and the invoice.
 *
 * On the second shop (e2e/support/business.ts), whose settings other journeys change too: the
 * settings saved here are the charges journey's (tax, the Japan and Asia zones, the $50 minimum)
 * with the bank details added, so whichever saves last leaves the shop as both expect.
 */
test.use({ baseURL: businessShop });

const bank = businessBank;

/** Clicks `link` and checks that what it downloads is a PDF; returns the file's name. */
async function downloadPdf(page: Page, link: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1'), download.suggestedFilename()).toBe('%PDF-');
  return download.suggestedFilename();
}

const stateOf = (page: Page) => page.getByText('State:').locator('..');

test('the owner gives bank details; a buyer orders by transfer; the admin records two payments; the order is paid', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  // $60 × 10 = $600 of goods to Japan: free shipping from $500, 10 % tax: $660 due.
  const [tool] = await addOwnTools(browser, businessShop, testInfo, [
    { name: 'Transfer Kanna', kind: 'plane', minQuantity: 1, maxQuantity: 500, perPrice: 60 },
  ]);
  if (!tool) throw new Error('the tool was not added');
  const buyer = uniqueUser(testInfo, 'Transfer Buyer');
  const second = `BANK-${isPhone(testInfo) ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;

  await test.step('the owner gives the shop’s bank details on the settings screen', async () => {
    await openShopSettings(page, testInfo);
    await saveBusinessSettings(page);
  });

  await test.step('a buyer orders with bank transfer at checkout', async () => {
    await forgetCookies(page);
    await signUpThroughApi(page.request, businessShop, buyer);
    expect(
      (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    await addToCartFromCatalogue(page, tool.productName);
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${tool.productName}` });
    await quantity.fill('10');
    await quantity.press('Enter');
    await page.getByLabel('Phone').fill('0312345678');
    await page.getByLabel('Address').fill(`1-2-3 Kuramae, Taito-ku, Tokyo ${buyer.email}`);
    await page.getByRole('radio', { name: /^Bank transfer/ }).check();
    await page.getByRole('button', { name: 'Place order · $660' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
  });

  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const number =
    await test.step('the payment page shows the bank details and the pro-forma invoice', async () => {
      const choice = page.getByRole('group', { name: 'How would you like to pay?' });
      await expect(choice.getByRole('radio', { name: /^Bank transfer/ })).toBeChecked();
      const details = page.getByRole('region', { name: 'Pay by bank transfer' });
      await expect(details).toContainText(bank.name);
      await expect(details).toContainText(bank.account);
      await expect(details).toContainText(bank.holder);
      await expect(details).toContainText('$660.00');
      await expect(page.getByLabel('Card number')).toHaveCount(0);
      const reference = (await details.locator('dd.font-mono').textContent())?.trim() ?? '';
      expect(reference).toMatch(/^K-\d{6,}$/);
      await checkScreen(page, testInfo, 'transfer-payment-page');
      const proforma = await downloadPdf(
        page,
        details.getByRole('link', { name: 'Pro-forma invoice (PDF)' }),
      );
      expect(proforma).toBe(`${reference}-proforma.pdf`);
      const placed = await mailMatching(buyer.email, new RegExp(`Subject: Order ${reference} placed`));
      expect(placed).toContain(`Reference: ${reference}`);
      expect(placed).toContain(`Account number: ${bank.account}`);
      return reference;
    });

  await test.step('the buyer’s order page says how to pay while it is unpaid', async () => {
    await page.goto(`/dashboard/myOrders/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pay by bank transfer' })).toContainText(bank.account);
    await saveScreen(page, 'transfer-buyer-order-unpaid', testInfo);
  });

  await forgetCookies(page);
  await signInThroughApi(page, demoAdmin.email, demoAdmin.password);

  /** Records a payment through the order page's dialog. */
  const record = async (amount: string, reference?: string) => {
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Record a payment on order ${number}` });
    await expect(dialog.getByLabel(/^Reference/)).toHaveValue(number);
    await dialog.getByLabel(/^Amount received/).fill(amount);
    if (reference) await dialog.getByLabel(/^Reference/).fill(reference);
    return dialog;
  };

  await test.step('the admin records a first part: the order is partly paid', async () => {
    await page.goto(`/dashboard/orders/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    const dialog = await record('300');
    await expect(dialog).toContainText('Nothing received yet: $660.00 is due.');
    await expectAccessible(page, `the record payment dialog (${testInfo.project.name})`);
    await saveScreen(page, 'transfer-record-dialog', testInfo);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(page, messages.paymentRecorded('$300.00', number))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(stateOf(page)).toContainText('Partly paid $300.00 of $660.00');
    await expect(page.getByRole('region', { name: 'Payments' })).toContainText(`reference ${number}`);
    await checkScreen(page, testInfo, 'transfer-admin-partly-paid');
  });

  await test.step('the admin records the rest: the order is paid and the buyer is mailed', async () => {
    const dialog = await record('360', second);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
    await expect(stateOf(page)).toContainText('Pending');
    await expect(stateOf(page)).not.toContainText('Partly paid');
    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments.getByText('Bank transfer')).toHaveCount(2);
    await expect(payments).toContainText(second);
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Payment recorded');
    await checkScreen(page, testInfo, 'transfer-admin-paid');
    const paid = await mailMatching(buyer.email, new RegExp(`Subject: Order ${number}: payment received`));
    expect(paid).toContain('We received $660.00 for your order.');
    expect(paid).toContain('Paid by: Bank transfer');
  });

  await forgetCookies(page);
  await signInThroughApi(page, buyer.email, buyer.password);

  await test.step('the buyer sees the order paid and downloads the receipt and the invoice', async () => {
    await page.goto(`/dashboard/myOrders/${id}`);
    await expect(stateOf(page)).toContainText('Paid');
    await expect(page.getByRole('region', { name: 'Pay by bank transfer' })).toHaveCount(0);
    const documents = page.getByRole('region', { name: 'Documents' });
    expect(await downloadPdf(page, documents.getByRole('link', { name: /^Receipt/ }))).toBe(
      `${number}-receipt.pdf`,
    );
    expect(await downloadPdf(page, documents.getByRole('link', { name: /^Invoice/ }))).toBe(
      `${number}-invoice.pdf`,
    );
    await checkScreen(page, testInfo, 'transfer-buyer-order-paid');
  });
});
