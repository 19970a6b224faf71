import type { UserRecord } from '@kanna/shared/users';
import { demoAdmin, forgetCookies, signInThroughApi, signUpThroughApi, uniqueUser } from './support/accounts';
import { checkScreen, expect, test, toast } from './support/fixtures';
import { verificationLink } from './support/mail';
import { apiSampleTools } from './support/tools';

/**
 * Orders entered by the shop (docs/rules.md, "Orders entered by the shop"): a buyer orders by
 * phone; the demo admin opens "Enter an order" from All orders, enters the buyer's e-mail address,
 * a line of a sample tool, the delivery and the buyer's PO number, and lands on the new order's
 * page, whose history says the admin placed it (in Japanese too). The buyer then finds the order
 * in My orders. Phone and desktop each sign up their own buyer.
 */
test('the admin enters a phone order for a buyer, with their PO number; the order says who placed it, and the buyer sees it', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = uniqueUser(testInfo, 'Phone Order');
  const po = `PO-${testInfo.project.name}-${Date.now().toString(36)}`;
  const address = `〒104-0061 東京都中央区銀座 1-2-3 (${buyer.email})`;

  await page.goto('/');
  await signUpThroughApi(page.request, baseURL ?? '', buyer);
  expect(
    (await page.request.get(await verificationLink(buyer.email), { maxRedirects: 0 })).status(),
  ).toBeLessThan(400);
  const tool = (await apiSampleTools(page.request)).find((t) => t.maxQuantity >= t.minQuantity * 4);
  if (!tool) throw new Error('no sample tool with stock to spare');

  await forgetCookies(page);
  await signInThroughApi(page, demoAdmin.email, demoAdmin.password);
  const admin = (await (await page.request.get(`/api/users/${demoAdmin.email}`)).json()) as UserRecord;

  await page.goto('/dashboard/allOrders');
  await page.getByRole('link', { name: 'Enter an order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter an order' })).toBeVisible();
  const email = page.getByLabel('Buyer’s e-mail');
  await email.fill(buyer.email);
  await email.blur();
  await expect(page.getByText(`Account: ${buyer.name} (${buyer.email})`)).toBeVisible();
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Tool').selectOption(tool._id);
  await line.getByLabel('Quantity').fill(String(tool.minQuantity));
  await page.getByLabel('Phone').fill('03-1234-5678');
  await page.getByLabel('Address').fill(address);
  await page.getByText('Company, PO number, billing and receipt').click();
  await page.getByLabel('The buyer’s PO number').fill(po);
  await checkScreen(page, testInfo, 'entered-order-form');
  await page.getByRole('button', { name: 'Enter the order' }).click();

  await expect(toast(page, 'Order entered for the buyer.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Order K-\d+/ });
  await expect(heading).toBeVisible();
  const number = /K-\d+/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
  await expect(page.getByText(po)).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText('Placed');
  await expect(history.getByRole('listitem').first()).toContainText(`, by ${admin.displayName}`);
  await checkScreen(page, testInfo, 'entered-order-page');

  // The same in Japanese: the form, and the history saying the admin placed it.
  const orderPath = new URL(page.url()).pathname;
  await page.goto('/ja/dashboard/orders/new');
  await expect(page.getByRole('heading', { level: 1, name: '注文の代理入力' })).toBeVisible();
  await checkScreen(page, testInfo, 'entered-order-form-ja');
  await page.goto(`/ja${orderPath}`);
  await expect(page.getByRole('region', { name: '履歴' }).getByRole('listitem').first()).toContainText(
    'ご注文',
  );
  await expect(page.getByRole('region', { name: '履歴' }).getByRole('listitem').first()).toContainText(
    `、${admin.displayName}`,
  );
  await checkScreen(page, testInfo, 'entered-order-page-ja');

  // The buyer finds it among their own orders.
  await forgetCookies(page);
  await signInThroughApi(page, buyer.email, buyer.password);
  await page.goto('/dashboard/myOrders');
  await expect(page.getByText(number).first()).toBeVisible();
});
