import { expect, test } from './support/fixtures';
import { apiReviews, apiTools, section } from './support/site';

/**
 * The home page comes from the server with its content (apps/web/src/entry-server.tsx): what a
 * visitor sees before any JavaScript has run. Here JavaScript never runs at all.
 */
test.use({ javaScriptEnabled: false });

test('without JavaScript the home page shows its banner, the newest tools and reviews, and the footer', async ({
  page,
  request,
}, testInfo) => {
  // Other journeys change the catalogue and the reviews meanwhile: compare the API and the page as a pair.
  await expect(async () => {
    const [tools, reviews] = await Promise.all([apiTools(request, 8), apiReviews(request, 4)]);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(section(page, 'Wooded Working Tools').getByRole('article').getByRole('heading')).toHaveText(
      tools.map((t) => t.productName),
      { timeout: 1_000 },
    );
    await expect(section(page, 'CLIENT REVIEW').getByRole('article').getByRole('heading')).toHaveText(
      reviews.map((r) => r.name),
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('wooden Hand Tools');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Kanna', exact: true }),
  ).toHaveAttribute('href', '/');
  await expect(section(page, 'TRUST IS THE KEY OF BUSINESS')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
  // The first screen, as painted from the HTML alone (saveScreen scrolls with a script, which cannot run here).
  await page.screenshot({ path: `.e2e-output/screens/home-without-javascript-${testInfo.project.name}.png` });
});
