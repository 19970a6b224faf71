import { messages } from '@kanna/shared/domain/messages';
import { signUpThroughApi, uniqueUser } from './support/accounts';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  saveScreen,
  test,
  toast,
} from './support/fixtures';
import { verificationLink } from './support/mail';
import { apiSampleTools } from './support/tools';

/**
 * Ordering again (docs/languages.md, "Two languages": Japanese addresses): the checkout starts
 * from the address and phone the buyer's last order went to — a Japanese one as the postal-code
 * lookup wrote it, postal code, prefecture, city, street — and from the profile only when they
 * have ordered nothing yet.
 */
test('ordering again starts the checkout from the address and phone the buyer used last', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = uniqueUser(testInfo, 'Orders again');
  const origin = new URL(baseURL ?? '').origin;
  const address = '〒111-0051 東京都台東区蔵前 1-2-3 カンナビル4階';
  const tool = (await apiSampleTools(page.request)).find((t) => t.maxQuantity >= t.minQuantity * 2);
  if (!tool) throw new Error('no tool in stock');
  let phone = '';

  await test.step('a buyer placed an order to a Japanese address', async () => {
    await signUpThroughApi(page.request, baseURL ?? '', user);
    await page.goto(await verificationLink(user.email));
    const placed = await page.request.post('/api/order', {
      data: {
        lines: [{ toolId: tool._id, quantity: tool.minQuantity }],
        phone: '03-1234-5678',
        address,
        country: 'JP',
      },
      headers: { Origin: origin },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = await page.request.get(`/api/orders/order/${(await placed.json()).insertedId}`);
    // The phone as the shop keeps it (written the international way).
    phone = (await order.json()).phone;
    expect(phone).toMatch(/3.?1234.?5678$/);
  });

  await test.step('Order again: the checkout has that address, phone and country', async () => {
    await page.goto('/dashboard/myOrders');
    await page.getByRole('button', { name: `Order again: ${tool.productName}` }).click();
    await expect(toast(page, messages.addedToCart)).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await expect(checkout.getByLabel('Address')).toHaveValue(address);
    await expect(checkout.getByLabel('Phone')).toHaveValue(phone);
    await expect(checkout.getByLabel('Country')).toHaveValue('JP');
    await expectNoSidewaysScroll(page, 'the cart ordered again');
    await expectAccessible(page, 'the cart ordered again');
    await saveScreen(page, 'order-again-checkout', testInfo);
  });
});
