import type { Page, Request } from '@playwright/test';
import { expect, saveScreen, test } from './support/fixtures';
import { apiReviews, apiTools, navBar, section } from './support/site';
import { slowDocuments } from './support/slow-document';
import { addOwnTools, apiSampleTools } from './support/tools';

/**
 * The pages buyers land on come from the server with their content (apps/web/src/entry-server.tsx):
 * what a visitor sees before any JavaScript has run, and a crawler reads. Without JavaScript the
 * page is only that; with it, React takes the same HTML over without redrawing or moving it.
 */

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const cards = (page: Page) => page.getByRole('main').getByRole('article');

type Listed = { position: number; item: { name: string; offers: { price: number; priceCurrency: string } } };

/** A tool of the sample data's with stock to spare (another journey may buy some meanwhile, or add and delete its own). */
async function sampleTool(request: Parameters<typeof apiTools>[0]) {
  const tool = (await apiSampleTools(request)).find((t) => t.maxQuantity >= 10 * t.minQuantity);
  if (!tool?.slug) throw new Error('no sample tool with stock to spare');
  return { ...tool, slug: tool.slug };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its banner, the newest tools and reviews, and the footer', async ({
    page,
    request,
  }, testInfo) => {
    // Other journeys change the catalogue and the reviews meanwhile: compare the API and the page as a pair.
    await expect(async () => {
      const [tools, reviews] = await Promise.all([apiTools(request, 8), apiReviews(request, 4)]);
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      await expect(
        section(page, 'Wooded Working Tools').getByRole('article').getByRole('heading'),
      ).toHaveText(
        tools.map((t) => t.productName),
        { timeout: 1_000 },
      );
      await expect(section(page, 'CLIENT REVIEW').getByRole('article').getByRole('heading')).toHaveText(
        reviews.map((r) => r.name),
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });

    await expect(h1(page)).toHaveText('wooden Hand Tools');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Kanna', exact: true }),
    ).toHaveAttribute('href', '/');
    await expect(section(page, 'TRUST IS THE KEY OF BUSINESS')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    // The first screen, as painted from the HTML alone (saveScreen scrolls with a script, which cannot run here).
    await page.screenshot({
      path: `.e2e-output/screens/home-without-javascript-${testInfo.project.name}.png`,
    });
  });

  test('the catalogue shows its first tools with their prices, a link to more, and their structured data', async ({
    page,
    request,
  }, testInfo) => {
    await expect(async () => {
      const tools = await apiTools(request);
      const response = await page.goto('/allProduct');
      expect(response?.status()).toBe(200);
      await expect(cards(page).getByRole('heading')).toHaveText(
        tools.map((t) => t.productName),
        { timeout: 1_000 },
      );
      await expect(cards(page).first()).toContainText(`Price $ ${tools[0]?.perPrice}`, { timeout: 1_000 });
      // What search engines read: the same tools, in the same order, at the API's prices in dollars.
      const ld = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent({ timeout: 1_000 })) ?? '',
      );
      expect(ld['@type']).toBe('ItemList');
      const listed = ld.itemListElement as Listed[];
      expect(listed.map((e) => e.item.name)).toEqual(tools.map((t) => t.productName));
      expect(listed.map((e) => e.item.offers.price)).toEqual(tools.map((t) => t.perPrice));
      expect(new Set(listed.map((e) => e.item.offers.priceCurrency))).toEqual(new Set(['USD']));
    }).toPass({ timeout: 30_000 });

    await expect(h1(page)).toHaveText('All wooden tools');
    await expect(page).toHaveTitle('All wooden tools | Kanna');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/allProduct$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^Every Japanese wooden/,
    );
    await expect(page.getByRole('search', { name: 'Find tools' })).toBeVisible();
    await page.screenshot({
      path: `.e2e-output/screens/all-products-without-javascript-${testInfo.project.name}.png`,
    });
  });

  test('a tool’s page shows its name, its price table and its stock, and describes it as a Product', async ({
    page,
    request,
  }, testInfo) => {
    const tool = await sampleTool(request);
    const response = await page.goto(`/tools/${tool.slug}`);
    expect(response?.status()).toBe(200);
    await expect(h1(page)).toHaveText(tool.productName);
    const prices = page.getByRole('table', { name: 'Price per piece' });
    // A heading row, then the base price and each volume break.
    await expect(prices.getByRole('row')).toHaveCount(tool.volumePrices.length + 2);
    // The first tier starts at the minimum order.
    await expect(prices.getByRole('rowheader').first()).toHaveText(new RegExp(`^${tool.minQuantity}\\b`));
    await expect(page.getByText(`Minimum order: ${tool.minQuantity} pieces`)).toBeVisible();
    await expect(page.getByText(/^In stock: [\d,]+ pieces$/)).toBeVisible();
    // Its name, then the shop's (unless the name says it already).
    expect([tool.productName, `${tool.productName} | Kanna`]).toContain(await page.title());
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/tools/${tool.slug}$`),
    );
    const product = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
    );
    expect(product).toMatchObject({ '@type': 'Product', name: tool.productName });
    expect(product.url).toMatch(new RegExp(`/tools/${tool.slug}$`));
    expect(product.offers.priceSpecification).toHaveLength(tool.volumePrices.length + 1);
    await page.screenshot({
      path: `.e2e-output/screens/tool-page-without-javascript-${testInfo.project.name}.png`,
    });
  });

  test('the reviews show the newest reviews', async ({ page, request }, testInfo) => {
    await expect(async () => {
      const reviews = await apiReviews(request);
      const response = await page.goto('/allReview');
      expect(response?.status()).toBe(200);
      await expect(cards(page).getByRole('heading')).toHaveText(
        reviews.map((r) => r.name),
        { timeout: 1_000 },
      );
      await expect(cards(page).first()).toContainText(reviews[0]?.description ?? '', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    await expect(h1(page)).toHaveText('CLIENT REVIEW');
    await expect(page).toHaveTitle('Client reviews | Kanna');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/allReview$/);
    await page.screenshot({
      path: `.e2e-output/screens/all-reviews-without-javascript-${testInfo.project.name}.png`,
    });
  });
});

/** Counts layout shifts from the very start of the page, as Lighthouse's CLS does. */
async function watchLayoutShifts(page: Page): Promise<() => Promise<{ score: number; moved: string[] }>> {
  await page.addInitScript(() => {
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const w = window as unknown as { shifts: { score: number; moved: string[] } };
    w.shifts = { score: 0, moved: [] };
    const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`;
    const name = (node?: Node) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '(gone)';
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return `<${node.tagName.toLowerCase()} class="${node.getAttribute('class') ?? ''}"> “${text}”`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: Source[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.shifts.score += entry.value;
        // What moved, from where to where, and when: a failure then names its cause.
        for (const s of entry.sources)
          w.shifts.moved.push(
            `${Math.round(entry.startTime)} ms ${name(s.node)}: ${box(s.previousRect)} → ${box(s.currentRect)}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { shifts: { score: number; moved: string[] } }).shifts);
}

/** The public lists the page asks the API for (the server-drawn pages should ask none for what they show). */
function watchListReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (
      pathname === '/api/handTools' ||
      pathname === '/api/review' ||
      pathname.startsWith('/api/handTools/by-slug/')
    )
      reads.push(request.url());
  });
  return reads;
}

/**
 * Hydrated, and the session known: the navbar shows Login, which only the browser can know (for
 * the catalogue, Add to cart working says React has taken the cards over too).
 */
async function expectHydrated(page: Page): Promise<void> {
  const login = navBar(page).locator('a[href="/login"]');
  await expect(login.first()).toBeAttached();
  // Kept in its place but hidden until then.
  await expect(navBar(page).locator('li[aria-hidden="true"]').filter({ has: login })).toHaveCount(0);
}

for (const { path, name, ready } of [
  {
    path: '/',
    name: 'home',
    ready: (page: Page) => expect(h1(page)).toHaveText('wooden Hand Tools'),
  },
  {
    path: '/allProduct',
    name: 'all-products',
    ready: (page: Page) =>
      expect(
        cards(page)
          .first()
          .getByRole('button', { name: /^Add to cart/ }),
      ).toBeEnabled(),
  },
  {
    path: '/allReview',
    name: 'all-reviews',
    ready: (page: Page) => expect(cards(page).first()).toBeVisible(),
  },
]) {
  test(`${path} is taken over by React as the server drew it: no request for its data, no shift, no error`, async ({
    page,
  }, testInfo) => {
    const shifted = await watchLayoutShifts(page);
    const reads = watchListReads(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const drawn = await cards(page).getByRole('heading').allTextContents();
    await ready(page);
    await expectHydrated(page);
    // React had what the server drew: the same cards, and no read of its data, which would mean
    // it rendered from scratch (a loading state in between).
    await expect(cards(page).getByRole('heading')).toHaveText(drawn);
    expect(reads, 'the API lists read while opening the page').toEqual([]);
    // A moment for anything late to move (a picture, the session's answer).
    await page.waitForTimeout(500);
    const { score, moved } = await shifted();
    expect(score, `cumulative layout shift from the first paint on; moved:\n${moved.join('\n')}`).toBe(0);
    await saveScreen(page, `first-paint-hydrated-${name}`, testInfo);
  });
}

test('a tool’s page is taken over by React as the server drew it: no request for its tool or reviews, no shift, no error', async ({
  page,
  request,
}, testInfo) => {
  const tool = await sampleTool(request);
  const shifted = await watchLayoutShifts(page);
  const reads = watchListReads(page);
  const response = await page.goto(`/tools/${tool.slug}`);
  expect(response?.status()).toBe(200);
  await expect(h1(page)).toHaveText(tool.productName);
  await expect(page.getByRole('button', { name: `Add to cart: ${tool.productName}` })).toBeEnabled();
  await expectHydrated(page);
  expect(reads, 'the tool and reviews read while opening the page').toEqual([]);
  await page.waitForTimeout(500);
  const { score, moved } = await shifted();
  expect(score, `cumulative layout shift from the first paint on; moved:\n${moved.join('\n')}`).toBe(0);
  await saveScreen(page, 'first-paint-hydrated-tool-page', testInfo);
});

test('a catalogue arriving slowly is painted once it has all arrived: nothing moves as the rest of it comes in', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Cards of different heights side by side, newest first: a row drawn before its tallest card,
  // the last, has arrived would grow when it does, and push down the buttons of those drawn.
  const short = (name: string) => ({
    name,
    kind: 'chisel' as const,
    minQuantity: 1,
    maxQuantity: 500,
    perPrice: 3,
  });
  const [plane] = await addOwnTools(browser, baseURL ?? '', testInfo, [
    {
      name: 'Plane with a name long enough to wrap over three lines of its card',
      kind: 'plane',
      minQuantity: 1,
      maxQuantity: 500,
      perPrice: 40,
      volumePrices: [
        { minQuantity: 50, perPrice: 35 },
        { minQuantity: 100, perPrice: 30 },
      ],
    },
    short('Awl'),
    short('Gouge'),
    short('Saw'),
  ]);
  // A kilobyte at a time: the browser has time to paint between two cards.
  const slow = await slowDocuments(baseURL ?? '', { chunk: 1_000, pauseMs: 50 });
  try {
    const shifted = await watchLayoutShifts(page);
    const response = await page.goto(`${slow.url}/allProduct`);
    expect(response?.status()).toBe(200);
    await expect(cards(page).getByRole('heading', { name: plane?.productName, exact: true })).toBeVisible();
    await expectHydrated(page);
    await page.waitForTimeout(500);
    const { score, moved } = await shifted();
    expect(score, `cumulative layout shift from the first paint on; moved:\n${moved.join('\n')}`).toBe(0);
  } finally {
    await slow.close();
  }
});

test('a search and a kind chosen before React has taken the catalogue over are kept, and the list follows them', async ({
  page,
}) => {
  // The page's own code held back a moment, as on a slow phone: its HTML is there, React is not yet.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/all-products-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/allProduct', { waitUntil: 'commit' });
  await expect(cards(page).first()).toBeVisible();
  await expect(
    cards(page)
      .first()
      .getByRole('button', { name: /^Add to cart/ }),
  ).toBeDisabled();
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('saw');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('blade');
  release();

  await expect(page).toHaveURL(/\/allProduct\?search=blade&kind=saw$/);
  await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('saw');
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('blade');
  await expect(page.getByRole('status').filter({ hasText: /in Saw blades matching “blade”/ })).toBeVisible();
  for (const name of await cards(page).getByRole('heading').allTextContents()) expect(name).toMatch(/blade/i);
});
