import { readFileSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@kanna/shared/domain/messages';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { toast } from './fixtures';

/**
 * The second shop the journeys run against (playwright.config.ts): a fresh embedded database of its
 * own, for journeys that change what the whole shop charges — tax, shipping zones, bank transfers —
 * which would change the prices every other journey expects on the first shop, and for journeys
 * that need last month's history, which it opens with (`lastMonthBuyer`). A spec file uses it with
 * `test.use({ baseURL: businessShop })`.
 */
export const businessShop = `http://127.0.0.1:${process.env.E2E_BUSINESS_PORT}`;

/** A buyer of last month and the order they paid then, its invoice issued that day. */
export type LastMonthBuyer = {
  name: string;
  email: string;
  password: string;
  order: { id: string; number: string };
  /** What the order came to (dollars): the invoice's amount. */
  amount: number;
};

/**
 * The second shop lived through last month before it opened (e2e/support/shop-with-history.mjs):
 * this project's buyer of then, whose invoice no other project's journey looks for.
 */
export function lastMonthBuyer(testInfo: TestInfo): LastMonthBuyer {
  const { file, history } = readHistory();
  const buyer = history.buyers[testInfo.project.name];
  if (!buyer) throw new Error(`${file} has no buyer for the ${testInfo.project.name} project`);
  return buyer;
}

/**
 * When (by this run's real clock) the second shop's history was made: "last month" is the month
 * before this moment's, also for a journey that runs after midnight on a month's last day.
 */
export function historyMadeAt(): Date {
  return new Date(readHistory().history.openedAt);
}

function readHistory() {
  const file = path.join(`${process.env.E2E_DATA_DIR}-business`, 'history.json');
  const history = JSON.parse(readFileSync(file, 'utf8')) as {
    openedAt: string;
    buyers: Record<string, LastMonthBuyer>;
  };
  return { file, history };
}

/** The account buyers pay transfers into, as the owner gives it. */
export const businessBank = {
  name: 'Mizuho Bank',
  branch: 'Kuramae',
  type: 'Ordinary',
  account: '7654321',
  holder: 'Kanna Tools K.K.',
  swift: 'MHCBJPJT',
};

/** The minimum order the second shop asks (goods total, dollars). */
export const businessMinimum = 50;

/** Fills zone `n` (1-based) of the settings form. */
async function fillZone(
  page: Page,
  n: number,
  zone: { name: string; countries: string; rate: string; freeFrom?: string },
) {
  const group = page.getByRole('group', { name: new RegExp(`^Zone ${n}`) });
  await group.getByRole('textbox', { name: /^Zone name/ }).fill(zone.name);
  await group.getByRole('textbox', { name: /^Countries/ }).fill(zone.countries);
  await group.getByRole('textbox', { name: /^Rate \(\$\)/ }).fill(zone.rate);
  await group.getByRole('textbox', { name: /^Free from \(\$\)/ }).fill(zone.freeFrom ?? '');
}

/**
 * On the Settings screen (open, as an admin): fills the bank account (`businessBank`) and 10 %
 * consumption tax in Japan, without saving.
 */
export async function fillBankAndTax(page: Page): Promise<void> {
  const text = (name: RegExp) => page.getByRole('textbox', { name });
  await text(/^Bank name/).fill(businessBank.name);
  await text(/^Branch/).fill(businessBank.branch);
  await text(/^Account type/).fill(businessBank.type);
  await text(/^Account number/).fill(businessBank.account);
  await text(/^Account holder/).fill(businessBank.holder);
  await text(/^SWIFT/).fill(businessBank.swift);
  await page.getByRole('checkbox', { name: 'Charge consumption tax' }).check();
  await text(/^Tax rate/).fill('10');
  await text(/^Tax country/).fill('JP');
}

/**
 * On the Settings screen (open, as an admin): the second shop's whole business settings — the bank
 * account, 10 % consumption tax in Japan, a Japan zone at $15 (free from $500), an Asia zone at $40
 * (Korea, Taiwan) and the minimum — then saves them. Every journey on the second shop saves exactly
 * these, so whichever saves last, none undoes another's.
 */
export async function saveBusinessSettings(page: Page): Promise<void> {
  const text = (name: RegExp) => page.getByRole('textbox', { name });
  await fillBankAndTax(page);
  // Another run may have saved already: start from no zones.
  const removeFirst = page.getByRole('button', { name: /^Remove zone 1/ });
  while ((await removeFirst.count()) > 0) await removeFirst.click();
  await page.getByRole('button', { name: 'Add zone' }).click();
  await fillZone(page, 1, { name: 'Japan', countries: 'JP', rate: '15', freeFrom: '500' });
  await page.getByRole('button', { name: 'Add zone' }).click();
  await fillZone(page, 2, { name: 'Asia', countries: 'KR, TW', rate: '40' });
  await text(/^Minimum order value/).fill(String(businessMinimum));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, messages.shopSettingsSaved)).toBeVisible();
  await page.reload();
  await expect(text(/^Account number/)).toHaveValue(businessBank.account);
  await expect(page.getByRole('group', { name: /^Zone 2: Asia/ })).toBeVisible();
}
