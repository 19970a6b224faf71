import { messages } from '@kanna/shared/domain/messages';
import { companyWithTermsThroughApi, uniqueUser } from './support/accounts';
import { checkScreen, expect, test, toast } from './support/fixtures';
import { adminContext, apiSampleTools } from './support/tools';

/**
 * Ordering on account (decision 0067; docs/rules.md, "Orders on account"): a buyer whose company
 * the shop approved with terms chooses "On account" at checkout, lands on the order's page (no
 * payment asked), which says On account and offers Cancel but no Pay; the admin ships it from the
 * order desk before any payment, and the buyer's page then says Shipped — on account. Phone and
 * desktop each sign up their own buyer and company.
 */
test('a member of a company with terms orders on account at checkout, and the shop ships it before payment', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const buyer = uniqueUser(testInfo, 'Account Buyer');

  await page.goto('/');
  const admin = await adminContext(browser, origin);
  try {
    await companyWithTermsThroughApi(
      page,
      admin.request,
      origin,
      buyer,
      `Account Works ${testInfo.project.name} ${Date.now().toString(36)}`,
    );

    const tool = (await apiSampleTools(page.request)).find((t) => t.maxQuantity >= t.minQuantity * 4);
    if (!tool) throw new Error('no sample tool with stock to spare');
    const cart = await page.request.put('/api/cart', {
      data: { lines: [{ toolId: tool._id, quantity: tool.minQuantity }] },
      headers: { Origin: origin },
    });
    expect(cart.status(), await cart.text()).toBe(200);

    const id =
      await test.step('the checkout offers On account, and the order is accepted at once', async () => {
        await page.goto('/cart');
        const checkout = page.getByRole('form', { name: 'Checkout' });
        await checkout.getByLabel('Phone').fill('0312345678');
        await checkout.getByLabel('Address').fill(`1-2-3 Kuramae, Taito-ku, Tokyo ${buyer.email}`);
        await checkout.getByRole('radio', { name: /^On account \(invoice at month's end\)/ }).check();
        await checkScreen(page, testInfo, 'checkout-on-account');
        await checkout.getByRole('button', { name: /^Place order/ }).click();
        await expect(toast(page, messages.orderPlaced)).toBeVisible();
        await expect(page).toHaveURL(/\/dashboard\/myOrders\/[0-9a-f-]{36}$/);
        await expect(page.getByText('State:').locator('..')).toContainText('On account');
        await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
        await expect(page.getByRole('link', { name: /^Pay / })).toHaveCount(0);
        await checkScreen(page, testInfo, 'order-on-account');
        return new URL(page.url()).pathname.split('/').pop() ?? '';
      });

    await test.step('the admin ships it from the order desk before any payment', async () => {
      const desk = await admin.newPage();
      await desk.goto(`/dashboard/orders/${id}`);
      await expect(desk.getByText('State:').locator('..')).toContainText('On account');
      await desk.getByRole('button', { name: 'Ship', exact: true }).click();
      const dialog = desk.getByRole('dialog', { name: /^Ship order K-\d+\?$/ });
      await dialog.getByRole('button', { name: 'Yes, mark shipped' }).click();
      await expect(toast(desk, messages.orderShipped)).toBeVisible();
      await expect(desk.getByText('State:').locator('..')).toContainText('Shipped — on account');
      await expect(desk.getByRole('button', { name: 'Ship', exact: true })).toHaveCount(0);
      await checkScreen(desk, testInfo, 'order-desk-account-shipped');
    });

    await test.step('the buyer’s page says it shipped on account, with nothing to cancel', async () => {
      await page.reload();
      await expect(page.getByText('State:').locator('..')).toContainText('Shipped — on account');
      await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    });
  } finally {
    await admin.close();
  }
});
