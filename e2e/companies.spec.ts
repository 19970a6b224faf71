import type { TestInfo } from '@playwright/test';
import { logIn, signUpThroughApi, uniqueUser } from './support/accounts';
import { expect, expectAccessible, expectNoSidewaysScroll, saveScreen, test } from './support/fixtures';
import { linkFromMail } from './support/mail';

/**
 * Trade accounts (decision 0063): a buyer applies for their company, the admin approves it with
 * terms, and the owner invites a colleague, who accepts from the link in the mail. Phone and
 * desktop run at the same time: each has its own company and people.
 */
test('a buyer applies for a company, the admin approves it with terms, and an invited buyer joins from the mail', async ({
  page,
  browser,
  baseURL,
}, testInfo: TestInfo) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? '';
  const owner = uniqueUser(testInfo, 'Company Owner');
  const invitee = uniqueUser(testInfo, 'Company Buyer');
  const company = `Yamada Woodworks ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto('/');
  await signUpThroughApi(page.request, origin, owner);

  await test.step('the buyer applies from the dashboard', async () => {
    await page.goto('/dashboard/company');
    await expect(page.getByRole('heading', { level: 1, name: 'Company account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Apply for a trade account' });
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(form.getByText("Enter your company's name.")).toBeVisible();
    await form.getByLabel(/^Company name(?! in)/).fill(company);
    await form.getByLabel(/^Company name in katakana/).fill('ヤマダ ウッドワークス');
    // The statement goes to the applicant's own address unless they name another.
    await expect(form.getByLabel(/^Billing e-mail/)).toHaveValue(owner.email);
    await form.getByLabel(/^Department/).fill('Purchasing');
    await form.getByLabel(/^Registration number/).fill('T1234567890123');
    await form
      .getByLabel(/^Billing address/)
      .fill('Yamada Woodworks\n1-2-3 Kuramae, Taito-ku, Tokyo 111-0051');
    await form.getByLabel(/^Note for the shop/).fill('We buy planes and chisels every month.');
    await expectNoSidewaysScroll(page, 'the application form');
    await expectAccessible(page, 'the application form');
    await saveScreen(page, 'company-apply', testInfo);
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Application received' })).toBeVisible();
    await saveScreen(page, 'company-pending', testInfo);
  });

  const admin = await browser.newContext({ baseURL: origin, viewport: page.viewportSize() });
  const adminPage = await admin.newPage();
  const joiner = await browser.newContext({ baseURL: origin, viewport: page.viewportSize() });
  const joinerPage = await joiner.newPage();
  try {
    await test.step('the admin approves it with terms', async () => {
      await adminPage.goto('/login');
      await logIn(adminPage, 'admin@kanna.example', 'kanna-admin');
      await expect(adminPage).not.toHaveURL(/\/login/);
      await adminPage.goto('/dashboard/companies');
      await expect(adminPage.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
      await adminPage.getByLabel(/^Search companies/).fill(company);
      const row = adminPage.getByRole('row', { name: new RegExp(company) });
      await expect(row).toContainText('Pending');
      await expect(adminPage.getByRole('button', { name: 'New company' })).toBeVisible();
      await expectNoSidewaysScroll(adminPage, 'the companies');
      await expectAccessible(adminPage, 'the companies');
      await saveScreen(adminPage, 'companies', testInfo);
      await row.getByRole('link', { name: `Open ${company}` }).click();
      await expect(adminPage.getByRole('heading', { level: 1, name: company })).toBeVisible();
      const terms = adminPage.getByRole('form', { name: 'Terms' });
      await expect(terms.getByLabel(/^Closing day/)).toHaveValue('end');
      await expect(terms.getByLabel(/^Payment month/)).toHaveValue('1');
      await expect(terms.getByLabel(/^Payment day/)).toHaveValue('end');
      await terms.getByLabel(/^Closing day/).selectOption('20');
      await terms.getByLabel(/^Payment day/).selectOption('10');
      await terms.getByLabel(/^Currency/).selectOption('USD');
      await terms.getByLabel(/^Credit limit \(USD\)/).fill('5000.505');
      await terms.getByRole('button', { name: 'Approve' }).click();
      await expect(terms.getByText('Dollar amounts have at most two decimals.')).toBeVisible();
      await terms.getByLabel(/^Credit limit \(USD\)/).fill('5000');
      await terms.getByLabel(/^Language/).selectOption('en');
      await expectNoSidewaysScroll(adminPage, 'a company waiting');
      await expectAccessible(adminPage, 'a company waiting');
      await saveScreen(adminPage, 'company-approve', testInfo);
      await terms.getByRole('button', { name: 'Approve' }).click();
      await expect(
        adminPage.getByRole('status').filter({ hasText: `${company} is approved.` }),
      ).toBeVisible();
      await expect(adminPage.getByRole('heading', { level: 2, name: 'Price list' })).toBeVisible();
      await expect(adminPage.getByText('Day 10 of the next month')).toBeVisible();
      await saveScreen(adminPage, 'company-approved', testInfo);
      await adminPage.goto('/dashboard/companies');
      const approved = adminPage.getByRole('row', { name: new RegExp(company) });
      await expect(approved).toContainText('Approved');
      await expect(approved).toContainText('$5,000.00');
      await expect(approved).toContainText('$0.00');
    });

    await test.step('the owner invites a colleague by e-mail', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(company) })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(owner.name) })).toContainText('Owner');
      const invite = page.getByRole('form', { name: 'Invite a buyer' });
      await invite.getByLabel(/^E-mail address/).fill(invitee.email);
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: `An invitation is on its way to ${invitee.email}.` }),
      ).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: invitee.email })).toBeVisible();
      // A mistyped address is withdrawn before anyone uses its link.
      const mistyped = invitee.email.replace('@', '@typo-');
      await invite.getByLabel(/^E-mail address/).fill(mistyped);
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: mistyped })).toBeVisible();
      await page.getByRole('button', { name: `Withdraw the invitation to ${mistyped}` }).click();
      await expect(
        page.getByRole('status').filter({ hasText: `The invitation to ${mistyped} is withdrawn` }),
      ).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: mistyped })).toHaveCount(0);
      await expectNoSidewaysScroll(page, 'the company page');
      await expectAccessible(page, 'the company page');
      await saveScreen(page, 'company-owner', testInfo);
    });

    await test.step('the colleague accepts from the mail link, signed in with that address', async () => {
      await joinerPage.goto('/');
      await signUpThroughApi(joinerPage.request, origin, invitee);
      const link = new URL(await linkFromMail(invitee.email, /\/dashboard\/company\?invitation=/));
      await joinerPage.goto(`${link.pathname}${link.search}`);
      await expect(joinerPage.getByRole('heading', { level: 2, name: 'Join a company' })).toBeVisible();
      await saveScreen(joinerPage, 'company-invitation', testInfo);
      await joinerPage.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(
        joinerPage.getByRole('status').filter({ hasText: `You now buy for ${company}.` }),
      ).toBeVisible();
      await expect(joinerPage).not.toHaveURL(/invitation=/);
      await expect(joinerPage.getByText('Buyer', { exact: true })).toBeVisible();
      await expectNoSidewaysScroll(joinerPage, 'the joined company');
      await expectAccessible(joinerPage, 'the joined company');
      await saveScreen(joinerPage, 'company-joined', testInfo);
    });

    await test.step('the owner sees the new member', async () => {
      await page.reload();
      await expect(page.getByRole('row', { name: new RegExp(invitee.name) })).toContainText('Buyer');
      await expect(page.getByText('No invitations waiting.')).toBeVisible();
    });
  } finally {
    await admin.close();
    await joiner.close();
  }
});
