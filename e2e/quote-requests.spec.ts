import { messages } from '@kanna/shared/domain/messages';
import {
  dashboardMenu,
  demoAdmin,
  forgetCookies,
  signInThroughApi,
  signUpThroughApi,
  uniqueUser,
} from './support/accounts';
import { checkScreen, expect, test } from './support/fixtures';
import { verificationLink } from './support/mail';
import { addToCartFromCatalogue } from './support/site';
import { addOwnTools } from './support/tools';

/**
 * Requests for a quote (見積依頼): a new buyer puts a tool in the cart and asks the shop for a quote
 * with a note, and is told it is sent, the cart kept; then asks for 300 of the tool from its page; the
 * demo admin opens Quote requests from the dashboard menu and finds both requests with their lines. Phone and desktop run at the same time:
 * each its own buyer and tool, found by name; nothing depends on counts.
 */
test('a buyer asks for a quote for the cart; the admin reads it among the quote requests', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = uniqueUser(testInfo, 'Quote Asker');
  const note = `Delivery to our Osaka workshop in March, please (${buyer.email}).`;
  const [tool] = await addOwnTools(browser, baseURL ?? '', testInfo, [
    { name: 'Quoted Kanna', kind: 'plane', minQuantity: 2, maxQuantity: 500, perPrice: 36 },
  ]);
  if (!tool) throw new Error('the tool was not added');

  await test.step('the buyer adds the tool to the cart and asks for a quote with a note', async () => {
    await page.goto('/');
    await signUpThroughApi(page.request, baseURL ?? '', buyer);
    expect(
      (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
    ).toBeLessThan(400);
    await addToCartFromCatalogue(page, tool.productName);
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();

    await page.getByRole('button', { name: 'Request a quote' }).click();
    const form = page.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Note for the shop (optional)').fill(note);
    await checkScreen(page, testInfo, 'quote-request-form');
    await form.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.quoteRequestSent })).toBeVisible();
    // The cart is kept.
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${tool.productName}` })).toHaveValue('2');
    await checkScreen(page, testInfo, 'quote-request-sent');
  });

  const toolNote = `300 for the new season (${buyer.email}).`;
  await test.step("the buyer asks for a quote for 300 from the tool's page, beside Contact Supplier", async () => {
    await page.goto(`/purchase/${tool._id}`);
    await page.getByRole('button', { name: 'Request a quote' }).click();
    const form = page.getByRole('form', { name: 'Request a quote' });
    await expect(form.getByLabel('Quantity wanted')).toHaveValue('2');
    await form.getByLabel('Quantity wanted').fill('300');
    await form.getByLabel('Note for the shop (optional)').fill(toolNote);
    await checkScreen(page, testInfo, 'quote-request-tool-form');
    await form.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.quoteRequestSent })).toBeVisible();
  });

  await test.step('the admin opens Quote requests and finds the request with its line', async () => {
    await forgetCookies(page);
    await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
    await page.goto('/dashboard/myProfile');
    const menu = await dashboardMenu(page, testInfo);
    await menu.getByRole('link', { name: 'Quote requests' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quote requests' })).toBeVisible();
    const card = page.getByRole('article', { name: buyer.name }).filter({ hasText: note });
    await expect(card).toContainText(buyer.email);
    const line = card.getByRole('row').filter({ hasText: tool.productName });
    await expect(line).toContainText('2');
    await expect(line).toContainText('$36.00');
    const fromTool = page.getByRole('article', { name: buyer.name }).filter({ hasText: toolNote });
    await expect(fromTool.getByRole('row').filter({ hasText: tool.productName })).toContainText('300');
    await card.scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, 'quote-requests-inbox');
  });
});
