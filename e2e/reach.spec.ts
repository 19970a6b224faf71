import type { Page, TestInfo } from '@playwright/test';
import { type NewUser, openShopSettings, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { expectJapanese, languageSwitch, shopData } from './support/japanese';
import { verificationLink } from './support/mail';
import { navBar } from './support/site';
import { addOwnTools, apiSampleTools } from './support/tools';
import { saveYenSettings, yenShop } from './support/yen-shop';

/**
 * Reach (decision 0053): a Japanese visitor arrives from outside — a search result, a shared link —
 * at a tool's Japanese page, /ja/tools/{slug}, with nothing chosen in this browser. The page is
 * Japanese because of its address; adding to the cart, signing up, checking out and paying all
 * stay under /ja in Japanese. On a tool's page, the language switch opens the same tool in English.
 */

async function lookAt(page: Page, name: string, testInfo: TestInfo, what: string) {
  await expectNoSidewaysScroll(page, what);
  await expectAccessible(page, `${what} (${testInfo.project.name})`);
  await saveScreen(page, name, testInfo);
}

/** The page is Japanese and at a Japanese address. */
async function stillJapanese(page: Page, where: string) {
  await expect(page, where).toHaveURL(/^https?:\/\/[^/]+\/ja(\/|$)/);
  await expect(page.locator('html'), where).toHaveAttribute('lang', 'ja');
}

test('a Japanese visitor arrives at a tool’s Japanese page, adds it to the cart, signs up and buys in Japanese', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const data = await shopData(page);
  const user: NewUser = uniqueUser(testInfo, 'Reach buyer');
  // One of the sample data's: a tool another journey added may be renamed or deleted meanwhile.
  const tool = (await apiSampleTools(page.request)).find(
    (t) => t.productNameJa && t.maxQuantity >= 10 * t.minQuantity,
  );
  if (!tool?.slug || !tool.productNameJa) throw new Error('no sample tool with a Japanese name');
  const nameJa = tool.productNameJa;
  expect((await page.context().cookies()).find((c) => c.name === 'lang')).toBeUndefined();

  await test.step('the tool’s Japanese page, drawn by the server: name, prices and stock in Japanese', async () => {
    const response = await page.goto(`/ja/tools/${tool.slug}`);
    expect(response?.status()).toBe(200);
    await stillJapanese(page, 'the tool’s page');
    await expect(page.getByRole('heading', { level: 1, name: nameJa })).toBeVisible();
    const prices = page.getByRole('table', { name: '1個あたりの価格' });
    // A heading row and one row per tier: the base price, then each volume break.
    await expect(prices.getByRole('row')).toHaveCount(tool.volumePrices.length + 2);
    await expect(page.getByText(`最小注文数量：${tool.minQuantity}個`)).toBeVisible();
    await expect(page.getByRole('button', { name: `${nameJa}をカートに追加` })).toBeEnabled();
    await expectJapanese(page, 'the tool’s page', data);
    await lookAt(page, 'reach-tool-ja', testInfo, 'a tool’s Japanese page');
  });

  await test.step('Add to cart, then the cart, still in Japanese', async () => {
    await page.getByRole('button', { name: `${nameJa}をカートに追加` }).click();
    await expect(toast(page, `カートに追加しました：${nameJa} × ${tool.minQuantity}`)).toBeVisible();
    await navBar(page).getByRole('link', { name: 'カート、工具 1 点' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'カート' })).toBeVisible();
    await stillJapanese(page, 'the cart');
  });

  await test.step('signing up from the cart keeps the Japanese pages', async () => {
    await page.getByRole('link', { name: 'ログインして注文する' }).click();
    await stillJapanese(page, 'the login page');
    await page.getByRole('link', { name: 'アカウントを作成' }).click();
    await stillJapanese(page, 'the sign-up page');
    const form = page.getByRole('form', { name: '新規登録' });
    await form.getByLabel('名前').fill(user.name);
    await form.getByLabel('メールアドレス').fill(user.email);
    await form.getByLabel('パスワード').fill(user.password);
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(page).not.toHaveURL(/\/signup/);
    await stillJapanese(page, 'after signing up');
    // The address confirmed from its mail (another tab's visit: this page stays where it is).
    expect(
      (await page.request.get(await verificationLink(user.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
  });

  await test.step('checking out and paying, in Japanese all the way', async () => {
    await page.goto('/ja/cart');
    await stillJapanese(page, 'the cart, signed in');
    const checkout = page.getByRole('form', { name: 'ご注文手続き' });
    await checkout.getByLabel('電話番号').fill('03-1234-5678');
    const address = checkout.getByLabel('住所');
    await address.fill('');
    await checkout.getByLabel('郵便番号').fill('104-0061');
    await expect(address).toHaveValue('〒104-0061 東京都中央区銀座 ');
    await address.pressSequentially('1-2-3');
    await checkout.getByRole('button', { name: /^注文を確定する · \$/ }).click();
    await expect(page).toHaveURL(/\/ja\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await stillJapanese(page, 'the payment page');
    await expect(page.getByRole('heading', { level: 1, name: 'お支払い' })).toBeVisible();
    await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
    await page.getByLabel('有効期限').fill('12/34');
    await page.getByLabel('セキュリティコード').fill('123');
    await page.getByRole('button', { name: /を支払う$/ }).click();
    await expect(
      page.getByRole('region', { name: 'お支払いが完了しました。ありがとうございます' }),
    ).toBeVisible();
    await stillJapanese(page, 'paid');
    await page.getByRole('link', { name: '注文履歴を見る' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '注文履歴' })).toBeVisible();
    await stillJapanese(page, 'My orders');
    await expect(
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nameJa }) }),
    ).toContainText('支払い済み');
  });

  await test.step('the switch on a tool’s page opens the same tool in English', async () => {
    await page.goto(`/ja/tools/${tool.slug}`);
    await stillJapanese(page, 'the tool’s page again');
    await (await languageSwitch(page, testInfo, 'English')).click();
    await expect(page).toHaveURL(new RegExp(`/tools/${tool.slug}$`));
    await expect(page).not.toHaveURL(/\/ja\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: tool.productName })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Price per piece' })).toBeVisible();
    await lookAt(page, 'reach-tool-en', testInfo, 'the same tool’s English page');
  });
});

/** The JSON-LD Product of the page (drawn by the server), as a crawler reads it. */
async function productOf(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? '{}') as {
    offers: {
      price: number;
      priceCurrency: string;
      priceSpecification: {
        price: number;
        priceCurrency: string;
        valueAddedTaxIncluded: boolean;
        eligibleQuantity: { minValue: number };
      }[];
    };
  };
}

test.describe('on the shop where Japan pays in yen', () => {
  test.use({ baseURL: yenShop });

  test('a tool’s Japanese page shows yen with the tax beside and offers yen with tax to crawlers; its English page offers dollars', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    // $60, $55 from 10 at ¥150 to the dollar: ¥9,000 and ¥8,250, with 10 % tax ¥9,900 and ¥9,075.
    const [tool] = await addOwnTools(browser, yenShop, testInfo, [
      {
        name: 'Reach Yen Plane',
        kind: 'plane',
        minQuantity: 1,
        maxQuantity: 500,
        perPrice: 60,
        volumePrices: [{ minQuantity: 10, perPrice: 55 }],
      },
    ]);
    if (!tool?.slug) throw new Error('the tool was not added');

    await test.step('the owner has Japan pay in yen, with 10 % tax', async () => {
      const owner = await browser.newContext({ baseURL: yenShop, viewport: page.viewportSize() });
      try {
        const ownerPage = await owner.newPage();
        await openShopSettings(ownerPage, testInfo);
        await saveYenSettings(ownerPage);
      } finally {
        await owner.close();
      }
    });

    await test.step('a visitor at /ja/tools/{slug}: yen with the tax beside, and yen with tax in the JSON-LD', async () => {
      await page.goto(`/ja/tools/${tool.slug}`);
      await stillJapanese(page, 'the tool’s yen page');
      const prices = page.getByRole('table', { name: '1個あたりの価格' });
      await expect(prices.getByRole('row').nth(1)).toContainText('¥9,000（税込 ¥9,900）');
      await expect(prices.getByRole('row').nth(2)).toContainText('¥8,250（税込 ¥9,075）');
      const product = await productOf(page);
      expect([product.offers.price, product.offers.priceCurrency]).toEqual([9900, 'JPY']);
      expect(
        product.offers.priceSpecification.map((s) => [
          s.price,
          s.priceCurrency,
          s.valueAddedTaxIncluded,
          s.eligibleQuantity.minValue,
        ]),
      ).toEqual([
        [9900, 'JPY', true, 1],
        [9075, 'JPY', true, 10],
      ]);
      await lookAt(page, 'reach-tool-yen-ja', testInfo, 'a tool’s Japanese page in yen');
    });

    await test.step('its English page offers dollars before tax', async () => {
      await page.goto(`/tools/${tool.slug}`);
      await expect(page.getByRole('table', { name: 'Price per piece' })).toContainText('$60');
      const product = await productOf(page);
      expect(
        product.offers.priceSpecification.map((s) => [s.price, s.priceCurrency, s.valueAddedTaxIncluded]),
      ).toEqual([
        [60, 'USD', false],
        [55, 'USD', false],
      ]);
    });

    await test.step('the Japanese product feed gives the tool in yen with tax, the English one in dollars', async () => {
      const item = async (lang: 'en' | 'ja') => {
        const feed = await (await page.request.get(`/feeds/google-${lang}.xml`)).text();
        return feed.split('<item>').find((i) => i.includes(tool._id)) ?? '';
      };
      expect(await item('ja')).toContain('<g:price>9900 JPY</g:price>');
      expect(await item('en')).toContain('<g:price>60.00 USD</g:price>');
    });
  });
});
