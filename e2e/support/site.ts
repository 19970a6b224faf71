import type { Tool } from '@kanna/shared/catalog';
import { messages } from '@kanna/shared/domain/messages';
import type { Review } from '@kanna/shared/reviews';
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { isPhone, toast } from './fixtures';

/** The signed-out navigation bar (spec §2), in order. */
export const signedOutLinks = [
  { name: 'Home', path: '/home' },
  { name: 'Reviews', path: '/allReview' },
  { name: 'Blogs', path: '/blog' },
  { name: 'MyPortfolio', path: '/myPortfolio' },
  { name: 'Login', path: '/login' },
] as const;
export type NavLinkName = (typeof signedOutLinks)[number]['name'];

/** Money as the cards show it: 'Price $ {perPrice}/Per'; the number must be the API's. */
export const priceText = /^Price \$ (\d+(?:\.\d{2})?)\/Per$/;
/** Order quantity range as the cards show it: '{min} - {max} Pieces (OQ)'. */
export const rangeText = /^(\d+) - (\d+) Pieces \(OQ\)$/;

/** What the API says the page should show (the journeys compare the page with it). */
export async function apiTools(request: APIRequestContext, limit?: number): Promise<Tool[]> {
  const response = await request.get(limit ? `/api/handTools?limit=${limit}` : '/api/handTools');
  expect(response.status(), 'GET /api/handTools').toBe(200);
  return (await response.json()) as Tool[];
}

export async function apiReviews(request: APIRequestContext, limit?: number): Promise<Review[]> {
  const response = await request.get(limit ? `/api/review?limit=${limit}` : '/api/review');
  expect(response.status(), 'GET /api/review').toBe(200);
  return (await response.json()) as Review[];
}

/** The fixed bar at the top of every page. */
export const navBar = (page: Page): Locator => page.getByRole('banner');

/**
 * Adds a tool to the cart from the catalogue's first page (a journey's own tool is the newest),
 * waits for the toast, then opens the cart from the bar.
 */
export async function addToCartFromCatalogue(page: Page, productName: string): Promise<void> {
  await page.goto('/allProduct');
  await page.getByRole('button', { name: `Add to cart: ${productName}` }).click();
  await expect(toast(page, new RegExp(`${messages.addedToCart}: \\d+ × `))).toBeVisible();
  await navBar(page).getByRole('link', { name: /^Cart/ }).click();
}

/** The main navigation's links, after opening the phone menu when the width calls for it. */
export async function mainNavigation(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isPhone(testInfo)) {
    const toggle = navBar(page).getByRole('button', { name: /menu/i });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  const nav = navBar(page).getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  return nav;
}

/** Checks that `current` (or no link, when null) is marked as the page the user is on. */
export async function expectCurrentLink(nav: Locator, current: NavLinkName | null): Promise<void> {
  for (const { name } of signedOutLinks) {
    const link = nav.getByRole('link', { name, exact: true });
    if (name === current)
      await expect(link, `${name} is the current page`).toHaveAttribute('aria-current', 'page');
    else await expect(link, `${name} is not the current page`).not.toHaveAttribute('aria-current', 'page');
  }
}

/** Follows a link of the main navigation like a user (through the phone menu on phones). */
export async function followNavLink(page: Page, testInfo: TestInfo, name: NavLinkName): Promise<void> {
  const nav = await mainNavigation(page, testInfo);
  await nav.getByRole('link', { name, exact: true }).click();
}

/** A home-page section by its heading (sections are labelled by their headings). */
export const section = (page: Page, heading: string): Locator => page.getByRole('region', { name: heading });
