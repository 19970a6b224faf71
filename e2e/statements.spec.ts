import { companyWithTermsThroughApi, uniqueUser } from './support/accounts';
import { checkScreen, expect, test } from './support/fixtures';
import { placeOnAccount } from './support/orders';
import { adminContext } from './support/tools';

/**
 * Monthly statements and money received (decision 0069; docs/rules.md, "Statements and money
 * received"): the shop ships a company's order on account, the admin issues its statement now on
 * the company's page and records the transfer; the company's open balance is right at each step,
 * and the owner reads the statement, paid, with its PDF, on their company page (in Japanese too).
 */
test('the admin issues a company’s statement and records its transfer; the owner sees it paid', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const headers = { Origin: origin };
  const owner = uniqueUser(testInfo, 'Statement Owner');
  const admin = await adminContext(browser, origin);
  try {
    await page.goto('/');
    const companyId = await companyWithTermsThroughApi(
      page,
      admin.request,
      origin,
      owner,
      `Statement Works ${testInfo.project.name} ${Date.now().toString(36)}`,
    );
    const orderId = await placeOnAccount(page.request, origin, owner.email);
    const shipped = await admin.request.patch(`/api/order/${orderId}/ship`, { headers });
    expect(shipped.status(), await shipped.text()).toBe(200);
    const owed = (
      (await (await admin.request.get(`/api/companies/${companyId}`)).json()) as { openBalance: number }
    ).openBalance;
    expect(owed).toBeGreaterThan(0);
    const money = (amount: number) => `$${amount.toFixed(2)}`;

    const desk = await admin.newPage();
    const size = page.viewportSize();
    if (size) await desk.setViewportSize(size);
    const balance = desk
      .getByRole('region', { name: /^Statement Works/ })
      .getByText('Open balance', { exact: true })
      .locator('xpath=following-sibling::dd[1]');

    const amountDue = await test.step('the admin issues the statement now', async () => {
      await desk.goto(`/dashboard/companies/${companyId}`);
      await expect(balance).toHaveText(money(owed));
      await desk.getByRole('button', { name: 'Issue statement now' }).click();
      await expect(
        desk.getByRole('status').filter({ hasText: /^Statement ST-\d{4}-\d{6} issued/ }),
      ).toBeVisible();
      const row = desk.getByRole('row', { name: /ST-\d{4}-\d{6}/ });
      await expect(row.getByText('Open', { exact: true })).toBeVisible();
      await checkScreen(desk, testInfo, 'company-statement-issued');
      const [statement] = (await (
        await admin.request.get(`/api/companies/${companyId}/statements`)
      ).json()) as { amountDue: number }[];
      return statement?.amountDue ?? 0;
    });

    await test.step('the admin records the transfer: the statement is paid, nothing owed', async () => {
      const form = desk.getByRole('form', { name: 'Record a payment' });
      await form.getByLabel(/^Amount received \(USD\)/).fill(String(amountDue));
      await form.getByLabel(/^Reference/).fill('STATEMENT WORKS');
      await form.getByRole('button', { name: 'Record payment' }).click();
      await expect(desk.getByRole('status').filter({ hasText: /^Payment of .* recorded/ })).toBeVisible();
      await expect(
        desk.getByRole('row', { name: /ST-\d{4}-\d{6}/ }).getByText('Paid', { exact: true }),
      ).toBeVisible();
      await expect(balance).toHaveText(money(0));
      await checkScreen(desk, testInfo, 'company-statement-paid');
    });

    await test.step('the owner sees the statement paid and downloads its PDF', async () => {
      await page.goto('/dashboard/company');
      const account = page.getByRole('region', { name: 'Your account with the shop' });
      await expect(
        account.getByText('Open balance', { exact: true }).locator('xpath=following-sibling::dd[1]'),
      ).toHaveText(money(0));
      const row = page.getByRole('row', { name: /ST-\d{4}-\d{6}/ });
      await expect(row.getByText('Paid', { exact: true })).toBeVisible();
      const href = await row.getByRole('link', { name: /^Download statement ST-/ }).getAttribute('href');
      const pdf = await page.request.get(href ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      await checkScreen(page, testInfo, 'owner-statements');
      await page.goto('/ja/dashboard/company');
      await expect(page.getByRole('row', { name: /ST-\d{4}-\d{6}/ }).getByText('入金済み')).toBeVisible();
      await checkScreen(page, testInfo, 'owner-statements-ja');
    });
  } finally {
    await admin.close();
  }
});
