import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../test/harness';

/**
 * GET /api/settings says the shop's time zone (SHOP_TIME_ZONE, as Intl names it), which the order
 * pages show every time in (docs/languages.md, "Two languages").
 */
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ env: { SHOP_TIME_ZONE: 'europe/berlin' } });
});
afterAll(() => shop?.close());

describe('GET /api/settings', () => {
  it("answers the shop's time zone by its IANA name, to anyone", async () => {
    const answer = await shop.app.inject('/api/settings');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ timeZone: 'Europe/Berlin', payments: 'test' });
  });
});
