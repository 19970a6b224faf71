import type { AuditEntry } from '@kanna/shared/audit';
import type { Tool } from '@kanna/shared/catalog';
import type { Enquiry } from '@kanna/shared/orders';
import type { ShopSettingsAnswer } from '@kanna/shared/shop-settings';
import type { Page, TestInfo } from '@playwright/test';
import { demoAdmin, forgetCookies, uniqueUser } from './support/accounts';
import { expect, expectAccessible, expectNoSidewaysScroll, saveScreen, test } from './support/fixtures';
import { englishWordsOn } from './support/japanese';
import { verificationLink } from './support/mail';
import { apiReviews, apiTools } from './support/site';
import { addOwnTools } from './support/tools';

/**
 * The administrator's screens in Japanese (docs/languages.md, "Two languages"): the demo
 * administrator, with the lang cookie set to Japanese in a Japanese browser, walks the overview,
 * All orders (filtered to a buyer of this journey), that buyer's orders with their dialogs (ship,
 * cancel and record payment opened and closed; a note added), Manage Product with a tool's stock
 * history and form, Add Product and its refusals, Users, Enquiries, the audit log and the
 * settings (opened, not saved: the first shop's), then the blog and the portfolio. Nothing on
 * them is English but the shop's data (tools, names, addresses, what people typed), e-mail
 * addresses, the brand, prices and a few names of formats and tools. Screenshots at both widths.
 */

test.use({ locale: 'ja-JP' });

/** Names of formats, standards and software a Japanese page writes as they are. */
const namesKeptAsTheyAre = [
  'CSV',
  'JPEG',
  'PNG',
  'WebP',
  'AVIF',
  'MB',
  'KB',
  'SWIFT/BIC',
  'SWIFT',
  'BIC',
  'JP',
  'KR',
  'TW',
];

/** What the blog and the portfolio name as it is: software, standards and formats. */
const technicalNames = [
  'DATABASE_URL',
  'PostgreSQL',
  'PGlite',
  'WebAssembly',
  'SQL',
  'httpOnly',
  'Cookie',
  'JavaScript',
  'CSS',
  'TypeScript',
  'React',
  'Node.js',
  'Fastify',
  'Drizzle ORM',
  'Tailwind CSS',
  'WCAG',
  'Vitest',
  'Playwright',
  'Vite',
];

/** A value from a list of the API's own words (a state, a role, a kind, a payment method): never data. */
const apiWord = /^[a-z]+$|^payment recorded$/;

/**
 * Every string inside `value` (an entry's before and after, an order), whole and as the log
 * shortens it; not the API's own words ('paid', 'admin', 'card'), which the page must say in Japanese.
 */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') {
    if (apiWord.test(value)) return [];
    return value.length > 60 ? [value, value.slice(0, 57)] : [value];
  }
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * The shop's data as it is now, read as the administrator: the tools and reviews, the enquiries
 * (who, about what, what they wrote), the audit log's actors and targets (a removed review's
 * author and text), what its entries recorded, and the settings' own texts. Read again at each
 * check, since the other journeys keep adding to it.
 */
async function shopDataNow(page: Page): Promise<string[]> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await page.request.get(path);
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  };
  // The audit log's newest 200 of every kind, and of notes alone (the page filtered to notes shows
  // notes older than the 200 newest entries of all kinds when many journeys write at once).
  const [tools, reviews, enquiries, everyKind, notes, settings] = await Promise.all([
    apiTools(page.request, 200),
    apiReviews(page.request, 200),
    get<Enquiry[]>('/api/enquiries'),
    get<AuditEntry[]>('/api/audit?limit=200'),
    get<AuditEntry[]>('/api/audit?limit=200&kind=order.note'),
    get<ShopSettingsAnswer>('/api/shop-settings'),
  ]);
  const audit = [...everyKind, ...notes];
  const review = (label: string) => /^(.*)’s review “(.*)”$/s.exec(label)?.slice(1) ?? [label];
  return [
    ...tools.flatMap((t) => [t.productName, t.description, t.productNameJa ?? '', t.descriptionJa ?? '']),
    ...reviews.flatMap((r) => [r.name, r.description]),
    ...enquiries.flatMap((e) => [e.productName, e.name, e.message, e.answeredBy ?? '']),
    ...audit.flatMap((e) => [
      e.actor.name,
      ...(e.target.type === 'settings' ? [] : review(e.target.label)),
      ...stringsIn(e.before),
      ...stringsIn(e.after),
    ]),
    ...stringsIn(settings.settings),
    settings.updatedBy ?? '',
  ].filter((text) => text.length > 1);
}

/** The page is in Japanese: `<html lang="ja">`, and no English word but the data, read afresh each try. */
async function expectJapanese(page: Page, what: string, also: string[] = []): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect
    .poll(async () => englishWordsOn(page, await shopDataNow(page), [...also, ...namesKeptAsTheyAre]), {
      message: `English words on ${what}`,
      timeout: 15_000,
    })
    .toEqual([]);
}

async function lookAt(page: Page, name: string, testInfo: TestInfo, what: string): Promise<void> {
  await expectNoSidewaysScroll(page, what);
  await expectAccessible(page, `${what} (${testInfo.project.name})`);
  await saveScreen(page, `japanese-admin-${name}`, testInfo);
}

/** Better Auth and the shop want the shop's own Origin on every POST; page.request shares the page's cookies. */
async function post(page: Page, path: string, data: unknown): Promise<{ [key: string]: unknown }> {
  const response = await page.request.post(path, { data, headers: { Origin: new URL(page.url()).origin } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

type Placed = { id: string; number: string };

/** An order of the tool's minimum placed through the API as the signed-in buyer; paid with the test card when `pay`. */
async function placeOrder(page: Page, tool: Tool, address: string, pay: boolean): Promise<Placed> {
  const { insertedId } = (await post(page, '/api/order', {
    lines: [{ toolId: tool._id, quantity: tool.minQuantity }],
    phone: '0312345678',
    address,
  })) as { insertedId: string };
  if (!pay) {
    const response = await page.request.get(`/api/orders/${insertedId}`);
    return { id: insertedId, number: ((await response.json()) as { number: string }).number };
  }
  const { clientSecret } = await post(page, '/api/create-payment-intent', { orderId: insertedId });
  const { transactionId } = await post(page, '/api/test-payments/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  const paid = await page.request.patch(`/api/order/${insertedId}`, {
    data: { transactionId },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(paid.ok(), `PATCH /api/order: ${await paid.text()}`).toBe(true);
  return { id: insertedId, number: ((await paid.json()) as { number: string }).number };
}

/** A dialog by its name, checked in Japanese while open, then closed by its button `close`. */
async function openAndClose(
  page: Page,
  testInfo: TestInfo,
  open: () => Promise<void>,
  {
    name,
    close,
    screen,
    also = [],
  }: { name: string | RegExp; close: string; screen?: string; also?: string[] },
) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectJapanese(page, `the dialog ${name}`, also);
  if (screen) await saveScreen(page, `japanese-admin-${screen}`, testInfo);
  await dialog.getByRole('button', { name: close, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('the administrator reads every admin screen in Japanese', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(360_000);
  const buyer = uniqueUser(testInfo, 'Admin JA buyer');
  const address = '〒104-0061 東京都中央区銀座1-2-3';
  const origin = new URL(baseURL ?? '').origin;

  const [tool] = await test.step('set-up: a tool of its own', () =>
    addOwnTools(browser, baseURL ?? '', testInfo, [
      { name: 'Admin JA Kanna', kind: 'plane', minQuantity: 10, maxQuantity: 400, perPrice: 8.4 },
    ]));
  if (!tool) throw new Error('the tool was not added');

  const { paid, unpaid } =
    await test.step('set-up: a buyer pays one order, leaves one unpaid and asks a question', async () => {
      await page.goto('/');
      await post(page, '/api/auth/sign-up/email', buyer);
      expect(
        (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
      ).toBeLessThan(400);
      const placed = {
        paid: await placeOrder(page, tool, address, true),
        unpaid: await placeOrder(page, tool, address, false),
      };
      await post(page, '/api/enquiries', {
        toolId: tool._id,
        quantityWanted: 500,
        message: '名入れはできますか？',
      });
      return placed;
    });

  await test.step('the demo administrator signs in with the lang cookie set to Japanese', async () => {
    await forgetCookies(page);
    await page.context().addCookies([{ name: 'lang', value: 'ja', url: origin }]);
    await post(page, '/api/auth/sign-in/email', demoAdmin);
  });
  const people = [buyer.name, demoAdmin.email];
  /** What an order's page shows of the order itself (its transaction's id among them), as the API has it. */
  const orderData = async (id: string) => {
    const response = await page.request.get(`/api/orders/${id}`);
    expect(response.status(), `GET /api/orders/${id}`).toBe(200);
    return [...people, ...stringsIn(await response.json())];
  };

  await test.step('the overview', async () => {
    await page.goto('/dashboard/overview');
    await expect(page.getByRole('heading', { level: 1, name: '概要' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '直近8週間の売上' })).toBeVisible();
    await expectJapanese(page, 'the overview');
    await lookAt(page, 'overview', testInfo, 'the overview in Japanese');
  });

  await test.step('All orders, filtered to the buyer and then to Pending', async () => {
    await page.goto('/dashboard/allOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'すべての注文' })).toBeVisible();
    await page.getByLabel('検索', { exact: true }).fill(buyer.email);
    await expect(page, 'the list follows the search box').toHaveURL(/[?&]q=/);
    await expect(page.getByRole('row').filter({ hasText: buyer.email })).toHaveCount(2);
    await expectJapanese(page, 'All orders', people);
    await lookAt(page, 'all-orders', testInfo, 'All orders in Japanese');
    await page.getByLabel('状態').selectOption({ label: '発送待ち（支払い済み・要発送）' });
    await expect(page).toHaveURL(/status=paid/);
    const row = page.getByRole('row').filter({ hasText: buyer.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('発送待ち');
    await expectJapanese(page, 'All orders, Pending', people);
    await openAndClose(page, testInfo, () => row.getByRole('button', { name: /^発送済みにする/ }).click(), {
      name: `注文 ${paid.number} を発送しますか？`,
      close: 'まだ発送しない',
      also: people,
    });
  });

  await test.step('the paid order: ship and cancel opened and closed, a note added', async () => {
    await page.getByRole('link', { name: `注文 ${paid.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${paid.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `注文 ${paid.number}` })).toBeVisible();
    const paidData = await orderData(paid.id);
    await expectJapanese(page, "the paid order's page", paidData);
    await openAndClose(
      page,
      testInfo,
      () => page.getByRole('button', { name: '発送', exact: true }).click(),
      {
        name: `注文 ${paid.number} を発送しますか？`,
        close: 'まだ発送しない',
        screen: 'ship-dialog',
        also: paidData,
      },
    );
    await openAndClose(page, testInfo, () => page.getByRole('button', { name: '注文をキャンセル' }).click(), {
      name: `注文 ${paid.number} をキャンセルしますか？`,
      close: '注文を残す',
      screen: 'cancel-dialog',
      also: paidData,
    });
    const notes = page.getByRole('region', { name: '社内メモ' });
    await notes.getByRole('textbox', { name: 'メモ' }).fill('午前中の配達をご希望です。');
    await expect(notes.getByText('13／2,000文字')).toBeVisible();
    await notes.getByRole('button', { name: 'メモを追加' }).click();
    await expect(notes.getByRole('status')).toHaveText('メモを追加しました。');
    await expect(notes.getByText('午前中の配達をご希望です。')).toBeVisible();
    await expectJapanese(page, "the paid order's page with its note", await orderData(paid.id));
    await lookAt(page, 'paid-order', testInfo, "the paid order's page in Japanese");
  });

  await test.step('the unpaid order: record payment opened and closed', async () => {
    await page.goto(`/dashboard/orders/${unpaid.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `注文 ${unpaid.number}` })).toBeVisible();
    const unpaidData = await orderData(unpaid.id);
    await expectJapanese(page, "the unpaid order's page", unpaidData);
    await lookAt(page, 'unpaid-order', testInfo, "the unpaid order's page in Japanese");
    await openAndClose(page, testInfo, () => page.getByRole('button', { name: '入金を記録' }).click(), {
      name: `注文 ${unpaid.number} の入金を記録`,
      close: '今はしない',
      screen: 'record-payment-dialog',
      also: unpaidData,
    });
  });

  await test.step('Manage Product, a stock history and a product form', async () => {
    await page.goto('/dashboard/manageAllProducts');
    await expect(page.getByRole('heading', { level: 1, name: '商品の管理' })).toBeVisible();
    await expect(page.getByRole('table', { name: '販売中の商品（新しい順）' })).toBeVisible();
    await expectJapanese(page, 'Manage Product');
    await lookAt(page, 'manage-products', testInfo, 'Manage Product in Japanese');
    await openAndClose(
      page,
      testInfo,
      () => page.getByRole('button', { name: `${tool.productName} の在庫履歴` }).click(),
      { name: '在庫履歴', close: '閉じる', screen: 'stock-history' },
    );
    await openAndClose(
      page,
      testInfo,
      () => page.getByRole('button', { name: `${tool.productName} を編集` }).click(),
      { name: `${tool.productName} を編集`, close: 'キャンセル', screen: 'edit-product' },
    );
  });

  await test.step('Add Product, and what it says of an empty form', async () => {
    await page.goto('/dashboard/addProduct');
    await expect(page.getByRole('heading', { level: 1, name: '商品を追加' })).toBeVisible();
    await expectJapanese(page, 'Add Product');
    await page.getByRole('button', { name: '商品を追加' }).click();
    await expect(page.getByText('商品名を入力してください')).toBeVisible();
    await expect(page.getByText('画像をアップロードしてください')).toBeVisible();
    await expectJapanese(page, "Add Product's refusals");
    await lookAt(page, 'add-product', testInfo, 'Add Product in Japanese');
  });

  await test.step('Users, found by e-mail', async () => {
    await page.goto('/dashboard/users');
    await expect(page.getByRole('heading', { level: 1, name: 'ユーザー' })).toBeVisible();
    await page.getByLabel('メールアドレスまたは名前で検索').fill(buyer.email);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByText('1人を表示しています。')).toBeVisible();
    await expectJapanese(page, 'Users', people);
    await lookAt(page, 'users', testInfo, 'Users in Japanese');
  });

  await test.step('Enquiries', async () => {
    await page.goto('/dashboard/enquiries?status=all');
    await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: '名入れはできますか？' }).first()).toBeVisible();
    await expectJapanese(page, 'Enquiries');
    await lookAt(page, 'enquiries', testInfo, 'Enquiries in Japanese');
  });

  await test.step('the audit log: the note added here among the entries', async () => {
    await page.goto('/dashboard/audit');
    await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();
    await page.getByLabel('種類').selectOption({ label: '注文メモ' });
    await expect(page.getByRole('article', { name: `${paid.number} にメモを追加しました` })).toBeVisible();
    await expectJapanese(page, 'the audit log of notes');
    await page.getByRole('button', { name: '条件をクリア' }).first().click();
    await expect(page).not.toHaveURL(/kind=/);
    // Unfiltered, the log holds what the journeys running meanwhile type (reasons, names) as they
    // write it, newer than any read of the data: its sentences for every kind are pinned by
    // audit-ja.test.ts, the page's own words by the filtered view above.
    await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();
    await lookAt(page, 'audit', testInfo, 'the audit log in Japanese');
  });

  await test.step('Settings, opened and left as they are', async () => {
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('form', { name: 'ショップ設定' })).toBeVisible();
    await expectJapanese(page, 'Settings');
    await lookAt(page, 'settings', testInfo, 'Settings in Japanese');
  });

  await test.step('the blog and the portfolio', async () => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'このショップのつくり' })).toBeVisible();
    await page.locator('details').evaluateAll((all) => {
      for (const details of all) (details as HTMLDetailsElement).open = true;
    });
    await expectJapanese(page, 'the blog', technicalNames);
    await lookAt(page, 'blog', testInfo, 'the blog in Japanese');
    await page.goto('/myPortfolio');
    await expect(page.getByRole('heading', { level: 2, name: 'スキル' })).toBeVisible();
    await expectJapanese(page, 'the portfolio', technicalNames);
    await lookAt(page, 'portfolio', testInfo, 'the portfolio in Japanese');
  });
});
