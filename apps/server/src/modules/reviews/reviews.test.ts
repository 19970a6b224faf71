import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleData } from '../../seed/sample-data';
import { startTestShop, type TestShop } from '../../test/harness';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await seedSampleData(shop.services);
});
afterAll(() => shop?.close());

describe('GET /api/review', () => {
  it('lists reviews newest first with name, text, a 1–5 rating and an optional picture', async () => {
    const res = await shop.app.inject('/api/review');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const r of list) {
      expect(r).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        rating: expect.any(Number),
        img: null,
        verified: false,
        createdAt: expect.any(String),
      });
      expect(Number.isInteger(r.rating) && r.rating >= 1 && r.rating <= 5).toBe(true);
    }
    const times = list.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers ?limit=4 with the 4 newest, and a new review leads at once', async () => {
    const before = (await shop.app.inject('/api/review?limit=4')).json();
    expect(before).toHaveLength(4);
    const created = await shop.services.reviews.create({
      name: 'Aiko Mori',
      description: 'Great saws.',
      rating: 5,
    });
    const after = (await shop.app.inject('/api/review?limit=4')).json();
    expect(after[0]).toMatchObject({ _id: created._id, name: 'Aiko Mori', rating: 5 });
    expect(after.slice(1)).toEqual(before.slice(0, 3));
  });

  it('refuses a bad limit with 400', async () => {
    const res = await shop.app.inject('/api/review?limit=zero');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('limit must be a whole number from 1 to 200.');
  });
});
