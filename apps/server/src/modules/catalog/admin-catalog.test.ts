import { messages } from '@kanna/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, orders, tools } from '../../db/schema';
import { type TestShop, verifyEmail } from '../../test/harness';
import { Client } from '../../test/http';
import { ownerBuyerAndVisitor, planeProduct, signedIn, uploadImage } from '../../test/shopping';

/** Running the shop: uploads, products, reviews, users and the overview, as an admin would. */
let shop: TestShop;
let admin: Client;
let customer: Client;
let anon: Client;
let photo: Buffer;

beforeAll(async () => {
  // ADMIN_EMAILS makes the owner an administrator once the address is confirmed.
  ({ shop, admin, customer, anon } = await ownerBuyerAndVisitor('10.7.0'));
  photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b07040' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => shop?.close());

const upload = (c: Client, filename: string, type: string, bytes: Buffer) =>
  uploadImage(c, filename, bytes, type);
async function uploadedUrl() {
  const res = await upload(admin, 'plane.jpg', 'image/jpeg', photo);
  expect(res.statusCode).toBe(201);
  return res.json().data.url as string;
}
const product = planeProduct;

describe('image upload', () => {
  it.each([
    ['JPEG', 'jpeg'],
    ['PNG', 'png'],
    ['WebP', 'webp'],
    ['AVIF', 'avif'],
  ] as const)(
    'accepts %s by its content, re-encoded to WebP at every width without metadata',
    async (_l, format) => {
      const bytes = await sharp(photo)[format]().toBuffer();
      const res = await upload(
        admin,
        `picture.${format === 'jpeg' ? 'bin' : format}`,
        'application/octet-stream',
        bytes,
      );
      expect(res.statusCode).toBe(201);
      const { success, data } = res.json();
      expect(success).toBe(true);
      expect(data.url).toMatch(/^\/media\/[0-9a-f-]{36}\/640\.webp$/);
      for (const w of [320, 640, 960]) {
        // Replace the file name only: a random id may itself contain "640".
        const img = await shop.app.inject(data.url.replace('/640.webp', `/${w}.webp`));
        expect(img.statusCode).toBe(200);
        const meta = await sharp(img.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: w });
        expect(meta.exif).toBeUndefined();
      }
    },
  );

  it('rejects a text file renamed .jpg, an SVG with a script, and a 6 MB file', async () => {
    const text = await upload(admin, 'photo.jpg', 'image/jpeg', Buffer.from('just some text, not a picture'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/JPEG, PNG, WebP or AVIF/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(admin, 'logo.svg', 'image/svg+xml', svg)).statusCode).toBe(415);
    const big = Buffer.concat([await sharp(photo).png().toBuffer(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const tooBig = await upload(admin, 'huge.png', 'image/png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The picture is larger than 5 MB.');
  });

  it('is for administrators only', async () => {
    expect((await upload(customer, 'a.jpg', 'image/jpeg', photo)).statusCode).toBe(403);
    expect((await upload(anon, 'a.jpg', 'image/jpeg', photo)).statusCode).toBe(401);
  });
});

describe('products', () => {
  it('adds a product that leads the home page at once, edits its price, and deletes it', async () => {
    const img = await uploadedUrl();
    const res = await admin.post('/api/handTools', product(img));
    expect(res.statusCode).toBe(201);
    const id = res.json().insertedId;
    const home = (await anon.get('/api/handTools?limit=8')).json();
    expect(home[0]).toMatchObject({
      _id: id,
      productName: 'Hira Kanna 48 mm',
      perPrice: 54.5,
      maxQuantity: 60,
    });

    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${id}`,
      payload: { perPrice: 49.99 },
    });
    expect(edited.statusCode).toBe(200);
    expect((await anon.get(`/api/handTools/${id}`)).json().perPrice).toBe(49.99);

    const del = await admin.delete(`/api/handTools/${id}`);
    expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await anon.get(`/api/handTools/${id}`)).statusCode).toBe(404);
    expect((await anon.get('/api/handTools')).json().some((t: { _id: string }) => t._id === id)).toBe(false);
  });

  it.each([
    [{ productName: '' }, 'Product name is required'],
    [{ description: ' ' }, 'Description is required'],
    [{ minQuantity: 0 }, 'Minimum quantity must be at least 1'],
    [{ minQuantity: 2.5 }, 'Minimum quantity must be a whole number'],
    [{ maxQuantity: 3 }, 'Available quantity must be at least the minimum quantity'],
    [{ perPrice: 0 }, 'Price must be more than 0'],
    [{ perPrice: 1.234 }, 'Price can have at most 2 decimals'],
    [{ perPrice: '12' }, 'Price must be a number'],
    [{ img: 'https://elsewhere.example/x.png' }, 'Image is required: upload a picture'],
    [{ img: '/media/00000000-0000-4000-8000-000000000000/640.webp' }, 'Image is required: upload a picture'],
    [{ kind: 'spoon' }, undefined],
  ])('refuses %j with a 400 and its message, adding nothing', async (over, message) => {
    const img = await uploadedUrl();
    const before = (await shop.database.db.select().from(tools)).length;
    const res = await admin.post('/api/handTools', product(img, over));
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await shop.database.db.select().from(tools)).length).toBe(before);
  });

  it('refuses an edit that leaves less available than the minimum', async () => {
    const img = await uploadedUrl();
    const id = (await admin.post('/api/handTools', product(img))).json().insertedId;
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${id}`,
      payload: { maxQuantity: 4 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Available quantity must be at least the minimum quantity');
    expect((await anon.get(`/api/handTools/${id}`)).json().maxQuantity).toBe(60);
  });

  it('refuses every product call to a customer (403) and anonymous callers (401), changing nothing', async () => {
    const img = await uploadedUrl();
    const id = (await admin.post('/api/handTools', product(img))).json().insertedId;
    for (const c of [customer, anon]) {
      const code = c === customer ? 403 : 401;
      expect((await c.post('/api/handTools', product(img))).statusCode).toBe(code);
      expect(
        (await c.request({ method: 'PATCH', url: `/api/handTools/${id}`, payload: { perPrice: 1 } }))
          .statusCode,
      ).toBe(code);
      expect((await c.delete(`/api/handTools/${id}`)).statusCode).toBe(code);
    }
    expect((await anon.get(`/api/handTools/${id}`)).json()).toMatchObject({ perPrice: 54.5 });
  });

  it('deleting a product keeps its orders intact', async () => {
    const img = await uploadedUrl();
    const id = (await admin.post('/api/handTools', product(img))).json().insertedId;
    const placed = await customer.post('/api/order', {
      toolId: id,
      quantity: 5,
      phone: '052-123-4567',
      address: 'Nagoya',
    });
    expect(placed.statusCode).toBe(201);
    await admin.delete(`/api/handTools/${id}`);
    const [kept] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed.json().insertedId));
    expect(kept).toMatchObject({
      productName: 'Hira Kanna 48 mm',
      perPriceCents: 5450,
      quantity: 5,
      status: 'unpaid',
    });
    const mine = (await customer.get('/api/order/customer@kanna.example')).json();
    expect(mine.find((o: { _id: string }) => o._id === placed.json().insertedId)).toMatchObject({
      totalPrice: 272.5,
    });
  });
});

describe('unused pictures', () => {
  const shown = async (url: string) => (await anon.get(url)).statusCode;

  it('go once their grace has passed, unless a tool or a profile shows them', async () => {
    await shop.services.media.removeUnused(new Date()); // what earlier tests left behind
    const abandoned = await uploadedUrl();
    const used = await uploadedUrl();
    const replaced = await uploadedUrl();
    const profile = await uploadedUrl();
    const created = await admin.post('/api/handTools', product(used));
    const edited = await admin.post('/api/handTools', product(replaced));
    expect([created.statusCode, edited.statusCode]).toEqual([201, 201]);
    const replacement = await uploadedUrl();
    const patch = await admin.request({
      method: 'PATCH',
      url: `/api/handTools/${edited.json().insertedId}`,
      payload: { img: replacement },
    });
    expect(patch.statusCode).toBe(200);
    const put = await customer.put('/api/users/customer@kanna.example', {
      email: 'customer@kanna.example',
      displayName: 'Customer',
      phone: '0312345678',
      district: 'Chiyoda',
      city: 'Tokyo',
      // A profile picture is one of the shop's own, named by its path (a full address is refused).
      img: profile,
    });
    expect(put.statusCode).toBe(200);
    // An archived tool keeps its picture: its orders may still be looked at.
    await admin.delete(`/api/handTools/${created.json().insertedId}`);
    // Everything uploaded so far becomes an hour old; the cutoff falls half an hour ago.
    await shop.database.db.update(media).set({ createdAt: sql`${media.createdAt} - interval '1 hour'` });
    const cutoff = new Date(Date.now() - 30 * 60_000);
    const fresh = await uploadedUrl();

    expect(await shop.services.media.removeUnused(cutoff)).toBe(2);
    expect(await shown(abandoned)).toBe(404);
    expect(await shown(replaced)).toBe(404);
    for (const url of [used, replacement, profile, fresh]) expect(await shown(url)).toBe(200);
    expect(await shop.services.media.removeUnused(cutoff)).toBe(0);
  });
});

describe('catalogue browsing', () => {
  it('searches by name, sorts by price and filters by kind', async () => {
    const img = await uploadedUrl();
    for (const [name, kind, price] of [
      ['Browse Genno A', 'hammer', 30],
      ['Browse Genno B', 'hammer', 10],
      ['Browse Nomi C', 'chisel', 20],
    ] as const) {
      await admin.post('/api/handTools', product(img, { productName: name, kind, perPrice: price }));
    }
    const found = (await anon.get('/api/handTools?search=browse%20genno')).json();
    expect(found.map((t: { productName: string }) => t.productName).sort()).toEqual([
      'Browse Genno A',
      'Browse Genno B',
    ]);
    const cheap = (await anon.get('/api/handTools?search=browse&sort=price-asc')).json();
    expect(cheap.map((t: { perPrice: number }) => t.perPrice)).toEqual([10, 20, 30]);
    const dear = (await anon.get('/api/handTools?search=browse&sort=price-desc')).json();
    expect(dear.map((t: { perPrice: number }) => t.perPrice)).toEqual([30, 20, 10]);
    const chisels = (await anon.get('/api/handTools?kind=chisel')).json();
    expect(chisels.length).toBeGreaterThan(0);
    expect(chisels.every((t: { kind: string }) => t.kind === 'chisel')).toBe(true);
    expect((await anon.get('/api/handTools?search=%25')).json()).toEqual([]);
    expect((await anon.get('/api/handTools?sort=cheapest')).statusCode).toBe(400);
  });
});

describe('reviews', () => {
  it.each([[0], [6], [3.5], ['5']])('refuses rating %j', async (rating) => {
    const res = await customer.post('/api/review', { rating, description: 'Nice.' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('rating');
  });

  it('refuses an empty or over-long text, and anonymous authors', async () => {
    expect((await customer.post('/api/review', { rating: 4, description: '  ' })).json().message).toBe(
      'Review is required',
    );
    expect(
      (await customer.post('/api/review', { rating: 4, description: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
    expect((await anon.post('/api/review', { rating: 4, description: 'Hi' })).statusCode).toBe(401);
  });

  it('needs a confirmed e-mail address, as ordering does (403 with the message, nothing listed)', async () => {
    const newcomer = new Client(shop.app, shop.config.publicUrl, '10.7.0.9');
    await newcomer.signUp('Newcomer', 'newcomer@kanna.example');
    const refused = await newcomer.post('/api/review', { rating: 5, description: 'Best shop ever!' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.verifyEmailToReview);
    const listed = (await anon.get('/api/review?limit=8')).json() as { description: string }[];
    expect(listed.map((r) => r.description)).not.toContain('Best shop ever!');

    await verifyEmail(shop, newcomer, 'newcomer@kanna.example');
    const posted = await newcomer.post('/api/review', { rating: 5, description: 'Best shop ever!' });
    expect(posted.statusCode).toBe(201);
    const [first] = (await anon.get('/api/review?limit=8')).json() as { description: string }[];
    expect(first?.description).toBe('Best shop ever!');
  });

  it("stores the session's name and picture whatever the body says, first on the list, verified after a paid order", async () => {
    // A profile picture must be one the shop holds.
    const picture = await uploadedUrl();
    await customer.put('/api/users/customer@kanna.example', {
      displayName: 'Chiyo Customer',
      phone: '0123456789',
      city: 'Sendai',
      district: 'Aoba',
      img: picture,
    });
    const res = await customer.post('/api/review', {
      rating: 5,
      description: 'Sharp chisels.',
      name: 'The CEO',
      img: 'x',
    });
    expect(res.statusCode).toBe(201);
    const [first] = (await anon.get('/api/review?limit=4')).json();
    expect(first).toMatchObject({
      _id: res.json().insertedId,
      name: 'Chiyo Customer',
      rating: 5,
      description: 'Sharp chisels.',
      img: picture,
      verified: false,
    });
  });
});

describe('users (admin)', () => {
  it('promotes a user, refuses customers, and keeps self and the last admin from deletion', async () => {
    const worker = new Client(shop.app, shop.config.publicUrl, '10.7.0.9');
    await worker.signUp('Worker', 'worker@kanna.example');
    expect((await customer.put('/api/users/admin/worker@kanna.example')).statusCode).toBe(403);
    expect((await anon.put('/api/users/admin/worker@kanna.example')).statusCode).toBe(401);
    expect((await worker.get('/api/admin/worker@kanna.example')).json()).toEqual({ admin: false });
    const promoted = await admin.put('/api/users/admin/worker@kanna.example');
    expect(promoted.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await worker.get('/api/admin/worker@kanna.example')).json()).toEqual({ admin: true });

    expect((await admin.delete('/api/users/owner@kanna.example')).statusCode).toBe(409);
    expect((await customer.delete('/api/users/worker@kanna.example')).statusCode).toBe(403);
    expect((await worker.delete('/api/users/owner@kanna.example')).json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    const last = await worker.delete('/api/users/worker@kanna.example');
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('You cannot delete your own account.');
  });

  it("removes a customer while keeping the customer's orders", async () => {
    const extra = await signedIn(shop, '10.7.0.10', 'Leaving', 'leaving@kanna.example');
    const [tool] = (await anon.get('/api/handTools?limit=1')).json();
    const placed = await extra.post('/api/order', {
      toolId: tool._id,
      quantity: tool.minQuantity,
      phone: '078-123-4567',
      address: 'Kobe',
    });
    expect(placed.statusCode).toBe(201);
    const boss = new Client(shop.app, shop.config.publicUrl, '10.7.0.11');
    expect((await boss.signIn('worker@kanna.example')).statusCode).toBe(200);
    expect((await boss.delete('/api/users/leaving@kanna.example')).json().deletedCount).toBe(1);
    const [kept] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed.json().insertedId));
    expect(kept).toMatchObject({ email: 'leaving@kanna.example', userId: null });
  });
});

describe('admin overview and API docs', () => {
  it('counts orders by state, lists tools running low, and gives 8 weeks of sales', async () => {
    const boss = new Client(shop.app, shop.config.publicUrl, '10.7.0.12');
    await boss.signIn('worker@kanna.example');
    const res = await boss.get('/api/admin-overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weeks).toHaveLength(8);
    expect(body.counts.unpaid).toBeGreaterThanOrEqual(1);
    expect(
      body.lowStock.every(
        (t: { minQuantity: number; maxQuantity: number }) => t.maxQuantity <= 2 * t.minQuantity,
      ),
    ).toBe(true);
    expect((await customer.get('/api/admin-overview')).statusCode).toBe(403);
    expect((await anon.get('/api/admin-overview')).statusCode).toBe(401);
  });

  it('publishes every route in OpenAPI at /api/docs', async () => {
    const doc = (await anon.get('/api/docs')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/handTools',
      '/api/handTools/{id}',
      '/api/order',
      '/api/review',
      '/api/users/{email}',
      '/api/media',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
