import { signUpThroughApi, uniqueUser } from './support/accounts';
import { expect, expectAccessible, expectNoSidewaysScroll, saveScreen, test } from './support/fixtures';
import { verificationLink } from './support/mail';
import { addOwnTools } from './support/tools';

/**
 * The address book (decision 0061): a buyer adds a delivery address — a Japanese one, the
 * prefecture and city filled from its postal code — then checks out choosing it, and the order
 * goes to it as one text. Phone and desktop run at the same time: each buyer and tool its own.
 */
test('a buyer adds a delivery address to the address book and checks out choosing it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = uniqueUser(testInfo, 'Address Book');
  const origin = new URL(baseURL ?? '').origin;
  const written = '〒111-0051 東京都 台東区蔵前 1-2-3 カンナビル4階';
  const [tool] = await addOwnTools(browser, baseURL ?? '', testInfo, [
    // $72: above the $50 minimum order the settings journey leaves on this shared shop.
    { name: 'Booked Kanna', kind: 'plane', minQuantity: 2, maxQuantity: 100, perPrice: 36 },
  ]);
  if (!tool) throw new Error('the tool was not added');

  await page.goto('/');
  await signUpThroughApi(page.request, baseURL ?? '', buyer);
  expect(
    (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);

  await test.step('the empty address book takes a Japanese address from its postal code', async () => {
    await page.goto('/dashboard/addresses');
    await expect(page.getByRole('heading', { level: 1, name: 'Address book' })).toBeVisible();
    await expect(page.getByText('No addresses yet.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel(/^Label/).fill('Kuramae workshop');
    await form.getByLabel(/^Recipient/).fill(buyer.name);
    await form.getByLabel(/^Phone/).fill('03-1234-5678');
    await form.getByLabel(/^Postal code/).fill('111-0051');
    await expect(form.getByLabel(/^Prefecture/)).toHaveValue('東京都');
    await expect(form.getByLabel(/^City, ward and town/)).toHaveValue('台東区蔵前');
    await expect(form.getByLabel(/^Street and number/)).toBeFocused();
    await form.getByLabel(/^Street and number/).fill('1-2-3');
    await form.getByLabel(/^Building and room/).fill('カンナビル4階');
    await expectNoSidewaysScroll(page, 'the address form');
    await expectAccessible(page, 'the address form');
    await saveScreen(page, 'address-book-form', testInfo);
    await form.getByRole('button', { name: 'Save address' }).click();

    const entry = page.getByRole('listitem').filter({ hasText: 'Kuramae workshop' });
    await expect(entry).toContainText(written);
    await expect(entry).toContainText('Delivery address');
    await expect(page.getByRole('status').filter({ hasText: 'Address saved.' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the address book');
    await expectAccessible(page, 'the address book');
    await saveScreen(page, 'address-book', testInfo);
  });

  await test.step('the checkout fills phone, address and country from the saved place', async () => {
    const cart = await page.request.put('/api/cart', {
      data: { lines: [{ toolId: tool._id, quantity: tool.minQuantity }] },
      headers: { Origin: origin },
    });
    expect(cart.status(), await cart.text()).toBe(200);
    await page.goto('/cart');
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await checkout
      .getByLabel('Deliver to a saved place')
      .selectOption({ label: `Kuramae workshop — ${written}` });
    await expect(checkout.getByLabel('Address')).toHaveValue(written);
    await expect(checkout.getByLabel('Phone')).toHaveValue('+81 3 1234 5678');
    await expect(checkout.getByLabel('Country')).toHaveValue('JP');
    await expectAccessible(page, 'the checkout with the address book');
    await saveScreen(page, 'address-book-checkout', testInfo);
    await checkout.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
  });

  await test.step('the order went to that address', async () => {
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const order = await page.request.get(`/api/orders/order/${id}`);
    expect(order.status()).toBe(200);
    expect(await order.json()).toMatchObject({ address: written, country: 'JP' });
  });
});
