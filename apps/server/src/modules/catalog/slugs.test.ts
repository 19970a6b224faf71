import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowRecord, rowsOf } from '../../db/rows';
import { addToolByPiece, signUpVerified, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';

/**
 * A tool's slug (migration 0032; decision 0053): made from its name when it is added, unique, never
 * changed by an edit, and carried by its JSON.
 */
const ADMIN = 'owner@kanna.example';
let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await startTestShop({ env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000' } });
  admin = new Client(shop.app, shop.config.publicUrl, '10.63.0.1');
  await signUpVerified(shop, admin, 'Owner', ADMIN);
});
afterAll(async () => {
  await shop?.close();
});

const slugOf = async (id: string) =>
  ((await shop.app.inject(`/api/handTools/${id}`)).json() as { slug: string }).slug;

describe('a tool’s slug', () => {
  it('is made from the name, unique, and kept when the name changes', async () => {
    const first = await addToolByPiece(shop, 'Kiwa Kanna — 42 mm (Oak)', { available: 3, priceCents: 100 });
    expect(await slugOf(first._id)).toBe('kiwa-kanna-42-mm-oak');
    const twin = await addToolByPiece(shop, 'Kiwa kanna 42 mm oak', { available: 3, priceCents: 100 });
    expect(await slugOf(twin._id)).toBe(`kiwa-kanna-42-mm-oak-${twin._id.slice(0, 8)}`);
    const japanese = await addToolByPiece(shop, '鉋', { available: 3, priceCents: 100 });
    expect(await slugOf(japanese._id)).toMatch(/^tool(-[0-9a-f]{8})?$/);

    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${first._id}`,
      payload: { productName: 'Kiwa Kanna 48 mm' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().slug).toBe('kiwa-kanna-42-mm-oak');
    const listed = (await shop.app.inject('/api/handTools?limit=200')).json() as {
      _id: string;
      slug: string;
    }[];
    expect(listed.find((t) => t._id === first._id)?.slug).toBe('kiwa-kanna-42-mm-oak');
  });

  it('is given by the database to a tool inserted without one, as the previous release inserts', async () => {
    await shop.database.db.execute(
      sql`insert into tools (id, product_name, description, kind, image_id, min_quantity, available, price_cents, added_by)
          values (gen_random_uuid(), 'Old Release Saw', 'x', 'saw', gen_random_uuid(), 1, 1, 100, 'a@b.c')`,
    );
    const rows = rowsOf(
      await shop.database.db.execute(sql`select slug from tools where product_name = 'Old Release Saw'`),
      { parse: rowRecord },
    );
    expect(rows.map((r) => r.slug)).toEqual(['old-release-saw']);
  });
});
