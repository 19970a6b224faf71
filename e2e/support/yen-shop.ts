import { messages } from '@kanna/shared/domain/messages';
import { expect, type Page } from '@playwright/test';
import { fillBankAndTax } from './business';
import { toast } from './fixtures';

/**
 * The third shop the journeys run against (playwright.config.ts): a fresh embedded database of its
 * own with the sample data, for journeys that switch the shop to yen (docs/rules.md, "Yen and
 * dollars"). Once Japan pays in yen every order to Japan is priced in yen, which neither the first
 * shop's journeys nor the second's (their transfers and charges go to Japan in dollars) expect. A
 * spec file uses it with `test.use({ baseURL: yenShop })`.
 */
export const yenShop = `http://127.0.0.1:${process.env.E2E_YEN_PORT}`;

/** Yen per dollar on the third shop: a $60 tool costs ¥9,000. */
export const yenPerDollar = 150;

/**
 * On the Settings screen (open, as an admin): the yen rate, the bank account (the second shop's),
 * 10 % consumption tax in Japan and Japan paying in yen, then saves them. Every journey on the third
 * shop saves exactly these, so two saving at once leave the shop as both expect.
 */
export async function saveYenSettings(page: Page): Promise<void> {
  await fillBankAndTax(page);
  await page.getByRole('textbox', { name: /^Yen per dollar/ }).fill(String(yenPerDollar));
  // Another journey may have saved already: Japan is then chosen, and no longer in the list to add.
  const removeJapan = page.getByRole('button', { name: 'Remove Japan' });
  if ((await removeJapan.count()) === 0)
    await page.getByRole('combobox', { name: /^Add a country paying in yen/ }).selectOption('JP');
  await expect(removeJapan).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, messages.shopSettingsSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Yen per dollar/ })).toHaveValue(String(yenPerDollar));
  await expect(page.getByRole('button', { name: 'Remove Japan' })).toBeVisible();
}
