import { expect, isPhone, test } from './support/fixtures';
import { expectCurrentLink, followNavLink, mainNavigation, navBar, signedOutLinks } from './support/site';

/** The fixed navigation bar (spec §2): links, the current page, the phone menu, guarded routes. */

test('every link of the bar opens its page and becomes the current one', async ({ page }, testInfo) => {
  await page.goto('/');
  const h1 = page.getByRole('heading', { level: 1 });
  let previous = '';
  for (const { name, path } of signedOutLinks) {
    await followNavLink(page, testInfo, name);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // A lazy page keeps the old one on screen until its code arrives: wait for the new heading.
    if (name === 'Home') await expect(h1).toHaveText('wooden Hand Tools');
    else await expect(h1).not.toHaveText(previous);
    previous = (await h1.textContent()) ?? '';
    if (isPhone(testInfo)) {
      // Choosing a link closes the phone menu.
      await expect(navBar(page).getByRole('button', { name: 'Open menu' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
    await expectCurrentLink(await mainNavigation(page, testInfo), name);
  }
});

test('the bar stays at the top of the screen while the page scrolls', async ({ page }) => {
  await page.goto('/');
  const bar = navBar(page);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(bar).toBeInViewport();
  const box = await bar.boundingBox();
  expect(box?.y, 'the bar is pinned to the top').toBe(0);
});

test('on a phone the links sit behind a menu button that opens and closes', { tag: '@phone' }, async ({
  page,
}) => {
  await page.goto('/');
  const nav = navBar(page).getByRole('navigation', { name: 'Main' });
  const reviews = nav.getByRole('link', { name: 'Reviews', exact: true });
  const toggle = navBar(page).getByRole('button', { name: 'Open menu' });

  await expect(reviews).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const close = navBar(page).getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  for (const { name } of signedOutLinks)
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(reviews).toBeHidden();

  // Choosing a link closes the menu on the new page.
  await navBar(page).getByRole('button', { name: 'Open menu' }).click();
  await reviews.click();
  await expect(page).toHaveURL(/\/allReview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'CLIENT REVIEW' })).toBeVisible();
  await expect(reviews).toBeHidden();
});

test('on a desktop the links are on the bar, with no menu button', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/');
  await expect(navBar(page).getByRole('button', { name: /menu/i })).toBeHidden();
  const nav = navBar(page).getByRole('navigation', { name: 'Main' });
  for (const { name } of signedOutLinks)
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
});

test('a signed-out visit to a purchase page ends on the login page', { tag: '@desktop' }, async ({
  page,
}) => {
  await page.goto('/purchase/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a signed-out visit to the dashboard ends on the login page', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/dashboard/myProfile');
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
});
