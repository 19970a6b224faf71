import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { placeOrder, signedIn } from '../../test/shopping';

/**
 * Refusals around orders and the guards in front of them, each with its status and its text from
 * messages.ts: only administrators, only one's own account, only a paid order ships (a cart naming
 * real tools: cart/cart.test.ts).
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;

beforeAll(async () => {
  shop = await startTestShop({
    env: { ADMIN_EMAILS: 'admin@order-refusals.example', AUTH_RATE_LIMIT: '1000' },
  });
  admin = await signedIn(shop, '10.14.0.1', 'Admin', 'admin@order-refusals.example');
  buyer = await signedIn(shop, '10.14.0.2', 'Buyer', 'buyer@order-refusals.example');
});
afterAll(() => shop?.close());

describe('the guards', () => {
  it("refuse an administrator's call to anyone else, and another account's profile", async () => {
    const list = await buyer.get('/api/users');
    expect(list.json()).toMatchObject({ statusCode: 403, message: messages.adminOnly });
    const other = await buyer.get('/api/users/admin@order-refusals.example');
    expect(other.json()).toMatchObject({ statusCode: 403, message: messages.ownAccountOnly });
  });
});

describe('orders', () => {
  it('only a paid order can be shipped', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 900 });
    const id = await placeOrder(buyer, tool._id, 1, 'Sakai');
    const ship = await admin.request({ method: 'PATCH', url: `/api/order/${id}/ship` });
    expect(ship.json()).toMatchObject({ statusCode: 409, message: messages.onlyPaidShips });
  });
});
