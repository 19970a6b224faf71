import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, startTestShop, type TestShop } from '../../test/harness';
import type { Client } from '../../test/http';
import { signedIn } from '../../test/shopping';

/**
 * What the server itself refuses in an admin's product (beyond the shared schema), in the words
 * of messages.ts: a picture that was never uploaded, and an edit that, merged with the stored
 * tool, leaves less available than the minimum order.
 */
let shop: TestShop;
let admin: Client;

beforeAll(async () => {
  shop = await startTestShop({
    env: { ADMIN_EMAILS: 'admin@catalog-refusals.example', AUTH_RATE_LIMIT: '1000' },
  });
  admin = await signedIn(shop, '10.15.0.1', 'Admin', 'admin@catalog-refusals.example');
});
afterAll(() => shop?.close());

describe("an admin's product", () => {
  it('must show a picture uploaded to the shop', async () => {
    const res = await admin.post('/api/handTools', {
      productName: 'Hira Kanna 48 mm',
      description: 'A flat-sole smoothing plane.',
      minQuantity: 5,
      maxQuantity: 60,
      perPrice: 54.5,
      img: '/media/00000000-0000-4000-8000-000000000000/640.webp',
    });
    expect(res.json()).toMatchObject({ statusCode: 400, message: messages.imageRequired });
  });

  it('must name its picture by a UUID: 36 other hex-or-dash characters are refused with 400, never a 500', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 1200 });
    const notUuids = [
      '------------------------------------',
      '0123456789abcdef0123456789abcdef0123',
      '00000000-0000-4000-8000-00000000000-',
      '0000000000000-4000-8000-000000000000',
    ];
    for (const id of notUuids) {
      const img = `/media/${id}/640.webp`;
      const added = await admin.post('/api/handTools', {
        productName: 'Hira Kanna 48 mm',
        description: 'A flat-sole smoothing plane.',
        minQuantity: 5,
        maxQuantity: 60,
        perPrice: 54.5,
        img,
      });
      expect(added.statusCode, img).toBe(400);
      expect(added.json().message).toContain(messages.imageRequired);
      const edited = await admin.request({
        method: 'PATCH',
        url: `/api/handTools/${tool._id}`,
        payload: { img },
      });
      expect(edited.statusCode, img).toBe(400);
      expect(edited.json().message).toContain(messages.imageRequired);
    }
  });

  it('cannot be edited to less available than its stored minimum', async () => {
    const tool = await addTool(shop, { minQuantity: 10, available: 50, priceCents: 1200 });
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${tool._id}`,
      payload: { maxQuantity: 4 },
    });
    expect(res.json()).toMatchObject({ statusCode: 400, message: messages.availableBelowMinimum });
  });
});
