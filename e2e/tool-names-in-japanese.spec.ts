import type { Tool } from '@kanna/shared/catalog';
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
import { apiSampleTools, createTool, journeyToolMark } from './support/tools';

/**
 * A tool in Japanese (docs/rules.md, "Where every rule lives": A tool in Japanese): the
 * admin's product form has an optional Japanese name and description; the catalogue's search
 * finds a tool by either name; the edit dialog shows and changes the Japanese name.
 */

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

test('an admin gives a tool a Japanese name, and the catalogue finds it by either name', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name === 'phone' ? 'P' : 'D'}${Date.now().toString(36)}`;
  const name = `${journeyToolMark}Hira Kanna ${stamp}`;
  // Only the Japanese name holds these words: finding the tool by them is finding it in Japanese.
  const nameJa = `試験用の平鉋 ${stamp}`;

  await page.goto('/');
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: demoAdmin,
    headers: origin(page),
  });
  expect(signIn.status()).toBe(200);

  await test.step('the product form has the two optional Japanese fields', async () => {
    await page.goto('/dashboard/addProduct');
    const nameField = page.getByLabel('Name in Japanese');
    const descriptionField = page.getByLabel('Description in Japanese');
    await expect(nameField).toHaveAttribute('lang', 'ja');
    await expect(descriptionField).toHaveAttribute('lang', 'ja');
    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Description', { exact: true }).fill('A flat-sole smoothing plane.');
    await nameField.fill(nameJa);
    await descriptionField.fill('仕上げ削りに使う平鉋です。台は白樫、刃は青紙鋼の付け刃です。');
    await expectNoSidewaysScroll(page, 'the product form with Japanese');
    await expectAccessible(page, `the product form with Japanese (${testInfo.project.name})`);
    await saveScreen(page, 'admin-add-product-japanese', testInfo);
  });

  // The picture's upload is the admin journey's: this tool takes a sample tool's picture.
  const [sample] = await apiSampleTools(page.request);
  if (!sample) throw new Error('no sample tool');
  const id = await createTool(page.request, baseURL ?? '', {
    productName: name,
    description: 'A flat-sole smoothing plane.',
    productNameJa: nameJa,
    descriptionJa: '仕上げ削りに使う平鉋です。',
    kind: 'plane',
    minQuantity: 5,
    maxQuantity: 50,
    perPrice: 48,
    img: sample.img,
  });

  try {
    await test.step('the catalogue finds it by its Japanese name and by its English name', async () => {
      await page.goto('/allProduct');
      const search = page.getByRole('searchbox', { name: 'Search by name' });
      const cards = page.getByRole('main').getByRole('article');
      await search.fill(`試験用の平鉋 ${stamp}`);
      await expect(page).toHaveURL(/\/allProduct\?search=/);
      await expect(cards).toHaveCount(1);
      await expect(cards.getByRole('heading')).toHaveText(name);
      await expectNoSidewaysScroll(page, 'the catalogue searched in Japanese');
      await saveScreen(page, 'all-products-searched-in-japanese', testInfo);
      await search.fill(`Hira Kanna ${stamp}`);
      await expect(page).toHaveURL(new RegExp(`search=Hira\\+Kanna\\+${stamp}`));
      await expect(cards).toHaveCount(1);
      await expect(cards.getByRole('heading')).toHaveText(name);
    });

    await test.step('the edit dialog shows the Japanese texts and changes the name', async () => {
      await page.goto('/dashboard/manageAllProducts');
      const row = page
        .getByRole('table', { name: /Products on sale/ })
        .getByRole('row', { name: new RegExp(name) });
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      await expect(edit.getByLabel('Name in Japanese')).toHaveValue(nameJa);
      await expect(edit.getByLabel('Description in Japanese')).toHaveValue('仕上げ削りに使う平鉋です。');
      await edit.getByLabel('Name in Japanese').fill(`試験用の反り台鉋 ${stamp}`);
      await edit.getByLabel('Name in Japanese').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `.e2e-output/screens/admin-edit-product-japanese-${testInfo.project.name}.png`,
        animations: 'disabled',
        scale: 'css',
      });
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, `Saved ${name}`)).toBeVisible();
      const saved = (await (await page.request.get(`/api/handTools/${id}`)).json()) as Tool;
      expect(saved.productNameJa).toBe(`試験用の反り台鉋 ${stamp}`);

      await page.goto(`/allProduct?search=${encodeURIComponent('試験用の反り台鉋')}`);
      await expect(page.getByRole('main').getByRole('article').filter({ hasText: name })).toHaveCount(1);
    });
  } finally {
    await page.request.delete(`/api/handTools/${id}`, { headers: origin(page) });
  }
});
