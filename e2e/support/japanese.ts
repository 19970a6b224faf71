import type { Page, TestInfo } from '@playwright/test';
import { expect, isPhone } from './fixtures';
import { apiReviews, apiTools, navBar } from './site';

/**
 * Reading the shop in Japanese (docs/languages.md, "Two languages"): a page in Japanese shows
 * no English word but the shop's data (tool names, reviews, what people typed), the brand and a
 * few names; a page in English no Japanese word but the same data.
 */

/** Words a Japanese page may show in Latin letters: the brand, names of languages and sites, units and formats. */
const allowedWords = [
  'Kanna Tool Works',
  'Kanna',
  'English',
  'Google',
  'Facebook',
  'LinkedIn',
  'URL',
  'ID',
  'PDF',
  // The barcode standard's own name, written so in Japanese (JANコード), like PDF.
  'JAN',
];

/** What the shop's data says (the sample tools' names and descriptions, the reviews), which stays as written. */
export async function shopData(page: Page): Promise<string[]> {
  const tools = await apiTools(page.request);
  const reviews = await apiReviews(page.request);
  return [
    ...tools.flatMap((t) => [t.productName, t.description, t.productNameJa ?? '', t.descriptionJa ?? '']),
    ...reviews.flatMap((r) => [r.name, r.description]),
  ].filter((text) => text.length > 0);
}

/**
 * The English words left in the page's visible text (and its title) once the shop's data, the
 * allowed words, e-mail addresses, prices and addresses of pages are taken out.
 */
export async function englishWordsOn(page: Page, data: string[], also: string[] = []): Promise<string[]> {
  let text = `${await page.title()}\n${await page.locator('body').innerText()}`;
  // Longest first, so a tool's name goes before a word inside it.
  for (const known of [...data, ...also].sort((a, b) => b.length - a.length))
    text = text.replaceAll(known, ' ');
  text = text
    .replaceAll(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ') // e-mail addresses
    .replaceAll(/https?:\/\/\S+|\/[\w/-]+/g, ' ') // addresses of pages
    .replaceAll(/\$\s?[\d,.]+/g, ' '); // prices
  for (const word of allowedWords) text = text.replaceAll(word, ' ');
  return [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])];
}

/** The page is in Japanese: `<html lang="ja">`, and no English word in what it shows. */
export async function expectJapanese(page: Page, what: string, data: string[], also: string[] = []) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect
    .poll(() => englishWordsOn(page, data, also), { message: `English words on ${what}` })
    .toEqual([]);
}

/** The Japanese words left in the page's visible text once the shop's data is taken out. */
export async function japaneseWordsOn(page: Page, data: string[]): Promise<string[]> {
  let text = (await page.locator('body').innerText()).replaceAll('日本語', ' ');
  for (const known of [...data].sort((a, b) => b.length - a.length)) text = text.replaceAll(known, ' ');
  return [...new Set(text.match(/[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]+/g) ?? [])];
}

/** The page is in English: `<html lang="en">`, and no Japanese word in what it shows but the data. */
export async function expectEnglish(page: Page, what: string, data: string[]) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(() => japaneseWordsOn(page, data), { message: `Japanese words on ${what}` }).toEqual([]);
}

/** The language switch: in the bar, behind the menu button on phones. */
export async function languageSwitch(page: Page, testInfo: TestInfo, name: string) {
  const target = navBar(page).getByRole('button', { name: new RegExp(`${name}$`) });
  if (isPhone(testInfo)) {
    // Opened until the switch shows: twice in CI, on a page the previous switch had just loaded
    // anew, the menu was closed again after one press and the journey waited out its time.
    const toggle = navBar(page).getByRole('button', { name: /メニューを開く|Open menu/ });
    await expect(async () => {
      if (!(await target.isVisible()) && (await toggle.isVisible())) await toggle.click();
      await expect(target).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  return target;
}
