import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { signedIn, startShopFor } from '../../test/shopping';

/**
 * A holding quote counts like an unpaid order of its buyer's (decision 0068) not only when it is
 * made but also when that buyer later places an ordinary order (place_orders, migration 0049): it
 * is one more unpaid order towards the count cap and its goods count towards the value cap, and
 * the pieces it holds count towards the half-of-stock rule. Once it is declined it counts no more.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let plane: string;
let chisel: string;
const ADMIN = 'quote-caps-admin@kanna.example';
const BUYER = 'quote.caps.buyer@kanna.example';
const delivery = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo', country: 'JP' };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  // Two unpaid orders at most, worth $500 at most together.
  shop = await startShopFor(ADMIN, { MAX_UNPAID_ORDERS: '2', MAX_UNPAID_VALUE: '500' });
  admin = await signedIn(shop, '10.49.0.1', 'Caps Desk', ADMIN);
  buyer = await signedIn(shop, '10.49.0.2', 'Caps Buyer', BUYER);
  plane = (
    await addTool(shop, { productName: 'Capped plane', minQuantity: 1, available: 40, priceCents: 1_000 })
  )._id;
  chisel = (
    await addTool(shop, { productName: 'Capped chisel', minQuantity: 1, available: 20, priceCents: 1_000 })
  )._id;
});
afterAll(() => shop?.close());

async function holdingQuote(toolId: string, quantity: number, unitPrice: number): Promise<string> {
  const res = await admin.post('/api/quotes', {
    buyerEmail: BUYER,
    lines: [{ toolId, quantity, unitPrice }],
    validUntil: inAnHour(),
    holdsStock: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

const order = (toolId: string, quantity: number) =>
  buyer.post('/api/order', { ...delivery, lines: [{ toolId, quantity }], paymentMethod: 'card' });

describe("a buyer's open holding quote, when they place an ordinary order", () => {
  it('counts as one more unpaid order, and no more once declined', async () => {
    const quote = await holdingQuote(plane, 2, 10);
    const first = await order(plane, 1);
    expect(first.statusCode, first.body).toBe(201);
    // The quote and one unpaid order make the two the cap allows.
    const second = await order(plane, 1);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().key).toBe('tooManyUnpaidOrders');
    expect((await buyer.post(`/api/quotes/${quote}/decline`, {})).statusCode).toBe(200);
    const third = await order(plane, 1);
    expect(third.statusCode, third.body).toBe(201);
    // Both orders cancelled: nothing of this buyer's is unpaid any more.
    for (const id of [first.json().insertedId, third.json().insertedId]) {
      const cancelled = await buyer.request({ method: 'DELETE', url: `/api/order/${id}` });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
  });

  it('counts its goods towards the unpaid value cap', async () => {
    // $450 of quoted goods leaves $50 of the $500 cap: a $60 order is refused, a $50 one is not.
    const quote = await holdingQuote(plane, 3, 150);
    const over = await order(plane, 6);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().key).toBe('unpaidValueTooHigh');
    const within = await order(plane, 5);
    expect(within.statusCode, within.body).toBe(201);
    expect((await buyer.post(`/api/quotes/${quote}/decline`, {})).statusCode).toBe(200);
    const cancelled = await buyer.request({
      method: 'DELETE',
      url: `/api/order/${within.json().insertedId}`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('counts the pieces it holds towards the half-of-stock rule', async () => {
    // 20 chisels: a quote holds 8, 12 remain on sale. Half of the 20 is 10: an order of 7 passes
    // on the 12 alone (7 > 6 of 12) only if the quote's 8 are counted as held, as an unpaid order's.
    const quote = await holdingQuote(chisel, 8, 10);
    const seven = await order(chisel, 7);
    expect(seven.statusCode, seven.body).toBe(201);
    const cancelled = await buyer.request({ method: 'DELETE', url: `/api/order/${seven.json().insertedId}` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // 11 of the 20 is over half, quote or not.
    expect((await buyer.post(`/api/quotes/${quote}/decline`, {})).statusCode).toBe(200);
    const eleven = await order(chisel, 11);
    expect(eleven.statusCode, eleven.body).toBe(409);
    expect(eleven.json().key).toBe('overHalfOfStock');
  });
});
