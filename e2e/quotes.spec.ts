import {
  demoAdmin,
  forgetCookies,
  openShopSettings,
  signInThroughApi,
  signUpThroughApi,
  uniqueUser,
} from './support/accounts';
import { businessShop, saveBusinessSettings } from './support/business';
import { checkScreen, expect, test } from './support/fixtures';
import { verificationLink } from './support/mail';
import { addToCartFromCatalogue } from './support/site';
import { addOwnTools } from './support/tools';
import { saveYenSettings, yenShop } from './support/yen-shop';

/**
 * Quotes (見積書): a buyer asks for a quote from the cart; the admin answers it from Quote requests
 * at a lower price, holding the stock; the buyer opens the quote from their Quotes, accepts it
 * paying by bank transfer, and the order shows the quoted price. On the second shop (it takes
 * transfers: e2e/support/business.ts), whose settings this saves as every journey there does.
 * Phone and desktop run at the same time: each its own buyer and tool, found by name.
 */
test.use({ baseURL: businessShop });

test('a buyer asks for a quote, the admin answers lower holding stock, the buyer accepts and pays by transfer', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const buyer = uniqueUser(testInfo, 'Quote Buyer');
  const [tool] = await addOwnTools(browser, businessShop, testInfo, [
    { name: 'Quoted Plane', kind: 'plane', minQuantity: 2, maxQuantity: 100, perPrice: 60 },
  ]);
  if (!tool) throw new Error('the tool was not added');

  await test.step('the shop takes bank transfers', async () => {
    await openShopSettings(page, testInfo);
    await saveBusinessSettings(page);
  });

  await test.step('the buyer asks for a quote from the cart', async () => {
    await forgetCookies(page);
    await signUpThroughApi(page.request, businessShop, buyer);
    expect(
      (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    await addToCartFromCatalogue(page, tool.productName);
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page
      .getByRole('form', { name: 'Request a quote' })
      .getByRole('button', { name: 'Send the request' })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your request for a quote is sent' }),
    ).toBeVisible();
  });

  const number = await test.step('the admin answers at a lower price, holding the stock', async () => {
    await forgetCookies(page);
    await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
    await page.goto('/dashboard/quote-requests');
    const card = page.getByRole('article', { name: buyer.name });
    await card.getByRole('button', { name: 'Answer with a quote' }).click();
    const form = card.getByRole('form', { name: `A quote for ${buyer.name}` });
    const price = form.getByLabel(`Unit price for ${tool.productName} (dollars)`);
    await expect(price).toHaveValue('60');
    await price.fill('48');
    await form.getByLabel(/Hold stock until it expires/).check();
    await checkScreen(page, testInfo, 'quote-answer-form');
    await form.getByRole('button', { name: 'Send the quote' }).click();
    const sent = card.getByRole('status');
    await expect(sent).toContainText(/Quote QT-\d{4}-\d{6} is sent to the buyer\./);
    return (/QT-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '') ?? [''])[0];
  });

  await test.step('the buyer opens the quote from their Quotes', async () => {
    await forgetCookies(page);
    await signInThroughApi(page, buyer.email, buyer.password);
    await page.goto('/dashboard/quotes');
    await page.getByRole('link', { name: `Open quote ${number}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Quote ${number}` })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: tool.productName })).toContainText('$48.00');
    await checkScreen(page, testInfo, 'quote-page');
  });
  const quotePath = new URL(page.url()).pathname;

  await test.step('the buyer accepts, paying by transfer: the order is at the quoted price', async () => {
    await page.getByLabel('Phone').fill('0312345678');
    await page.getByLabel('Delivery address').fill(`1-2-3 Kuramae, Taito-ku, Tokyo ${buyer.email}`);
    await page.getByRole('radio', { name: 'Bank transfer' }).check();
    await page.getByRole('button', { name: 'Accept and place the order' }).click();
    const placed = page.getByRole('status').filter({ hasText: 'Accepted: your order is placed.' });
    await expect(placed).toBeVisible();
    await placed.getByRole('link', { name: 'View the order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Order K-/ })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$48.00');
    await checkScreen(page, testInfo, 'quote-order');
  });

  await test.step('the quote’s page in Japanese, accepted', async () => {
    await page.goto(`/ja${quotePath}`);
    await expect(page.getByRole('heading', { level: 1, name: `見積書 ${number}` })).toBeVisible();
    await expect(page.getByText('承諾済み')).toBeVisible();
    await checkScreen(page, testInfo, 'quote-page-ja');
  });
});

/**
 * A quote in yen, on the third shop (Japan pays in yen there: e2e/support/yen-shop.ts): the admin's
 * answer starts in yen for a buyer in Japan, at the tool's yen list price; the buyer reads the
 * quote in yen, in English and in Japanese.
 */
test.describe('in yen', () => {
  test.use({ baseURL: yenShop });

  test('the admin answers a buyer in Japan in yen, and the buyer reads the quote in yen in both languages', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const buyer = uniqueUser(testInfo, 'Yen Quote Buyer');
    // $60 at ¥150 to the dollar: ¥9,000 a piece.
    const [tool] = await addOwnTools(browser, yenShop, testInfo, [
      { name: 'Yen Quoted Plane', kind: 'plane', minQuantity: 1, maxQuantity: 100, perPrice: 60 },
    ]);
    if (!tool) throw new Error('the tool was not added');

    await test.step('Japan pays in yen', async () => {
      await openShopSettings(page, testInfo);
      await saveYenSettings(page);
    });

    await test.step('the buyer asks for a quote', async () => {
      await forgetCookies(page);
      await signUpThroughApi(page.request, yenShop, buyer);
      expect(
        (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
      ).toBeLessThan(400);
      const asked = await page.request.post(`${yenShop}/api/quote-requests`, {
        data: { lines: [{ toolId: tool._id, quantity: 3 }] },
      });
      expect(asked.status()).toBe(201);
    });

    const number = await test.step('the admin answers in yen, at a whole-yen price', async () => {
      await forgetCookies(page);
      await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
      await page.goto('/dashboard/quote-requests');
      const card = page.getByRole('article', { name: buyer.name });
      await card.getByRole('button', { name: 'Answer with a quote' }).click();
      const form = card.getByRole('form', { name: `A quote for ${buyer.name}` });
      await expect(form.getByRole('radio', { name: 'Yen (¥)' })).toBeChecked();
      const price = form.getByLabel(`Unit price for ${tool.productName} (yen)`);
      await expect(price).toHaveValue('9000');
      await expect(form).toContainText('List price (each) ¥9,000');
      await price.fill('8500.5');
      await form.getByRole('button', { name: 'Send the quote' }).click();
      await expect(form.getByText('Enter a unit price above zero, in whole yen.')).toBeVisible();
      await price.fill('8500');
      await expect(form.getByText('Enter a unit price above zero, in whole yen.')).toBeHidden();
      await form.getByLabel('Shipping (yen; empty: our rates when accepted)').fill('1200');
      await checkScreen(page, testInfo, 'quote-answer-form-yen');
      await form.getByRole('button', { name: 'Send the quote' }).click();
      const sent = card.getByRole('status');
      await expect(sent).toContainText(/Quote QT-\d{4}-\d{6} is sent to the buyer\./);
      return (/QT-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '') ?? [''])[0];
    });

    await test.step('the buyer reads it in yen, in English and in Japanese', async () => {
      await forgetCookies(page);
      await signInThroughApi(page, buyer.email, buyer.password);
      await page.goto('/dashboard/quotes');
      await expect(page.getByRole('article', { name: `Quote ${number}` })).toContainText('¥26,700');
      await page.getByRole('link', { name: `Open quote ${number}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Quote ${number}` })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: tool.productName })).toContainText('¥25,500');
      await expect(page.getByRole('main')).not.toContainText('$');
      await checkScreen(page, testInfo, 'quote-page-yen');
      await page.goto(`/ja${new URL(page.url()).pathname}`);
      await expect(page.getByRole('heading', { level: 1, name: `見積書 ${number}` })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: tool.productName })).toContainText('¥8,500');
      await expect(page.getByRole('main')).not.toContainText('$');
      await checkScreen(page, testInfo, 'quote-page-yen-ja');
    });
  });
});
