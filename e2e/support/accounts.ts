import { type APIRequestContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { isPhone } from './fixtures';
import { verificationLink } from './mail';
import { mainNavigation, navBar } from './site';

/** The demo accounts the server seeds with the sample data (apps/server, SAMPLE_DATA=1). */
export const demoAdmin = { email: 'admin@kanna.example', password: 'kanna-admin' } as const;
export const demoBuyer = { email: 'buyer@kanna.example', password: 'kanna-buyer' } as const;

export type NewUser = { name: string; email: string; password: string };

/** A user nobody has signed up yet: unique per test, per project and per run. */
export function uniqueUser(testInfo: TestInfo, label: string): NewUser {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `${label} ${testInfo.project.name}`,
    email: `${label.toLowerCase().replaceAll(/\W+/g, '-')}-${testInfo.project.name}-${stamp}@kanna.example`,
    password: `pw-${stamp}`,
  };
}

/**
 * Signs up through the API with the given context's cookies (page.request shares the browser's),
 * so a journey can start signed in. Better Auth wants the shop's own Origin on every POST.
 */
export async function signUpThroughApi(request: APIRequestContext, baseURL: string, user: NewUser) {
  const response = await request.post('/api/auth/sign-up/email', {
    data: user,
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), `sign-up of ${user.email}: ${await response.text()}`).toBe(200);
}

/** Signs `user` up through the API with `request`'s cookies and confirms their address from the mail. */
export async function signUpConfirmed(request: APIRequestContext, baseURL: string, user: NewUser) {
  await signUpThroughApi(request, baseURL, user);
  expect((await request.get(await verificationLink(user.email), { maxRedirects: 0 })).status()).toBeLessThan(
    400,
  );
}

/** Signs in through the API with the page's cookies (the page stays where it is, on the shop). */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

/** The owner (the demo administrator) signs in and opens the shop's Settings from the dashboard menu. */
export async function openShopSettings(page: Page, testInfo: TestInfo): Promise<void> {
  await page.goto('/');
  await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
  await page.goto('/dashboard/myProfile');
  const menu = await dashboardMenu(page, testInfo);
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** The signed-in part of the bar: opened through the phone menu when needed. */
export async function signedInNavigation(page: Page, testInfo: TestInfo): Promise<Locator> {
  const nav = await mainNavigation(page, testInfo);
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  return nav;
}

/** Closes the phone menu again (it covers the page). */
export async function closeMainMenu(page: Page, testInfo: TestInfo): Promise<void> {
  if (!isPhone(testInfo)) return;
  const toggle = navBar(page).getByRole('button', { name: 'Close menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/** The dashboard's side menu (behind its own button on phones). */
export async function dashboardMenu(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (isPhone(testInfo)) {
    const toggle = page.getByRole('button', { name: /dashboard menu/i });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
  return menu;
}

/** The names of the dashboard menu's links, in order. */
export const menuLinks = async (menu: Locator): Promise<string[]> =>
  (await menu.getByRole('link').allTextContents()).map((t) => t.trim());

/**
 * Forgets the signed-in user as a new visitor would arrive: the open page is left first, so no
 * request it still has in flight (the cart, the session) reaches the API without its cookie and
 * logs a 401; then the shop's page `reopen` (its home page unless named) is opened, signed out.
 */
export async function forgetCookies(page: Page, reopen = '/'): Promise<void> {
  const url = page.url();
  if (!/^https?:/.test(url)) {
    await page.context().clearCookies();
    return;
  }
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(new URL(reopen, url).href);
}

/**
 * Signs `user` up with the page's cookies, confirms their address, has them apply for a company
 * named `name` (they its owner), and has the administrator's `admin` approve it with terms in
 * dollars (月末締め翌月末払い, a $100,000 credit limit); returns the company's id.
 */
export async function companyWithTermsThroughApi(
  page: Page,
  admin: APIRequestContext,
  baseURL: string,
  user: NewUser,
  name: string,
): Promise<string> {
  const headers = { Origin: new URL(baseURL).origin };
  await signUpConfirmed(page.request, baseURL, user);
  const applied = await page.request.post('/api/companies', {
    data: { name, billingAddress: '1-2-3 Kuramae, Taito-ku, Tokyo', billingEmail: user.email },
    headers,
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const companyId = ((await applied.json()) as { id: string }).id;
  const approved = await admin.patch(`/api/companies/${companyId}`, {
    data: {
      status: 'approved',
      terms: { closingDay: 'end', payMonthsAfter: 1, payDay: 'end', creditLimit: 100000, currency: 'USD' },
    },
    headers,
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return companyId;
}
