import { readFileSync } from 'node:fs';
import type { Tool } from '@kanna/shared/catalog';
import type { Page, TestInfo } from '@playwright/test';
import { forgetCookies } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  isPhone,
  saveScreen,
  test,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { payByTestCard } from './support/orders';
import { addOwnTools, apiSampleTools, journeyToolMark } from './support/tools';

/**
 * Lists that grow (docs/decisions/0015): a customer with 52 orders; the admin finds
 * them by the customer's e-mail, filters by state and by days, pages with Load more and a
 * smaller page size, shares the filtered address, and exports the same selection as CSV; the
 * admin's users list searches and filters by role; the catalogue and the reviews open at a
 * later page from a ?cursor= link; the customer pages their own orders. Phone and desktop run
 * at the same time against one server: each signs up its own customer and counts only its orders.
 */

const demoAdmin = { email: 'admin@kanna.example', password: 'kanna-admin' };
const ORDERS = 52;

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Better Auth wants the shop's own Origin on every POST; page.request shares the page's cookies. */
async function authPost(page: Page, path: string, data: unknown): Promise<void> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(path, { data, headers: { Origin: origin } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
}

/** A day as a date field takes it (`2026-11-24`), in the browser's time zone, `offset` days from today. */
async function localDay(page: Page, offset = 0): Promise<string> {
  return page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, offset);
}

type Placed = { id: string; number: string; tools: string[] };

/**
 * The customer's orders through the API, oldest first: the first has two lines, the rest one;
 * all paid but the last two (one left unpaid, one cancelled) — a buyer may hold only 10 unpaid
 * orders. The set-up speaks as a few clients of its own (X-Forwarded-For, as the fixtures do),
 * so the per-client limits on payments do not slow it down.
 */
async function placeOrders(page: Page, testInfo: TestInfo, tools: Tool[]): Promise<Placed[]> {
  const origin = new URL(page.url()).origin;
  const lane = isPhone(testInfo) ? 1 : 2;
  const placed: Placed[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const headers = { Origin: origin, 'x-forwarded-for': `10.254.${lane}.${10 + Math.floor(i / 20)}` };
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(path, { data, headers });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
      return response.json();
    };
    const first = tools[i % tools.length] as Tool;
    const second = tools[(i + 1) % tools.length] as Tool;
    const lines =
      i === 0
        ? [
            { toolId: first._id, quantity: first.minQuantity },
            { toolId: second._id, quantity: second.minQuantity },
          ]
        : [{ toolId: first._id, quantity: first.minQuantity }];
    const { insertedId } = await post('/api/order', {
      lines,
      phone: '0794820471',
      address: `2-14-3 Kanamono-cho, Miki (order ${i + 1})`,
    });
    const got = await page.request.get(`/api/orders/order/${insertedId}`, { headers });
    placed.push({
      id: insertedId,
      number: (await got.json()).number,
      tools: i === 0 ? [first.productName, second.productName] : [first.productName],
    });
    if (i === ORDERS - 2) continue; // left unpaid
    if (i === ORDERS - 1) {
      const cancelled = await page.request.delete(`/api/order/${insertedId}`, { headers });
      expect(cancelled.ok(), `DELETE /api/order: ${await cancelled.text()}`).toBe(true);
      continue;
    }
    await payByTestCard(page, insertedId, headers);
  }
  return placed;
}

test('the admin searches, filters, pages and exports orders; users and the catalogue page; a customer pages their orders', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // 52 orders are placed and paid through the API first; a busy 2-core machine needs the room.
  test.setTimeout(600_000);
  const s = stamp();
  const customer = {
    name: `Lister ${testInfo.project.name} ${s}`,
    email: `lister-${testInfo.project.name}-${s}@kanna.example`,
    password: `pw-${s}`,
  };

  await page.goto('/');
  await authPost(page, '/api/auth/sign-up/email', customer);
  expect(
    (await page.request.get(await verificationLink(customer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  // Two tools of its own, stocked for its orders: other journeys' orders never use them up.
  const tools = await test.step('set-up: two tools of its own, added by the administrator', () =>
    addOwnTools(browser, baseURL ?? '', testInfo, [
      { name: 'Hira Nomi', kind: 'chisel', minQuantity: 10, maxQuantity: 2000, perPrice: 6.5 },
      { name: 'Ryoba Saw', kind: 'saw', minQuantity: 10, maxQuantity: 2000, perPrice: 6.5 },
    ]));
  const placed = await test.step(`set-up: ${ORDERS} orders through the API`, () =>
    placeOrders(page, testInfo, tools));
  const multiLine = placed[0] as Placed;
  const unpaid = placed[ORDERS - 2] as Placed;
  const cancelled = placed[ORDERS - 1] as Placed;

  await test.step('a customer pages their own orders', async () => {
    await page.goto('/dashboard/myOrders');
    // 51 listed (a cancelled order is not): the newest 50, then the first order, with two
    // tools, after Load more.
    const table = page.getByRole('table', { name: /Your orders/ });
    const twoTools = table.getByText(`${multiLine.tools[0]} and 1 more tool`);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
    await expect(twoTools).toHaveCount(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(twoTools.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  await forgetCookies(page);
  await authPost(page, '/api/auth/sign-in/email', demoAdmin);
  const rows = page.getByRole('table', { name: /All orders/ }).getByRole('row');
  const status = page.getByText(/orders? shown/);

  await test.step("all orders: the customer's e-mail finds their orders; Load more pages", async () => {
    await page.goto('/dashboard/allOrders');
    await expect(page.getByRole('heading', { level: 1, name: 'All orders' })).toBeVisible();
    await page.getByLabel('Search').fill(customer.email);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(customer.email)}$`));
    await expect(rows).toHaveCount(51); // the header row and the first 50
    await expect(status).toHaveText('50 orders shown, newest first; more below.');
    await page.getByRole('button', { name: 'Load more orders' }).click();
    await expect(rows).toHaveCount(ORDERS + 1);
    await expect(status).toHaveText(`${ORDERS} orders shown.`);
    await expect(page.getByRole('button', { name: 'Load more orders' })).toHaveCount(0);
    // The two-line order, the oldest, is last; it lists both tools.
    const last = rows.last();
    for (const name of multiLine.tools) await expect(last).toContainText(name);
    await expect(last).toContainText(multiLine.number);
  });

  await test.step('an order number finds that order', async () => {
    await page.getByLabel('Search').fill(multiLine.number);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(multiLine.number);
    await page.getByLabel('Search').fill(customer.email);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(customer.email)}$`));
    await expect(rows.first()).toBeVisible();
  });

  await test.step('a smaller page: the page size lives in the address too', async () => {
    await page.getByLabel('Orders per page').selectOption('10');
    await expect(page).toHaveURL(/&limit=10$/);
    await expect(rows).toHaveCount(11);
    await page.getByRole('button', { name: 'Load more orders' }).click();
    await expect(rows).toHaveCount(21);
    // Focus moves to the first order that arrived, so a keyboard user carries on from there.
    await expect(rows.nth(11)).toBeFocused();
    await expectNoSidewaysScroll(page, 'all orders');
    await saveScreen(page, 'lists-all-orders-paged', testInfo);
    await expectAccessible(page, `all orders, paged (${testInfo.project.name})`);
    await page.getByLabel('Orders per page').selectOption('50');
  });

  await test.step('filter by state, then by days; Back returns to the earlier filter', async () => {
    await page.getByLabel('State').selectOption('unpaid');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('unpaid');
    await expect(rows.nth(1)).toContainText(unpaid.number);
    await page.getByLabel('State').selectOption('cancelled');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(cancelled.number);
    await page.getByLabel('State').selectOption('paid');
    await expect(rows).toHaveCount(51);
    await expect(rows.filter({ hasText: 'Pending' })).toHaveCount(50);
    await expect(page.getByRole('button', { name: 'Load more orders' })).toHaveCount(0);

    await page.goBack();
    await expect(page.getByLabel('State')).toHaveValue('cancelled');
    await expect(rows).toHaveCount(2);
    await page.getByLabel('State').selectOption('');

    const today = await localDay(page);
    const tomorrow = await localDay(page, 1);
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}$`));
    await expect(status).toHaveText('50 orders shown, newest first; more below.');
    await page.getByLabel('From').fill(tomorrow);
    await page.getByLabel('To').fill(tomorrow);
    await expect(page.getByText('No order matches these filters.')).toBeVisible();
    await expectNoSidewaysScroll(page, 'all orders, nothing matches');
    await saveScreen(page, 'lists-all-orders-none', testInfo);
    await expectAccessible(page, `all orders, nothing matches (${testInfo.project.name})`);
    await page.getByRole('button', { name: 'Show every order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/allOrders$/);
  });

  await test.step('a shared address opens the same filtered list', async () => {
    await page.goto(`/dashboard/allOrders?status=unpaid&q=${encodeURIComponent(customer.email)}`);
    await expect(page.getByLabel('State')).toHaveValue('unpaid');
    await expect(page.getByLabel('Search')).toHaveValue(customer.email);
    await expect(rows).toHaveCount(2);
    await expectNoSidewaysScroll(page, 'all orders, filtered');
    await saveScreen(page, 'lists-all-orders-filtered', testInfo);
    await expectAccessible(page, `all orders, filtered (${testInfo.project.name})`);
  });

  await test.step('Export CSV downloads the same selection', async () => {
    await page.goto(`/dashboard/allOrders?q=${encodeURIComponent(customer.email)}`);
    await expect(rows).toHaveCount(51);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Export CSV/ }).click(),
    ]);
    const file = testInfo.outputPath('orders.csv');
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)], 'a UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'order_id,created_at,state,customer_name,customer_email,phone,address,line,product,quantity,unit_price,line_total,order_total,paid_at,shipped_at,test_payment,transaction_id,order_number,country,shipping,tax,tax_rate,amount_due,payment_method,sku,jan,currency,company,billing_address,po_number,requested_date',
    );
    // One row per line: 52 orders, one of them with two lines.
    expect(lines).toHaveLength(1 + ORDERS + 1);
    const unpaidRow = lines.find((line) => line.startsWith(`${unpaid.id},`));
    expect(unpaidRow, 'a row for the unpaid order').toBeDefined();
    expect(unpaidRow).toContain(`,unpaid,${customer.name},${customer.email},`);
    // The order number, then where it goes; an unpaid one-line order by card in a shop that charges nothing
    // more, of a tool without product codes, in dollars, of a buyer naming no company, billing
    // address, purchase-order number or delivery date (the last four).
    expect(unpaidRow).toContain(`,${unpaid.number},JP,0.00,0.00,,`);
    expect(unpaidRow?.endsWith(',card,,,USD,,,,')).toBe(true);
    expect(lines.filter((line) => line.startsWith(`${multiLine.id},`))).toHaveLength(2);
  });

  await test.step('users: search by e-mail, filter by role', async () => {
    await page.goto('/dashboard/users');
    const table = page.getByRole('table', { name: /All users/ });
    await page.getByLabel('Search by e-mail or name').fill(customer.email);
    await expect(page).toHaveURL(/\?q=/);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(customer.name);
    await page.getByLabel('Role').selectOption('admin');
    await expect(page.getByText('No user matches your search.')).toBeVisible();
    await page.getByLabel('Search by e-mail or name').fill('admin@kanna');
    await expect(table.getByRole('row', { name: /admin@kanna\.example/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 'users');
    await saveScreen(page, 'lists-users-filtered', testInfo);
    await expectAccessible(page, `users, filtered (${testInfo.project.name})`);
  });

  await test.step('manage products lists the catalogue', async () => {
    await page.goto('/dashboard/manageAllProducts');
    await expect(
      page
        .getByRole('table', { name: /Products on sale/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible();
    await expectAccessible(page, `manage products (${testInfo.project.name})`);
  });

  await test.step('the catalogue and the reviews open at a later page from a ?cursor= link', async () => {
    const firstPage = await page.request.get('/api/handTools?limit=4');
    const next = /cursor=([^&>]+)/.exec(firstPage.headers().link ?? '')?.[1];
    expect(next, 'the catalogue has more than 4 tools').toBeTruthy();
    const after = (await (await page.request.get(`/api/handTools?cursor=${next}`)).json()) as Tool[];
    await page.goto(`/allProduct?cursor=${next}`);
    const headings = page.getByRole('main').getByRole('article').getByRole('heading');
    await expect(headings).toHaveText(after.map((t) => t.productName));
    await expect(page.getByRole('link', { name: 'Start from the first tools' })).toHaveAttribute(
      'href',
      '/allProduct',
    );
    await expectNoSidewaysScroll(page, 'a later page of the catalogue');
    await saveScreen(page, 'lists-all-products-later', testInfo);
    await expectAccessible(page, `a later page of the catalogue (${testInfo.project.name})`);

    const reviews = await page.request.get('/api/review?limit=2');
    const reviewCursor = /cursor=([^&>]+)/.exec(reviews.headers().link ?? '')?.[1];
    expect(reviewCursor, 'the sample data has more than 2 reviews').toBeTruthy();
    await page.goto(`/allReview?cursor=${reviewCursor}`);
    await expect(page.getByRole('link', { name: 'Start from the newest reviews' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await saveScreen(page, 'lists-all-reviews-later', testInfo);
    await expectAccessible(page, `a later page of the reviews (${testInfo.project.name})`);
  });
});

test('the catalogue loads more as the visitor scrolls, with a real link to the next page and no layout shift', async ({
  page,
}, testInfo) => {
  // Small pages (4 tools) so the sample catalogue has several: the page asks without a limit.
  await page.route('**/api/handTools**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname !== '/api/handTools') return route.continue();
    url.searchParams.set('limit', '4');
    await route.continue({ url: url.toString() });
  });
  const sample = (await apiSampleTools(page.request)).map((t) => t.productName);
  expect(sample.length, 'the sample catalogue spans several pages of 4').toBeGreaterThan(8);
  // The server draws the first page itself, and the sample catalogue fits in one: here the page
  // comes as the plain shell (as for a search, or any page the server does not draw), so the
  // browser asks for the first page too, 4 tools of it.
  const shell = await (await page.request.get('/login')).text();
  await page.route(/\/allProduct$/, (route) => route.fulfill({ contentType: 'text/html', body: shell }));
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) w.shifted += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

  await page.goto('/allProduct');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  const more = page.getByRole('link', { name: 'More tools' });
  await expect(more).toHaveAttribute('href', /^\/allProduct\?cursor=[\w-]+$/);
  // What is measured from here is loading more; the first page's own painting is the home and
  // catalogue pages' Lighthouse figure (bench/lighthouse.mjs), not this journey's.
  await page.evaluate(() => {
    (window as unknown as { shifted: number }).shifted = 0;
  });

  // Scrolling down a screen at a time, as a visitor reads, loads the next pages by themselves
  // before the end comes into view, until the last page is there. The link is there as long as a
  // next page is, named "Loading more…" while it is fetched.
  const next = page.getByRole('link', { name: /^(More tools|Loading more…)$/ });
  const loading = page.getByText('Loading more…');
  // Two frames and a moment: the observer reports, the next page is asked for. Half a second at
  // most for the frames: headless Chromium sometimes draws none for a while.
  const aMoment = () =>
    page.evaluate(async () => {
      await new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 500);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  for (let step = 0; step < 80 && (await next.count()) > 0; step++) {
    await page.evaluate(() => window.scrollBy(0, Math.floor(window.innerHeight * 0.8)));
    // The visitor reads on once nothing is loading, twice in a row a moment apart: a page that
    // arrives may ask for the next one at once.
    for (let quiet = 0; quiet < 2; ) {
      await aMoment();
      if ((await loading.count()) === 0) quiet++;
      else {
        quiet = 0;
        await expect(loading).toHaveCount(0);
      }
    }
  }
  await expect(next).toHaveCount(0);
  // Every tool once, newest first. Other journeys add (and delete) tools of their own meanwhile:
  // the sample data's are the ones whose list is known.
  const shown = await cards.getByRole('heading').allTextContents();
  expect(new Set(shown).size, 'no tool twice').toBe(shown.length);
  expect(shown.filter((name) => !name.startsWith(journeyToolMark))).toEqual(sample);
  const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
  expect(shifted, 'cumulative layout shift while loading more').toBeLessThan(0.1);
  await expectAccessible(page, `the catalogue after loading every page (${testInfo.project.name})`);
});
