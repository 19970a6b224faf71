import { messages } from '@kanna/shared/domain/messages';
import { expect, test } from './support/fixtures';
import { section } from './support/site';

/**
 * The newsletter banner on the home page. The browser does not validate the address (spec §5);
 * the server does, and whatever it answers is shown to the visitor as a toast.
 */

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test(
  'subscribing shows a thank-you toast and empties the field',
  { tag: '@desktop' },
  async ({ page }, testInfo) => {
    const banner = section(page, 'Subscribe to our newsletter');
    const email = banner.getByPlaceholder('Enter Your Email');
    await email.fill(`e2e.${testInfo.project.name}.${Date.now()}@kanna-tools.co.jp`);
    await banner.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page.getByRole('alert').filter({ hasText: messages.newsletterSubscribed })).toBeVisible();
    await expect(email).toHaveValue('');
  },
);

test('a bad address shows the server’s message and keeps what was typed', { tag: '@desktop' }, async ({
  page,
  consoleGuard,
}) => {
  // Chromium logs every 4xx answer on the console; this one is the test's own doing.
  consoleGuard.allow(/status of 400/, 'the server refuses the address with 400');
  const banner = section(page, 'Subscribe to our newsletter');
  const email = banner.getByPlaceholder('Enter Your Email');
  await email.fill('not-an-address');

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
  await banner.getByRole('button', { name: 'Subscribe' }).click();
  const response = await answer;
  expect(response.status()).toBe(400);
  const body = (await response.json()) as { message: string };

  await expect(page.getByRole('alert').filter({ hasText: body.message })).toBeVisible();
  expect(body.message).toBe(messages.newsletterEmailInvalid);
  await expect(email).toHaveValue('not-an-address');
});
