import { readFileSync } from 'node:fs';
import type { Page, Request, TestInfo } from '@playwright/test';
import { logIn, signUpThroughApi, uniqueUser } from './support/accounts';
import { expect, expectAccessible, expectNoSidewaysScroll, saveScreen, test } from './support/fixtures';
import { verificationLink } from './support/mail';
import { navBar } from './support/site';
import { adminContext, apiSampleTools, createTool, journeyToolMark } from './support/tools';

/**
 * Ordering at trade speed (decision 0055): a buyer pastes 20 lines from a spreadsheet into
 * quick order, fixes the two rows it flags (a quantity off the pack size, a mistyped code), puts
 * everything in the cart in one step, saves the cart as a list and checks out; the order's page
 * shows each line's SKU and JAN as ordered and saves the order as a list too; later the cart's list
 * is added to the cart again at today's prices and ordered. On the page, scanning is started with a
 * stand-in for the camera and the browser's BarcodeDetector. Each project adds its own tools.
 */

const cartLink = (page: Page) => navBar(page).getByRole('link', { name: /^Cart/ });

/** A chunk of the web build as Vite's manifest lists it: what it imports at once, and on demand. */
type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

/**
 * The build the journeys run against keeps the quick-order page and the scanner to themselves
 * (decision 0055): each is a chunk of its own that no chunk imports at once, so neither is in the
 * entry or any other page's code, whatever pages a journey visits. The page is imported on demand
 * by the router only (in the entry), and the scanner by the page only (when scanning starts).
 */
test('the build loads the quick-order page’s code only for that page, and the scanner’s only from it', () => {
  const manifest: Record<string, Chunk> = JSON.parse(
    readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  );
  const keyOf = (source: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(source));
    expect(key, `a chunk of its own for ${source}`).toBeDefined();
    return key ?? '';
  };
  const page = keyOf('src/features/quick-order/pages/quick-order-page.tsx');
  const scanner = keyOf('src/features/quick-order/scanner.ts');
  const importers = (key: string, how: 'imports' | 'dynamicImports') =>
    Object.keys(manifest).filter((k) => manifest[k]?.[how]?.includes(key));
  expect(importers(page, 'imports')).toEqual([]);
  expect(importers(scanner, 'imports')).toEqual([]);
  // The router is in the entry: its route for /quickOrder is the page's one importer.
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  expect(importers(page, 'dynamicImports')).toEqual(entries);
  expect(importers(scanner, 'dynamicImports')).toEqual([page]);
  expect(manifest[page]?.isEntry).toBeFalsy();
  expect(manifest[scanner]?.isEntry).toBeFalsy();
});

/** A JAN with a valid check digit from 12 digits. */
function jan(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** Pastes `text` into the focused field as the clipboard would (a paste event with its data). */
async function paste(page: Page, text: string) {
  await page.evaluate((data) => {
    const target = document.activeElement as HTMLElement;
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    target.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** A stand-in camera (a canvas's stream) and BarcodeDetector that reads `codes`, one per look. */
async function stubScanner(page: Page, codes: string[]) {
  await page.addInitScript((read: string[]) => {
    const queue = [...read];
    class FakeBarcodeDetector {
      static getSupportedFormats = async () => ['ean_13'];
      async detect() {
        const code = queue.shift();
        return code ? [{ rawValue: code, format: 'ean_13' }] : [];
      }
    }
    Object.assign(window, { BarcodeDetector: FakeBarcodeDetector });
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d');
    setInterval(() => {
      if (!context) return;
      context.fillStyle = `hsl(${Date.now() % 360} 50% 50%)`;
      context.fillRect(0, 0, 320, 240);
    }, 50);
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: async () => canvas.captureStream(10) },
      configurable: true,
    });
  }, codes);
}

test('a buyer orders 20 lines by code, fixes two, saves the cart and the order as lists and orders again; scanning starts', async ({
  page,
  browser,
  baseURL,
}, testInfo: TestInfo) => {
  test.setTimeout(480_000);
  const origin = baseURL ?? '';
  const stamp = `${testInfo.project.name === 'phone' ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;
  const digits = `${Date.now()}`.slice(-8);
  const admin = await adminContext(browser, origin);
  const [sample] = await apiSampleTools(page.request);
  if (!sample) throw new Error('no sample tool');
  // 19 tools sold by the piece at $3, and one in packs of 6 at $10 (the 7th).
  const tools: { sku: string; jan: string; name: string }[] = [];
  for (let i = 1; i <= 20; i++) {
    const tool = {
      sku: `QO-${stamp}-${String(i).padStart(2, '0')}`,
      jan: jan(`${testInfo.project.name === 'phone' ? '45' : '49'}${digits}${String(i).padStart(2, '0')}`),
      name: `${journeyToolMark}quick ${i} ${stamp}`,
    };
    await createTool(admin.request, origin, {
      productName: tool.name,
      description: 'Made for the quick-order journey.',
      kind: 'chisel',
      img: sample.img,
      minQuantity: i === 7 ? 6 : 1,
      maxQuantity: 500,
      perPrice: i === 7 ? 10 : 3,
      ...(i === 7 ? { packSize: 6 } : {}),
      sku: tool.sku,
      jan: i % 5 === 0 ? tool.jan : '',
    });
    tools.push(tool);
  }
  await admin.close();

  const buyer = uniqueUser(testInfo, 'Quick Buyer');
  const other = await browser.newContext({ baseURL: origin });
  await signUpThroughApi(other.request, origin, buyer);
  expect(
    (await other.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  await other.close();
  await stubScanner(page, [tools[4]?.jan ?? '', jan('400000000000')]);
  const scripts: string[] = [];
  page.on('request', (r: Request) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/login');
  await logIn(page, buyer.email, buyer.password);
  await expect(page).not.toHaveURL(/\/login$/);

  await test.step('the quick-order page loads its code only there', async () => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    expect(scripts.filter((s) => /quick-order-page/.test(s))).toEqual([]);
    await page.getByRole('link', { name: 'Quick order by code' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
    expect(scripts.filter((s) => /quick-order-page/.test(s))).toHaveLength(1);
    expect(scripts.filter((s) => /scanner/.test(s))).toEqual([]);
  });

  await test.step('20 lines pasted from a spreadsheet are checked row by row; two are flagged', async () => {
    // A header, then code and quantity separated by a tab; line 7 is off its pack size, line 13 mistyped.
    const lines = tools.map((t, i) => {
      const code = i === 12 ? t.sku.replace('QO-', 'QO_') : i % 5 === 4 ? t.jan : t.sku.toLowerCase();
      return `${code}\t${i === 6 ? 8 : 10}`;
    });
    await page.getByLabel('SKU or JAN, row 1').focus();
    await paste(page, `品番\t数量\n${lines.join('\n')}\n`);
    await expect(page.getByLabel('SKU or JAN, row 20')).toHaveValue(tools[19]?.jan ?? '');
    const summary = page.getByTestId('quick-order-summary');
    await expect(summary).toContainText('18 rows ready, 2 with a problem.');
    const rows = page.getByTestId('quick-order-row');
    await expect(rows.nth(6)).toContainText('sold in packs of 6: order a multiple of 6');
    await expect(rows.nth(12)).toContainText(`No tool on sale has the code ${lines[12]?.split('\t')[0]}.`);
    await expect(rows.nth(0)).toContainText(`${tools[0]?.name}`);
    await expect(rows.nth(0)).toContainText('10 × $3 = $30');
    await expect(page.getByRole('button', { name: 'Add all to cart' })).toBeDisabled();
    await expectNoSidewaysScroll(page, 'quick order with problems');
    await expectAccessible(page, 'quick order with problems');
    await saveScreen(page, 'quick-order-flagged', testInfo);
  });

  await test.step('fixing the two rows (Enter goes to the next row) makes every row ready', async () => {
    const quantity = page.getByLabel('Quantity, row 7');
    await quantity.fill('6');
    await quantity.press('Enter');
    await expect(page.getByLabel('SKU or JAN, row 8')).toBeFocused();
    await page.getByLabel('SKU or JAN, row 13').fill(tools[12]?.sku ?? '');
    await expect(page.getByTestId('quick-order-summary')).toContainText('20 rows ready.');
    await expect(page.getByTestId('quick-order-row').nth(6)).toContainText('6 × $10 = $60');
  });

  await test.step('scanning starts on demand, reads a JAN into a new row and says an unknown one', async () => {
    await page.getByRole('button', { name: 'Scan barcodes' }).click();
    await expect(page.getByTestId('scan-status')).toContainText(/Scanned \d{13}/);
    await expect(page.getByTestId('scan-status')).toContainText('no tool on sale has this code');
    expect(scripts.filter((s) => /scanner/.test(s)).length).toBeGreaterThan(0);
    await expect(page.getByLabel('SKU or JAN, row 21')).toHaveValue(tools[4]?.jan ?? '');
    await saveScreen(page, 'quick-order-scanning', testInfo);
    await page.getByRole('button', { name: 'Stop scanning' }).click();
    // The scanned rows are taken out again: the order is the 20 pasted lines.
    await page.getByRole('button', { name: 'Remove row 22' }).click();
    await page.getByRole('button', { name: 'Remove row 21' }).click();
    await expect(page.getByTestId('quick-order-summary')).toContainText('20 rows ready.');
  });

  await test.step('everything goes into the cart in one step and the cart is saved as a list', async () => {
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 20 tools');
    // 19 × 10 × $3 + 6 × $10
    await expect(page.getByRole('button', { name: 'Place order · $630' })).toBeEnabled();
    await page.getByLabel('List name').fill('Monthly restock');
    await page.getByRole('button', { name: 'Save cart as a list' }).click();
    await expect(page.getByText('Saved as “Monthly restock”.')).toBeVisible();
    await saveScreen(page, 'quick-order-cart', testInfo);
  });

  await test.step('one checkout orders all 20 lines', async () => {
    await page.getByRole('textbox', { name: 'Phone' }).fill('0312345678');
    await page.getByRole('textbox', { name: 'Address' }).fill(`1-2-3 Kanda ${buyer.email}`);
    await page.getByRole('button', { name: 'Place order · $630' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, empty');
  });

  await test.step('the order page shows each line’s codes as ordered and saves the order as a list', async () => {
    const orderId = new URL(page.url()).pathname.split('/').at(-1);
    // The emptied cart reaches the account's before the page is loaded anew (a load reads it).
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/cart')).json()) as { lines: unknown[] }).lines.length,
      )
      .toBe(0);
    await page.goto(`/dashboard/myOrders/${orderId}`);
    const lines = page.getByRole('region', { name: 'Lines' });
    const line = (i: number) => lines.getByRole('rowheader').filter({ hasText: tools[i]?.name ?? '' });
    await expect(line(4)).toContainText(`SKU ${tools[4]?.sku} · JAN ${tools[4]?.jan}`);
    await expect(line(0)).toContainText(`SKU ${tools[0]?.sku}`);
    await expect(line(0)).not.toContainText('JAN');
    const name = page.getByLabel('List name');
    await expect(name).toHaveValue(/^Order K-\d{6,}$/);
    await name.fill('Last order');
    await page.getByRole('button', { name: 'Save order as a list' }).click();
    await expect(page.getByText('Saved as “Last order”.')).toBeVisible();
    await expectNoSidewaysScroll(page, 'an order with product codes');
    await saveScreen(page, 'quick-order-order-codes', testInfo);
  });

  await test.step('later, the saved list goes back into the cart at today’s prices and is ordered again', async () => {
    await page.goto('/lists');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved lists' })).toBeVisible();
    // The cart's list and the order's, 20 lines each.
    await expect(page.getByText('20 lines')).toHaveCount(2);
    await page.getByRole('button', { name: 'Open: Monthly restock' }).click();
    await expect(page.getByTestId('list-line')).toHaveCount(20);
    await expect(page.getByText('Today’s total: $630')).toBeVisible();
    await expectNoSidewaysScroll(page, 'a saved list');
    await expectAccessible(page, 'a saved list');
    await saveScreen(page, 'quick-order-saved-list', testInfo);
    await page.getByRole('button', { name: 'Add list to cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 20 tools');
    await page.getByRole('textbox', { name: 'Phone' }).fill('0312345678');
    await page.getByRole('textbox', { name: 'Address' }).fill(`1-2-3 Kanda ${buyer.email}`);
    await page.getByRole('button', { name: 'Place order · $630' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  });
});

/**
 * A stand-in camera showing the EAN-13 barcode of `code` (drawn from its digits by the standard's
 * tables, black bars three pixels a module on white), in a browser with no BarcodeDetector of its
 * own: what Safari and Firefox are.
 */
async function cameraShowing(page: Page, code: string) {
  await page.addInitScript((digits: string) => {
    Reflect.deleteProperty(window, 'BarcodeDetector');
    const left = [
      '0001101',
      '0011001',
      '0010011',
      '0111101',
      '0100011',
      '0110001',
      '0101111',
      '0111011',
      '0110111',
      '0001011',
    ];
    const even = left.map((l) =>
      [...l]
        .reverse()
        .map((b) => (b === '1' ? '0' : '1'))
        .join(''),
    );
    const right = left.map((l) => [...l].map((b) => (b === '1' ? '0' : '1')).join(''));
    const parity = [
      'LLLLLL',
      'LLGLGG',
      'LLGGLG',
      'LLGGGL',
      'LGLLGG',
      'LGGLLG',
      'LGGGLL',
      'LGLGLG',
      'LGLGGL',
      'LGGLGL',
    ];
    const d = [...digits].map(Number);
    const first = parity[d[0] ?? 0] ?? '';
    let bits = '101';
    for (let i = 1; i <= 6; i++) bits += (first[i - 1] === 'L' ? left : even)[d[i] ?? 0];
    bits += '01010';
    for (let i = 7; i <= 12; i++) bits += right[d[i] ?? 0];
    bits += '101';
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 240;
    const context = canvas.getContext('2d');
    const draw = () => {
      if (!context) return;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = '#000';
      [...bits].forEach((bit, i) => {
        if (bit === '1') context.fillRect(30 + i * 3, 40, 3, 160);
      });
    };
    setInterval(draw, 100);
    draw();
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: async () => canvas.captureStream(10) },
      configurable: true,
    });
  }, code);
}

test('without the browser’s own BarcodeDetector, the library reads a JAN from the camera, its .wasm from the shop @phone', async ({
  page,
  browser,
  baseURL,
}, testInfo: TestInfo) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const code = jan(`47${`${Date.now()}`.slice(-10)}`);
  const name = `${journeyToolMark}scanned ${code}`;
  const admin = await adminContext(browser, origin);
  const [sample] = await apiSampleTools(admin.request);
  if (!sample) throw new Error('no sample tool');
  await createTool(admin.request, origin, {
    productName: name,
    description: 'Made for the scanning journey.',
    kind: 'plane',
    img: sample.img,
    minQuantity: 1,
    maxQuantity: 50,
    perPrice: 12,
    jan: code,
  });
  await admin.close();
  const buyer = uniqueUser(testInfo, 'Scanning Buyer');
  await signUpThroughApi(page.request, origin, buyer);
  // Signing up through the API signed this page in.
  await cameraShowing(page, code);
  const wasm: string[] = [];
  page.on('request', (r: Request) => {
    if (/\.wasm(\?|$)/.test(r.url())) wasm.push(r.url());
  });
  await page.goto('/quickOrder');
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
  expect(wasm).toEqual([]);
  await page.getByRole('button', { name: 'Scan barcodes' }).click();
  await expect(page.getByTestId('scan-status')).toContainText(`Scanned ${code}`, { timeout: 30_000 });
  await expect(page.getByTestId('quick-order-row').filter({ hasText: name })).toHaveCount(1);
  expect(wasm.length).toBeGreaterThan(0);
  expect(wasm.every((url) => url.startsWith(`${origin}/`))).toBe(true);
  await page.getByRole('button', { name: 'Stop scanning' }).click();
});
