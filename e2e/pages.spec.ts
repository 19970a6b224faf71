import type { Page } from '@playwright/test';
import { expect, expectAccessible, saveScreen, test } from './support/fixtures';
import {
  apiReviews,
  apiTools,
  expectCurrentLink,
  mainNavigation,
  type NavLinkName,
  section,
} from './support/site';

/**
 * Every public page at both widths: it shows its own content (checked against the API where
 * the content is data), marks its navigation link as current, passes axe, logs no error
 * (the console guard), and leaves a full-page screenshot in .e2e-output/screens/.
 */

type PublicPage = {
  name: string;
  path: string;
  /** The navigation link marked as the current page, or null when the page has none. */
  current: NavLinkName | null;
  /** The HTTP status of the document. */
  status: number;
  /** What a visitor must see there once the page has loaded. */
  shows: (page: Page, request: import('@playwright/test').APIRequestContext) => Promise<void>;
};

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

const publicPages: PublicPage[] = [
  {
    name: 'home',
    path: '/',
    current: 'Home',
    status: 200,
    shows: async (page) => {
      await expect(h1(page)).toHaveText('wooden Hand Tools');
      await expect(section(page, 'Wooded Working Tools').getByRole('article')).toHaveCount(8);
      await expect(section(page, 'CLIENT REVIEW').getByRole('article')).toHaveCount(4);
    },
  },
  {
    name: 'home-alias',
    path: '/home',
    current: 'Home',
    status: 200,
    shows: async (page) => {
      await expect(h1(page)).toHaveText('wooden Hand Tools');
      await expect(section(page, 'Wooded Working Tools').getByRole('article')).toHaveCount(8);
    },
  },
  {
    name: 'all-products',
    path: '/allProduct',
    // Listed in the navigation only when signed in (spec §2), so nothing is current here.
    current: null,
    status: 200,
    shows: async (page, request) => {
      await expect(h1(page)).toBeVisible();
      // Other journeys change the catalogue meanwhile: compare the API and the page as a pair.
      await expect(async () => {
        const tools = await apiTools(request);
        await page.reload();
        const cards = page.getByRole('main').getByRole('article');
        await expect(cards).toHaveCount(tools.length, { timeout: 4_000 });
        await expect(cards.getByRole('heading')).toHaveText(
          tools.map((t) => t.productName),
          { timeout: 4_000 },
        );
      }).toPass({ timeout: 45_000 });
    },
  },
  {
    name: 'all-reviews',
    path: '/allReview',
    current: 'Reviews',
    status: 200,
    shows: async (page, request) => {
      await expect(h1(page)).toHaveText('CLIENT REVIEW');
      await expect(async () => {
        const reviews = await apiReviews(request);
        await page.reload();
        const cards = page.getByRole('main').getByRole('article');
        await expect(cards).toHaveCount(reviews.length, { timeout: 4_000 });
        await expect(cards.getByRole('heading')).toHaveText(
          reviews.map((r) => r.name),
          { timeout: 4_000 },
        );
      }).toPass({ timeout: 45_000 });
    },
  },
  {
    name: 'blog',
    path: '/blog',
    current: 'Blogs',
    status: 200,
    shows: async (page) => {
      await expect(h1(page)).toBeVisible();
      await expect(page.getByRole('main').locator('details > summary').first()).toBeVisible();
    },
  },
  {
    name: 'portfolio',
    path: '/myPortfolio',
    current: 'MyPortfolio',
    status: 200,
    shows: async (page) => {
      await expect(h1(page)).toBeVisible();
    },
  },
  {
    name: 'login',
    path: '/login',
    current: 'Login',
    status: 200,
    shows: async (page) => {
      await expect(h1(page)).toBeVisible();
    },
  },
  {
    name: 'signup',
    path: '/signup',
    current: null,
    status: 200,
    shows: async (page) => {
      await expect(h1(page)).toBeVisible();
    },
  },
  {
    name: 'not-found',
    path: '/no-such-page/at-all',
    current: null,
    status: 404,
    shows: async (page) => {
      await expect(page.getByRole('main')).toContainText(/not found/i);
    },
  },
];

for (const p of publicPages) {
  test(`${p.name} (${p.path}) shows its content, marks its link, passes axe`, async ({
    page,
    request,
    consoleGuard,
  }, testInfo) => {
    if (p.status >= 400) {
      // Chromium reports the document's own error status on the console; the page is right to have it.
      consoleGuard.allow(new RegExp(`status of ${p.status}`), `the document is answered with ${p.status}`);
    }
    const response = await page.goto(p.path);
    expect(response?.status(), `HTTP status of ${p.path}`).toBe(p.status);
    await p.shows(page, request);
    await expect(page).toHaveTitle(/Kanna/);
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));

    await saveScreen(page, p.name, testInfo);
    await expectAccessible(page, `${p.path} (${testInfo.project.name})`);

    const nav = await mainNavigation(page, testInfo);
    await expectCurrentLink(nav, p.current);
    // The open phone menu is part of the page too.
    if (testInfo.project.name === 'phone')
      await expectAccessible(page, `${p.path} with the menu open (phone)`);
  });
}
