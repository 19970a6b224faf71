import type { Page } from '@playwright/test';
import { dashboardMenu, demoAdmin } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { journeyToolMark } from './support/tools';

/**
 * The audit log (docs/rules.md, "Audit log"): an admin changes a product's price in Manage Product, opens Audit
 * log from the dashboard menu and finds the change there, as a sentence with who and
 * before → after, also when the log is filtered to product changes. Phone and desktop run at the
 * same time against one shop: each adds its own product (through the API) and finds its entry by
 * that product's name; it is taken off sale at the end.
 */

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** A small picture drawn in the page, as a product's image. */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.fillStyle = '#a0784f';
    g.fillRect(0, 0, 320, 240);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function addProduct(page: Page, name: string): Promise<string> {
  const upload = await page.request.post('/api/media', {
    headers: origin(page),
    multipart: { image: { name: 'plane.png', mimeType: 'image/png', buffer: await drawPng(page) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const created = await page.request.post('/api/handTools', {
    headers: origin(page),
    data: {
      productName: name,
      description: 'A plane for the audit log journey.',
      kind: 'plane',
      minQuantity: 5,
      maxQuantity: 50,
      perPrice: 54.5,
      img: (await upload.json()).data.url,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).insertedId as string;
}

test('an admin changes a price and finds the change in the audit log', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // Marked as a journey's tool: it is deleted at the end, so no other journey may take it for a sample one.
  const name = `${journeyToolMark}Audit Kanna ${testInfo.project.name} ${Date.now().toString(36)}`;

  await page.goto('/');
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: demoAdmin,
    headers: origin(page),
  });
  expect(signIn.status()).toBe(200);
  const id = await addProduct(page, name);

  await test.step('the admin changes the price in Manage Product', async () => {
    await page.goto('/dashboard/manageAllProducts');
    const row = page
      .getByRole('table', { name: /Products on sale/ })
      .getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Price', { exact: true }).fill('56');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, `Saved ${name}`)).toBeVisible();
    await expect(edit).toBeHidden();
  });

  await test.step('the audit log shows who changed what', async () => {
    const menu = await dashboardMenu(page, testInfo);
    await menu.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/dashboard\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const entry = page.getByRole('article', { name: `Changed ${name}: price $54.50 → $56.00` });
    await expect(entry).toBeVisible();
    await expect(entry.getByText(demoAdmin.email, { exact: false })).toBeVisible();
    await expect(page.getByRole('article', { name: `Added ${name}` })).toBeVisible();

    await page.getByRole('combobox', { name: 'Kind' }).selectOption('product.update');
    await expect(page).toHaveURL(/\/dashboard\/audit\?kind=product\.update$/);
    await expect(page.getByRole('article', { name: `Added ${name}` })).toHaveCount(0);
    await expect(entry).toBeVisible();
    await entry.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'audit log');
    await saveScreen(page, 'admin-audit-log', testInfo);
    await expectAccessible(page, `audit log (${testInfo.project.name})`);
  });

  const archived = await page.request.delete(`/api/handTools/${id}`, { headers: origin(page) });
  expect(archived.status()).toBe(200);
});
