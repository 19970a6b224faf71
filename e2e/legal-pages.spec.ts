import type { Page } from '@playwright/test';
import { demoAdmin } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';

/**
 * The owner's legal pages (docs/pages.md, decision 0054): the owner opens the pages editor from
 * the overview, writes the 特定商取引法に基づく表記 in Japanese, previews it as it will be
 * served, marks it complete and saves it; a visitor then opens it from the footer, in English
 * and in Japanese, each at its own address.
 *
 * The phone and desktop runs share one shop and the same page. Each writes a text of its own
 * (its last line names the run): had both written the same text, the run that came second would
 * have typed what was already saved and seen no unsaved change. Both name the same seller, so a
 * visitor of either run reads it whichever text was saved last.
 */
const SELLER = '株式会社かんな工房';
const notice = (run: string) =>
  [
    '| 項目 | 内容 |',
    '|---|---|',
    `| 販売業者 | ${SELLER} |`,
    '| 運営統括責任者 | 山田 太郎 |',
    '| 所在地 | 〒673-0432 兵庫県三木市金物町2-14-3 |',
    '| 電話番号 | 0794-82-0471（平日 10:00〜17:00） |',
    '| お支払い方法 | クレジットカード、銀行振込 |',
    '| 返品・交換 | 商品到着後8日以内にご連絡ください。 |',
    '',
    '## 返品について',
    '',
    '不良品は送料当店負担で交換します。',
    '',
    `（${run}）`,
  ].join('\n');

/** Better Auth wants the shop's own Origin on every POST; page.request shares the page's cookies. */
async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

test('the owner completes the 特定商取引法 page in Japanese; a visitor opens it from the footer in both languages', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? '';

  await test.step('the owner opens the pages editor from the overview', async () => {
    await page.goto('/');
    await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
    await page.goto('/dashboard/overview');
    const pages = page.getByRole('region', { name: 'Shop pages' });
    await expect(pages).toBeVisible();
    await pages.getByRole('link', { name: 'Edit the pages' }).click();
    await expect(page).toHaveURL(/\/dashboard\/pages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  });

  await test.step('writes the notice in Japanese and previews it as it will be served', async () => {
    await page.getByRole('combobox', { name: 'Page' }).selectOption('tokushoho');
    // The choice is kept in the address; the owner types once the page has opened there.
    await expect(page).toHaveURL(/[?&]page=tokushoho/);
    await page.getByRole('radio', { name: '日本語' }).check();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('特定商取引法に基づく表記');
    const text = page.getByRole('textbox', { name: 'Text (Markdown)' });
    await text.fill(notice(`${testInfo.project.name} ${Date.now().toString(36)}`));
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('cell', { name: SELLER })).toBeVisible();
    await expect(preview.getByRole('heading', { name: '返品について' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the pages editor with its preview');
    await expectAccessible(page, `the pages editor (${testInfo.project.name})`);
    await saveScreen(page, 'legal-editor-preview', testInfo);
  });

  await test.step('marks it complete and saves', async () => {
    await page.getByRole('checkbox', { name: /This page is complete/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved “特定商取引法に基づく表記”.')).toBeVisible();
    await expect(page.getByText('You have unsaved changes.')).toBeHidden();
    await expect(page.getByText(/Last saved by admin@kanna\.example/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Page' })).toContainText(
      '特定商取引法に基づく表記 — Complete',
    );
    await page.goto('/dashboard/overview');
    await expect(page.getByRole('link', { name: /Complete “Legal notice/ })).toHaveCount(0);
  });

  // Visitors with no cookies: one in English, one who chose Japanese.
  for (const lang of ['en', 'ja'] as const) {
    await test.step(`a visitor opens it from the footer in ${lang === 'en' ? 'English' : 'Japanese'}`, async () => {
      const context = await browser.newContext({ baseURL: origin });
      if (lang === 'ja') await context.addCookies([{ name: 'lang', value: 'ja', url: origin }]);
      const visitor = await context.newPage();
      try {
        await visitor.goto('/');
        const footer = visitor.getByRole('contentinfo');
        await footer.scrollIntoViewIfNeeded();
        await footer
          .getByRole('link', { name: lang === 'en' ? 'Legal notice' : '特定商取引法に基づく表記' })
          .click();
        await expect(visitor).toHaveURL(lang === 'en' ? /\/legal\/tokushoho$/ : /\/ja\/legal\/tokushoho$/);
        const article = visitor.getByRole('article');
        if (lang === 'ja') {
          await expect(
            visitor.getByRole('heading', { level: 1, name: '特定商取引法に基づく表記' }),
          ).toBeVisible();
          await expect(article.getByRole('cell', { name: SELLER })).toBeVisible();
          await expect(article).not.toContainText('ひな形');
        } else {
          await expect(
            visitor.getByRole('heading', {
              level: 1,
              name: 'Legal notice (Specified Commercial Transactions Act)',
            }),
          ).toBeVisible();
          // The English text is still the template; the page links its Japanese twin.
          await expect(article).toContainText('[TO FILL IN');
          await article.getByRole('link', { name: '日本語で読む' }).click();
          await expect(visitor).toHaveURL(/\/ja\/legal\/tokushoho$/);
          await expect(article.getByRole('cell', { name: SELLER })).toBeVisible();
          await visitor.goBack();
          await expect(visitor).toHaveURL(/\/legal\/tokushoho$/);
        }
        await expectNoSidewaysScroll(visitor, `the legal notice in ${lang}`);
        await expectAccessible(visitor, `the legal notice in ${lang} (${testInfo.project.name})`);
        await saveScreen(visitor, `legal-notice-${lang}`, testInfo);

        // The same page straight from the server, before any JavaScript: its text is in the HTML.
        const served = await visitor.request.get(lang === 'en' ? '/legal/tokushoho' : '/ja/legal/tokushoho');
        expect(served.status()).toBe(200);
        const html = await served.text();
        expect(html).toMatch(new RegExp(`<html[^>]*lang="${lang}"`));
        if (lang === 'ja') expect(html).toContain(`<td>${SELLER}</td>`);
        else expect(html).toContain('Legal notice (Specified Commercial Transactions Act)</h1>');
      } finally {
        await context.close();
      }
    });
  }
});
