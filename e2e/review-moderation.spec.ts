import { messages } from '@kanna/shared/domain/messages';
import type { Page } from '@playwright/test';
import { demoAdmin, forgetCookies, signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { section } from './support/site';

/**
 * Reviews are moderated after the fact (docs/rules.md, "The order desk"): a customer's review is on the home page;
 * the admin removes it from /allReview with a reason (asked for first, refused blank), and it is
 * gone from /allReview and from the home page, for the admin and for a visitor, after a reload.
 * Phone and desktop run at the same time: each removes only the review its own customer wrote.
 */

/** A POST with the shop's own Origin, as Better Auth and every write want; page.request shares the page's cookies. */
async function postAs(page: Page, path: string, data: unknown, status: number): Promise<void> {
  const response = await page.request.post(path, { data, headers: { Origin: new URL(page.url()).origin } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
}

const homeReviews = (page: Page) => section(page, 'CLIENT REVIEW').getByRole('article');

test('the admin removes a review with a reason; it leaves /allReview and the home page', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const customer = uniqueUser(testInfo, 'Reviewer');
  const text = `Blunt after a week, and rude words follow — ${customer.email}.`;
  const ours = (cards: ReturnType<Page['getByRole']>) => cards.filter({ hasText: text });

  await test.step("a verified customer's review shows on the home page", async () => {
    await page.goto('/');
    await signUpThroughApi(page.request, baseURL ?? '', customer);
    expect(
      (await page.request.get(await verificationLink(customer.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    await postAs(page, '/api/review', { rating: 1, description: text }, 201);
    await page.goto('/home');
    await expect(ours(homeReviews(page))).toHaveCount(1);
    await expect(ours(homeReviews(page)).getByRole('heading', { name: customer.name })).toBeVisible();
  });

  await test.step('the admin removes it from /allReview, giving the reason', async () => {
    await forgetCookies(page);
    await postAs(page, '/api/auth/sign-in/email', demoAdmin, 200);
    await page.goto('/allReview');
    const card = ours(page.getByRole('main').getByRole('article'));
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Remove review by ${customer.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this review?' });
    await expect(dialog).toBeVisible();
    // The reason is asked for before anything is sent.
    await dialog.getByRole('button', { name: 'Yes, remove review' }).click();
    await expect(dialog.getByText(messages.removalReasonRequired)).toBeVisible();
    await expect(card).toHaveCount(1);
    await dialog.getByLabel('Reason').fill('Abusive language towards the maker.');
    await saveScreen(page, 'review-removal-dialog', testInfo);
    await expectAccessible(page, `the removal dialog (${testInfo.project.name})`);
    await dialog.getByRole('button', { name: 'Yes, remove review' }).click();
    await expect(toast(page, messages.reviewRemoved)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card).toHaveCount(0);
  });

  await test.step('it is gone from /allReview and from the home page, after a reload too', async () => {
    await page.reload();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(ours(page.getByRole('main').getByRole('article'))).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'allReview after a removal');
    await saveScreen(page, 'review-removed-allreview', testInfo);
    await expectAccessible(page, `/allReview after a removal (${testInfo.project.name})`);

    await page.goto('/home');
    await expect(homeReviews(page).first()).toBeVisible();
    await expect(ours(homeReviews(page))).toHaveCount(0);
    // A visitor's home page (rendered on the server, from its cache) has dropped it as well.
    await forgetCookies(page, '/home');
    await expect(homeReviews(page).first()).toBeVisible();
    await expect(ours(homeReviews(page))).toHaveCount(0);
    await saveScreen(page, 'review-removed-home', testInfo);
    await expectAccessible(page, `the home page after a removal (${testInfo.project.name})`);
  });
});
