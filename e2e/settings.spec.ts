import { messages } from '@kanna/shared/domain/messages';
import type { Page } from '@playwright/test';
import { dashboardMenu, demoAdmin, forgetCookies, signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectFocusOnFirstError,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { addToCartFromCatalogue, navBar } from './support/site';
import { addOwnTools } from './support/tools';

/**
 * The shop settings (docs/rules.md, "Shop settings"): the owner opens Settings from the dashboard menu, is told what
 * is wrong with a field before anything is saved, and sets a minimum order value; a buyer whose
 * cart is below it is told what is missing before checkout, and an order below it is refused
 * with the same words.
 *
 * The minimum is the whole shop's, and the phone and desktop runs (and the other journeys) share
 * one shop: both runs save the same settings — the defaults with a $50 minimum — and leave them,
 * so neither undoes the other's. Every other journey orders far more than $50 (the smallest is
 * ten pieces at $8.40), and this one buys its own $6 tool, sold by the piece.
 */
const MINIMUM = 50;

/** Better Auth wants the shop's own Origin on every POST; page.request shares the page's cookies. */
async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

test('the owner sets a minimum order; a buyer below it is told what is missing, and ordering below it is refused', async ({
  page,
  browser,
  baseURL,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(180_000);
  consoleGuard.allow(
    /status of 400/,
    'the order below the minimum is refused with 400, which the page shows',
  );
  const origin = baseURL ?? '';
  const [tool] = await addOwnTools(browser, origin, testInfo, [
    { name: 'Minimum Kiridashi', kind: 'chisel', minQuantity: 1, maxQuantity: 500, perPrice: 6 },
  ]);
  if (!tool) throw new Error('the tool was not added');
  const buyer = uniqueUser(testInfo, 'Small Buyer');

  await test.step('the owner opens Settings from the dashboard menu', async () => {
    await page.goto('/');
    await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
    await page.goto('/dashboard/myProfile');
    const menu = await dashboardMenu(page, testInfo);
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    for (const section of ['Business', 'Bank details for transfers', 'Tax', 'Shipping zones', 'Orders'])
      await expect(page.getByRole('group', { name: section })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Legal name/ })).toHaveValue('Kanna Tool Works');
  });

  await test.step('a bad registration number and a zone without countries are named at their fields', async () => {
    await page.getByRole('textbox', { name: /^Registration number/ }).fill('T123');
    await page.getByRole('button', { name: 'Add zone' }).click();
    const zone = page.getByRole('group', { name: /^Zone 1/ });
    await zone.getByRole('textbox', { name: /^Zone name/ }).fill('Japan');
    // Beside the dollar rate, the yen one a yen order pays; empty, it says what it is derived to.
    await zone.getByRole('textbox', { name: /^Rate \(\$\)/ }).fill('15');
    await page.getByRole('textbox', { name: /^Yen per dollar/ }).fill('150');
    await expect(zone.getByRole('textbox', { name: /^Rate in yen/ })).toHaveAttribute(
      'placeholder',
      'derived: ¥2,250',
    );
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(messages.registrationNumberInvalid)).toBeVisible();
    await expect(zone.getByText(messages.zoneCountriesRequired)).toBeVisible();
    await expectFocusOnFirstError(page.getByRole('textbox', { name: /^Registration number/ }));
    await zone.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'the settings with errors');
    await saveScreen(page, 'settings-errors', testInfo);
    await expectAccessible(page, `the settings with errors (${testInfo.project.name})`);
    // Neither is kept: the minimum alone is this journey's change.
    await page.getByRole('textbox', { name: /^Registration number/ }).fill('');
    await page.getByRole('textbox', { name: /^Yen per dollar/ }).fill('');
    await zone.getByRole('button', { name: /^Remove zone 1/ }).click();
    await expect(page.getByRole('group', { name: /^Zone 1/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add zone' })).toBeFocused();
  });

  await test.step('the owner sets a minimum order value of $50 and saves', async () => {
    await page.getByRole('textbox', { name: /^Minimum order value/ }).fill(String(MINIMUM));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, messages.shopSettingsSaved)).toBeVisible();
    await expect(page.getByText(`Last saved by ${demoAdmin.email}`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Minimum order value/ })).toHaveValue(String(MINIMUM));
    await expectNoSidewaysScroll(page, 'the settings');
    await saveScreen(page, 'settings', testInfo);
    await expectAccessible(page, `the settings (${testInfo.project.name})`);
  });

  await test.step("a buyer's cart below the minimum says what is missing, and the checkout waits", async () => {
    await forgetCookies(page);
    await signUpThroughApi(page.request, origin, buyer);
    expect(
      (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    await addToCartFromCatalogue(page, tool.productName);
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${tool.productName}` });
    await quantity.fill('5');
    await quantity.press('Enter');
    // 5 × $6 = $30 of goods: $20 short of the $50 minimum.
    await expect(page.getByRole('status').getByText(messages.belowMinimumOrder(MINIMUM, 20))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order · $30' })).toBeDisabled();
    await expectNoSidewaysScroll(page, 'the cart below the minimum');
    await saveScreen(page, 'cart-below-minimum', testInfo);
    await expectAccessible(page, `the cart below the minimum (${testInfo.project.name})`);
  });

  await test.step('ordering below it anyway is refused with the same message', async () => {
    await page.goto(`/purchase/${tool._id}`);
    await expect(page.getByRole('heading', { level: 1, name: tool.productName })).toBeVisible();
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
    await page.getByLabel('Phone').fill('0312345678');
    await page.getByLabel('Address').fill(`1-2-3 Kanda ${buyer.email}`);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .filter({ hasText: messages.belowMinimumOrder(MINIMUM, 20) }),
    ).toBeVisible();
    await saveScreen(page, 'purchase-below-minimum', testInfo);
  });

  await test.step('at the minimum the cart lets the buyer check out', async () => {
    await navBar(page).getByRole('link', { name: /^Cart/ }).click();
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${tool.productName}` });
    await quantity.fill('9');
    await quantity.press('Enter');
    await expect(page.getByText(/The minimum order is/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Place order · $54' })).toBeEnabled();
  });
});
