import { companyWithTermsThroughApi, signUpThroughApi, uniqueUser } from './support/accounts';
import { checkScreen, expect, test } from './support/fixtures';
import { linkFromMail, verificationLink } from './support/mail';
import { adminContext, apiSampleTools } from './support/tools';

/**
 * Approvals (decision 0067; docs/rules.md, "Approvals"): a member with a spending limit orders
 * above it; their order's page says it waits for the company owner and offers Cancel, no Pay; the
 * owner's company page lists it under "Orders awaiting your approval" and approves it (the member
 * can then pay), then declines the next one with a reason. Phone and desktop each sign up their
 * own owner, company and member.
 */
test('the company owner approves one order above a member’s spending limit and declines another with a reason', async ({
  page,
  browser,
  baseURL,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(150_000);
  consoleGuard.allow(/status of 400/, 'a decline without its reason is refused with 400, shown at the field');
  const origin = baseURL ?? '';
  const headers = { Origin: origin };
  const owner = uniqueUser(testInfo, 'Approving Owner');
  const buyer = uniqueUser(testInfo, 'Limited Buyer');

  await page.goto('/');
  const admin = await adminContext(browser, origin);
  const member = await browser.newContext({ baseURL: origin, viewport: page.viewportSize() });
  try {
    const companyId = await companyWithTermsThroughApi(
      page,
      admin.request,
      origin,
      owner,
      `Approval Works ${testInfo.project.name} ${Date.now().toString(36)}`,
    );
    // A one-dollar limit: any order is above it.
    const invited = await page.request.post(`/api/companies/${companyId}/members`, {
      data: { email: buyer.email, role: 'buyer', spendingLimit: 1 },
      headers,
    });
    expect(invited.status(), await invited.text()).toBe(201);

    const memberPage = await member.newPage();
    await memberPage.goto('/');
    await signUpThroughApi(memberPage.request, origin, buyer);
    expect(
      (await memberPage.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    const link = new URL(await linkFromMail(buyer.email, /\/dashboard\/company\?invitation=/));
    const token = link.searchParams.get('invitation') ?? '';
    const joined = await memberPage.request.post(`/api/company-invitations/${token}/accept`, { headers });
    expect(joined.status(), await joined.text()).toBe(200);

    const tool = (await apiSampleTools(memberPage.request)).find((t) => t.maxQuantity >= t.minQuantity * 4);
    if (!tool) throw new Error('no sample tool with stock to spare');
    const place = async () => {
      const res = await memberPage.request.post('/api/order', {
        data: {
          phone: '0312345678',
          address: `1-2-3 Kuramae, Taito-ku, Tokyo ${buyer.email}`,
          lines: [{ toolId: tool._id, quantity: tool.minQuantity }],
        },
        headers,
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { insertedId: string }).insertedId;
    };

    const first = await place();
    await test.step('the member’s order page says it waits for the owner, with Cancel and no Pay', async () => {
      await memberPage.goto(`/dashboard/myOrders/${first}`);
      await expect(memberPage.getByText('State:').locator('..')).toContainText('Awaiting approval');
      await expect(memberPage.getByText(/waits for your company owner's approval/)).toBeVisible();
      await expect(memberPage.getByRole('button', { name: 'Cancel order' })).toBeVisible();
      await expect(memberPage.getByRole('link', { name: /^Pay / })).toHaveCount(0);
      await checkScreen(memberPage, testInfo, 'order-awaiting-approval');
    });

    await test.step('the owner approves it from the company page; the member can then pay', async () => {
      await page.goto('/dashboard/company');
      const section = page.getByRole('heading', { name: 'Orders awaiting your approval' }).locator('..');
      const approve = section.getByRole('button', { name: /^Approve K-\d+$/ });
      await expect(approve).toHaveCount(1);
      await checkScreen(page, testInfo, 'company-approvals');
      await approve.click();
      await expect(section.getByRole('status')).toContainText('is approved: its buyer is told.');
      await expect(section.getByText('No orders are waiting for your approval.')).toBeVisible();
      await memberPage.reload();
      await expect(memberPage.getByText('State:').locator('..')).toContainText('Unpaid');
      await expect(memberPage.getByRole('link', { name: /^Pay / })).toBeVisible();
    });

    await place();
    await test.step('the owner declines the next one, giving the reason at its field', async () => {
      await page.reload();
      const section = page.getByRole('heading', { name: 'Orders awaiting your approval' }).locator('..');
      await section.getByRole('button', { name: /^Decline K-\d+$/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Decline the order' }).click();
      await expect(dialog.getByText('Please give the reason for declining this order.')).toBeVisible();
      await dialog.getByLabel(/^Why K-\d+ is declined/).fill('Over this month’s budget');
      await checkScreen(page, testInfo, 'company-decline-dialog');
      await dialog.getByRole('button', { name: 'Decline the order' }).click();
      await expect(section.getByRole('status')).toContainText('is declined');
      await expect(section.getByText('No orders are waiting for your approval.')).toBeVisible();
    });
  } finally {
    await member.close();
    await admin.close();
  }
});
