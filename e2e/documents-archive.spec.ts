import { readFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { demoAdmin, forgetCookies } from './support/accounts';
import { businessShop, historyMadeAt, lastMonthBuyer } from './support/business';
import { expect, expectAccessible, expectNoSidewaysScroll, saveScreen, test } from './support/fixtures';

/**
 * The archive of issued documents (docs/orders.md, "The document archive"; decision 0052), as the
 * Electronic Bookkeeping Act has it used: the owner finds last month's invoice of a buyer by the
 * month's dates and an amount range (in English, then in Japanese) and downloads it; the buyer
 * downloads the invoice from their order's page and gets the very same bytes. The second shop lived
 * through last month before it opened (e2e/support/shop-with-history.mjs): each project's buyer paid
 * an order at a price of their own then, its invoice issued that day, and the shop's settings have
 * changed since (the other journeys on that shop save theirs).
 */

test.use({ baseURL: businessShop });

/** Better Auth and the shop want the shop's own Origin on every POST; page.request shares the page's cookies. */
async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { Origin: new URL(page.url()).origin } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Clicks `link`; the bytes it downloads, which must be a PDF, and the file's name. */
async function download(page: Page, link: Locator): Promise<{ bytes: Buffer; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { bytes, name: file.suggestedFilename() };
}

async function checkScreen(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  await expectNoSidewaysScroll(page, screen);
  await expectAccessible(page, `${screen} (${testInfo.project.name})`);
  await saveScreen(page, screen, testInfo);
}

/** A day as the archive's fields take it: `2026-11-05`, in `timeZone`. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

/**
 * The month before `now`'s and `now`'s month up to `now`, as day ranges of the shop's calendar;
 * the month's name in each language.
 */
function months(timeZone: string, now: Date) {
  const today = dayIn(now, timeZone);
  const [year = 0, month = 0] = today.split('-').map(Number);
  // Date.UTC counts months from 0: `month - 1` is this month, `month - 2` the last, day 0 the day before the 1st.
  const first = new Date(Date.UTC(year, month - 2, 1, 12));
  const last = new Date(Date.UTC(year, month - 1, 0, 12));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    last: { from: iso(first), to: iso(last) },
    this: { from: `${today.slice(0, 8)}01`, to: today },
    // 'Nov' and '2026', '2026年11月' as the cards write a date of last month.
    en: [
      new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(first),
      String(first.getUTCFullYear()),
    ],
    ja: `${first.getUTCFullYear()}年${first.getUTCMonth() + 1}月`,
  };
}

test('the owner finds last month’s invoice of a buyer by its dates and amount in the archive; the buyer’s own download is the same bytes', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const buyer = lastMonthBuyer(testInfo);
  const amount = buyer.amount;
  await page.goto('/');
  const { timeZone } = (await (await page.request.get('/api/settings')).json()) as { timeZone: string };
  // Months as they were when the history was made: a run may cross midnight into a new month.
  const month = months(timeZone, historyMadeAt());
  await post(page, '/api/auth/sign-in/email', demoAdmin);

  const fromArchive =
    await test.step('the owner finds the invoice by last month’s dates and an amount range, and downloads it', async () => {
      await page.goto('/dashboard/documents');
      await expect(page.getByRole('heading', { level: 1, name: 'Document archive' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Issued documents, newest first' });
      await page.getByLabel('Issued from').fill(month.last.from);
      await page.getByLabel('Issued to').fill(month.last.to);
      await expect(page, 'the list follows the dates').toHaveURL(
        new RegExp(`[?&]from=${month.last.from}&to=${month.last.to}$`),
      );
      await expect(list.getByRole('article'), 'last month issued both buyers’ invoices').toHaveCount(2);
      // The other project's buyer paid 5 cents more or less: a range of 4 cents either side finds this one alone.
      await page.getByLabel('Amount from ($)').fill((amount - 0.04).toFixed(2));
      await page.getByLabel('Amount to ($)').fill((amount + 0.04).toFixed(2));
      await expect(page, 'the list follows the amounts').toHaveURL(
        new RegExp(`[?&]from=${month.last.from}&to=${month.last.to}&min=[^&]+&max=`),
      );
      const card = list.getByRole('article').filter({ hasText: buyer.name });
      await expect(card).toHaveCount(1);
      await expect(list.getByRole('article')).toHaveCount(1);
      await expect(card).toContainText('Invoice');
      await expect(card).toContainText(`Order ${buyer.order.number}`);
      const issued = card.locator('time');
      for (const part of month.en) await expect(issued, 'issued last month').toContainText(part);
      const issuedOn = dayIn(new Date((await issued.getAttribute('datetime')) ?? ''), timeZone);
      expect(issuedOn >= month.last.from && issuedOn <= month.last.to, `issued on ${issuedOn}`).toBe(true);
      await checkScreen(page, testInfo, 'documents-archive');
      const number = ((await card.getByRole('heading').textContent()) ?? '').split(' · ')[0] ?? '';
      expect(number).toMatch(new RegExp(`^INV-${month.last.from.slice(0, 4)}-\\d{6}$`));
      const file = await download(page, card.getByRole('link', { name: `Download ${number}` }));
      expect(file.name).toBe(`${number}.pdf`);
      return { number, bytes: file.bytes, url: page.url() };
    });

  await test.step('this month’s dates do not list it', async () => {
    await page.getByLabel('Issued to').fill(month.this.to);
    await page.getByLabel('Issued from').fill(month.this.from);
    await expect(page).toHaveURL(new RegExp(`[?&]from=${month.this.from}&to=${month.this.to}&`));
    await expect(page.getByText('No documents match this search.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });

  await test.step('the same search in Japanese', async () => {
    await page.context().addCookies([{ name: 'lang', value: 'ja', url: new URL(page.url()).origin }]);
    await page.goto(fromArchive.url);
    await expect(page.getByRole('heading', { level: 1, name: '書類アーカイブ' })).toBeVisible();
    await expect(page.getByLabel('発行日（開始）')).toHaveValue(month.last.from);
    await expect(page.getByLabel('金額（下限、ドル）')).toHaveValue((amount - 0.04).toFixed(2));
    const card = page.getByRole('list', { name: '発行済みの書類（新しい順）' }).getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('請求書');
    await expect(card).toContainText(fromArchive.number);
    await expect(card.locator('time')).toContainText(month.ja);
    await checkScreen(page, testInfo, 'documents-archive-ja');
    const file = await download(
      page,
      card.getByRole('link', { name: `${fromArchive.number} をダウンロード` }),
    );
    expect(
      Buffer.compare(file.bytes, fromArchive.bytes),
      'the archive’s Japanese screen gives the same document',
    ).toBe(0);
    await page.context().addCookies([{ name: 'lang', value: 'en', url: new URL(page.url()).origin }]);
  });

  await forgetCookies(page);
  await post(page, '/api/auth/sign-in/email', { email: buyer.email, password: buyer.password });

  await test.step('the buyer downloads the invoice from their order page: the same bytes', async () => {
    await page.goto(`/dashboard/myOrders/${buyer.order.id}`);
    const documents = page.getByRole('region', { name: 'Documents' });
    const file = await download(page, documents.getByRole('link', { name: /^Invoice/ }));
    expect(file.name).toBe(`${buyer.order.number}-invoice.pdf`);
    expect(Buffer.compare(file.bytes, fromArchive.bytes)).toBe(0);
  });
});
