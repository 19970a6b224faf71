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
