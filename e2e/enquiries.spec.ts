import { messages } from '@kanna/shared/domain/messages';
import type { Page, TestInfo } from '@playwright/test';
import { dashboardMenu, demoAdmin, forgetCookies, signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  isPhone,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { apiSampleTools } from './support/tools';

/**
 * The enquiries inbox (docs/rules.md, "The order desk"): a buyer sends Contact Supplier from a tool's purchase page;
 * the admin opens Enquiries from the dashboard menu, finds it among the new ones (with a mailto:
 * link to the buyer), marks it answered, and finds it under Answered with who answered it.
 * Phone and desktop run at the same time against one shop: each signs up its own buyer and finds
 * its enquiry by its own message; nothing depends on counts. Enquiring changes no tool, so a
 * sample tool is asked about.
 */

/** Better Auth wants the shop's own Origin on every POST; page.request shares the page's cookies. */
async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

/** Checks the inbox at rest: heading, no sideways scroll, a screenshot, axe. */
async function checkInbox(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  await expectNoSidewaysScroll(page, screen);
  await saveScreen(page, screen, testInfo);
  await expectAccessible(page, `${screen} (${testInfo.project.name})`);
}

test('a buyer contacts the supplier; the admin reads it among the new enquiries and marks it answered', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const buyer = uniqueUser(testInfo, 'Enquirer');
  // Long enough to wrap on a phone, with a word longer than the screen is wide.
  const message = `Could you quote 5,000 pieces delivered to our Osaka workshop before the spring season? Reference ${buyer.email}-Ref-000000000000000000000000`;

  await page.goto('/');
  await signUpThroughApi(page.request, baseURL ?? '', buyer);
  // Contact Supplier needs a confirmed address: open the link from the sign-up mail.
  expect(
    (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  const [tool] = await apiSampleTools(page.request);
  if (!tool) throw new Error('no sample tool');

  await test.step('the buyer sends Contact Supplier from the purchase page', async () => {
    await page.goto(`/purchase/${tool._id}`);
    await expect(page.getByRole('heading', { level: 1, name: tool.productName })).toBeVisible();
    await page.getByRole('button', { name: 'Contact Supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Supplier' });
    await dialog.getByLabel('Quantity wanted').fill(String(tool.maxQuantity + 5000));
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, messages.quoteRequested)).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('the admin finds it among the new enquiries', async () => {
    await forgetCookies(page);
    await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
    await page.goto('/dashboard/myProfile');
    const menu = await dashboardMenu(page, testInfo);
    await menu.getByRole('link', { name: 'Enquiries' }).click();
    await expect(page).toHaveURL(/\/dashboard\/enquiries$/);
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('new');
    const card = page.getByRole('article').filter({ hasText: message });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: tool.productName })).toBeVisible();
    await expect(card.getByText(buyer.name, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: buyer.email })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${buyer.email.replace(/[.+]/g, '\\$&')}\\?subject=`),
    );
    await expect(card.getByText('Quote request', { exact: true })).toBeVisible();
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    await expect(
      card.getByText((tool.maxQuantity + 5000).toLocaleString('en-US'), { exact: true }),
    ).toBeVisible();
    // Following a link folds the phone's dashboard menu again.
    if (isPhone(testInfo))
      await expect(page.getByRole('button', { name: /dashboard menu/i })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    await card.scrollIntoViewIfNeeded();
    await checkInbox(page, testInfo, 'enquiries-new');
  });

  await test.step('the admin marks it answered, and it moves to Answered', async () => {
    const card = page.getByRole('article').filter({ hasText: message });
    await card.getByRole('button', { name: 'Mark answered' }).click();
    await expect(toast(page, messages.enquiryMarkedAnswered)).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: message })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Show' }).selectOption('answered');
    await expect(page).toHaveURL(/\/dashboard\/enquiries\?status=answered$/);
    const answered = page.getByRole('article').filter({ hasText: message });
    await expect(answered).toHaveCount(1);
    await expect(answered.getByText('Answered', { exact: true })).toBeVisible();
    await expect(answered.getByText(/^Answered by Kanna Admin, /)).toBeVisible();
    await expect(answered.getByRole('button', { name: 'Mark new' })).toBeVisible();
    // A reload keeps the filter: it lives in the address.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('answered');
    await expect(page.getByRole('article').filter({ hasText: message })).toHaveCount(1);
    await checkInbox(page, testInfo, 'enquiries-answered');
  });
});
