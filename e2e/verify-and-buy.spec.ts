import { messages } from '@kanna/shared/domain/messages';
import type { Page } from '@playwright/test';
import { uniqueUser } from './support/accounts';
import { expect, expectAccessible, saveScreen, test } from './support/fixtures';
import { verificationLink } from './support/mail';
import { apiSampleTools } from './support/tools';

/**
 * Ordering needs a confirmed e-mail address: a new customer signs up, the purchase page asks
 * them to confirm (and sends the link again), the link from the mail lets them order, and they
 * pay. Every page says the shop takes test cards only.
 */

async function openPurchasePage(page: Page, toolId: string, productName: string) {
  await page.goto(`/purchase/${toolId}`);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
}

test('a new customer confirms the e-mail address at the purchase page, then orders and pays', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = uniqueUser(testInfo, 'Hana Verify');
  // Opened by its address: any sample tool will do, the cheapest minimum order of them.
  const [tool] = (await apiSampleTools(page.request))
    .filter((t) => t.maxQuantity >= t.minQuantity * 4)
    .sort((a, b) => a.perPrice * a.minQuantity - b.perPrice * b.minQuantity);
  if (!tool) throw new Error('no well-stocked sample tool');

  await test.step('sign up', async () => {
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill(user.name);
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Registration Completed')).toBeVisible();
    await expect(page.getByRole('note').getByText(messages.testModeNotice)).toBeVisible();
  });

  await test.step('the purchase page asks to confirm the address, and sends the link again', async () => {
    await openPurchasePage(page, tool._id, tool.productName);
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
    await expect(page.getByText(messages.verifyEmailToOrder)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByText(messages.verificationSent)).toBeVisible();
    await saveScreen(page, 'purchase-confirm-email', testInfo);
    await expectAccessible(page, `the purchase page asking to confirm the e-mail (${testInfo.project.name})`);
  });

  await test.step('the link from the mail brings the buyer back to the order form', async () => {
    await page.goto(await verificationLink(user.email));
    await expect(page).toHaveURL(new RegExp(`/purchase/${tool._id}$`));
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  });

  await test.step('order and pay with a test card', async () => {
    await page.getByLabel('Phone').fill('0312345678');
    await page.getByLabel('Address').fill('4-5-6 Sakae, Nagoya');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    const row = page.getByRole('row').filter({ hasText: tool.productName });
    await row.getByRole('link', { name: /^Pay/ }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(page.getByRole('status').getByText(messages.paymentCompleted)).toBeVisible();
  });

  await test.step('my orders shows it paid, with a test card', async () => {
    await page.getByRole('link', { name: 'See my orders' }).click();
    const row = page.getByRole('row').filter({ hasText: tool.productName });
    await expect(row.getByText('Test payment')).toBeVisible();
    await saveScreen(page, 'my-orders-test-payment', testInfo);
    await expectAccessible(page, `my orders with a test payment (${testInfo.project.name})`);
  });
});
