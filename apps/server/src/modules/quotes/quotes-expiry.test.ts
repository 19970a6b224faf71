import type { Quote } from '@kanna/shared/quotes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quotes } from '../../db/schema';
import { addTool, captureMailer, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { acceptQuote, documentSettings, signedIn, startShopFor } from '../../test/shopping';

/**
 * A quote past its valid-until time, expired by the shop's own scheduler (the `expire-quotes` job
 * the app registers): it reads expired, the stock it held is on sale again in the public
 * catalogue, and its buyer can no longer accept it.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let visitor: Client;
let plane: string;
const ADMIN = 'quotes-expiry-admin@kanna.example';
const BUYER = 'expiry.buyer@kanna.example';

beforeAll(async () => {
  shop = await startShopFor(ADMIN, {}, captureMailer());
  admin = await signedIn(shop, '10.48.0.1', 'Expiry Desk', ADMIN);
  buyer = await signedIn(shop, '10.48.0.2', 'Ito Ken', BUYER);
  visitor = new Client(shop.app, shop.config.publicUrl, '10.48.0.3');
  expect((await admin.put('/api/shop-settings', documentSettings())).statusCode).toBe(200);
  plane = (
    await addTool(shop, { productName: 'Held plane', minQuantity: 1, available: 20, priceCents: 9_000 })
  )._id;
});
afterAll(() => shop?.close());

/** The pieces on sale as the public catalogue says (`maxQuantity`, signed out). */
async function onSale(id: string): Promise<number> {
  const res = await visitor.get(`/api/handTools/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().maxQuantity as number;
}

describe('the expire-quotes job', () => {
  it('expires a lapsed holding quote through the shop’s scheduler: the stock is on sale again, accepting it 409 expired', async () => {
    const before = await onSale(plane);
    const made = await admin.post('/api/quotes', {
      buyerEmail: BUYER,
      lines: [{ toolId: plane, quantity: 6, unitPrice: 80 }],
      validUntil: new Date(Date.now() + 3_600_000).toISOString(),
      holdsStock: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;
    expect(await onSale(plane)).toBe(before - 6);
    // Its valid-until time passes.
    await shop.database.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, id));

    const scheduler = shop.services.scheduler;
    try {
      await scheduler.start();
      expect(await scheduler.scheduleAt('expire-quotes', new Date())).toBe(true);
      // The shop's own scheduler polls every 5 s: the job runs at its next look.
      await vi.waitFor(
        async () => {
          const [row] = await shop.database.db
            .select({ state: quotes.state })
            .from(quotes)
            .where(eq(quotes.id, id));
          expect(row?.state).toBe('expired');
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      await scheduler.stop();
    }

    expect(((await buyer.get(`/api/quotes/${id}`)).json() as Quote).state).toBe('expired');
    expect(await onSale(plane)).toBe(before);
    const refused = await acceptQuote(buyer, id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().key).toBe('quoteExpired');
  });
});
