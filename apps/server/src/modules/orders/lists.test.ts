import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Order } from '@kanna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { addTool, addToolByPiece, captureMailer, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn } from '../../test/shopping';
import { exportRepository } from './orders.export.repository';
import { listsRepository } from './orders.lists.repository';

/** Years of trade: every list pages (Link rel="next"), filters and exports. */
let shop: TestShop;
let admin: Client;
let alice: Client;
let bob: Client;
const address = { phone: '0312345678', address: '1-1 Ginza, Tokyo' };

beforeAll(async () => {
  shop = await startTestShop({
    mailer: captureMailer(),
    env: { ADMIN_EMAILS: 'lists-admin@kanna.example', AUTH_RATE_LIMIT: '5000', MAX_UNPAID_ORDERS: '100' },
  });
  admin = await signedIn(shop, '10.30.0.1', 'List Admin', 'lists-admin@kanna.example');
  alice = await signedIn(shop, '10.30.0.2', 'Alice Sato', 'alice@kanna.example');
  bob = await signedIn(shop, '10.30.0.3', '=HYPERLINK("x") Bob', 'bob@kanna.example');
});
afterAll(() => shop?.close());

/** Follows `Link: <…>; rel="next"` from `url` to the end; every page's items in order. */
async function walk<Item extends { _id: string } = { _id: string }>(
  c: Client,
  url: string,
  between?: () => Promise<void>,
) {
  const pages: Item[][] = [];
  let next: string | null = url;
  while (next) {
    const res = await c.get(next);
    expect(res.statusCode).toBe(200);
    pages.push(res.json<Item[]>());
    const link = String(res.headers.link ?? '');
    next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
    if (next) await between?.();
  }
  return pages;
}

describe('orders, page by page', () => {
  const placed: string[] = [];
  let kanna: Awaited<ReturnType<typeof addTool>>;
  let nomi: Awaited<ReturnType<typeof addTool>>;
  beforeAll(async () => {
    kanna = await addToolByPiece(shop, 'Hira Kanna 70', { available: 10_000, priceCents: 1000 });
    nomi = await addToolByPiece(shop, 'Oire Nomi 9', { available: 10_000, priceCents: 500 });
    for (let i = 0; i < 12; i++) {
      const c = i % 3 === 0 ? bob : alice;
      const lines =
        i % 4 === 0
          ? [
              { toolId: kanna._id, quantity: 1 },
              { toolId: nomi._id, quantity: 2 },
            ]
          : [{ toolId: (i % 2 ? kanna : nomi)._id, quantity: 1 }];
      const res = await c.post('/api/order', { ...address, lines });
      expect(res.statusCode).toBe(201);
      placed.push(res.json().insertedId);
    }
    // Spread them over days, oldest first, so the date filters have something to tell apart.
    for (const [i, id] of placed.entries()) {
      await shop.database.db.execute(
        sql`update ${orders} set created_at = '2026-03-01T10:00:00Z'::timestamptz + ${i} * interval '1 day' where id = ${id}`,
      );
    }
  });

  it('walks every order exactly once, newest first, also while orders arrive between pages', async () => {
    let arrived = 0;
    const pages = await walk(admin, '/api/order?limit=5', async () => {
      arrived++;
      await alice.post('/api/order', { ...address, toolId: nomi._id, quantity: 1 });
    });
    const ids = pages.flat().map((o) => o._id);
    expect(pages[0]).toHaveLength(5);
    expect(new Set(ids).size).toBe(ids.length);
    // The orders placed meanwhile are newer than the first page: they come on a new walk, not this one.
    expect(ids).toEqual([...placed].reverse());
    expect(arrived).toBeGreaterThan(0);
  });

  it('says how many orders match on the first page (Matching-Count), counted up to a cap', async () => {
    const first = await admin.get('/api/order?from=2026-03-03&to=2026-03-05&limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['matching-count']).toBe('3');
    expect((await admin.get('/api/order?q=nobody-at-all')).headers['matching-count']).toBe('0');
    // Later pages do not count again.
    const link = /<([^>]+)>;\s*rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
    expect((await admin.get(link)).headers['matching-count']).toBeUndefined();
    // Past the cap it says "cap+": counting a million orders exactly is too slow for a list.
    const db = shop.database.db;
    const where = listsRepository.matching({ from: '2026-03-01', to: '2026-03-12' }, 'Asia/Tokyo');
    expect(await listsRepository.countMatching(db, where, 5)).toEqual({ count: 5, more: true });
    expect(await listsRepository.countMatching(db, where, 12)).toEqual({ count: 12, more: false });
  });

  it("reads a plain date as a day in the shop's time zone (Asia/Tokyo here, 9 hours ahead of UTC)", async () => {
    const ids = async (query: string) => (await walk(admin, `/api/order?${query}`)).flat().map((o) => o._id);
    // 16:00 UTC on 1 April is 01:00 on 2 April in Tokyo.
    const late = (await alice.post('/api/order', { ...address, toolId: nomi._id, quantity: 1 })).json()
      .insertedId;
    await shop.database.db.execute(
      sql`update ${orders} set created_at = '2026-04-01T16:00:00Z'::timestamptz where id = ${late}`,
    );
    expect(await ids('from=2026-04-02&to=2026-04-02')).toEqual([late]);
    expect(await ids('from=2026-04-01&to=2026-04-01')).toEqual([]);
    expect(await ids('from=2026-04-01T00:00:00Z&to=2026-04-01T23:59:59Z')).toEqual([late]);
    await shop.database.db.execute(sql`update ${orders} set status = 'cancelled' where id = ${late}`);
  });

  it('filters by state, by dates (inclusive, a date `to` to the end of its day) and by a search', async () => {
    const ids = async (query: string) => (await walk(admin, `/api/order?${query}`)).flat().map((o) => o._id);
    expect(await ids('from=2026-03-03&to=2026-03-05')).toEqual([placed[4], placed[3], placed[2]]);
    expect(await ids('from=2026-03-03T10:00:00Z&to=2026-03-03T10:00:00Z')).toEqual([placed[2]]);
    expect(await ids('q=BOB@KANNA&to=2026-03-12')).toEqual([placed[9], placed[6], placed[3], placed[0]]);
    expect(await ids('q=sato&to=2026-03-02')).toEqual([placed[1]]);
    expect(await ids(`q=${placed[7]?.slice(0, 8)}&to=2026-03-12`)).toEqual([placed[7]]);
    // A product on any line: orders 0, 4 and 8 have two lines, the kanna among them.
    const withKanna = await ids('q=hira kanna&to=2026-03-12');
    expect(withKanna).toEqual(placed.filter((_, i) => i % 4 === 0 || i % 2 === 1).reverse());
    expect(await ids('q=100%25&to=2026-03-12')).toEqual([]);
    expect(await ids('status=shipped')).toEqual([]);
    expect((await ids('status=unpaid')).length).toBeGreaterThanOrEqual(12);
  });

  it('numbers orders in placing order (K-000123), finds one by its number, and exports the number', async () => {
    const numbered = await Promise.all(
      placed.map(async (id) => (await admin.get(`/api/orders/order/${id}`)).json() as Order),
    );
    const values = numbered.map((o) => {
      expect(o.number).toMatch(/^K-\d{6,}$/);
      return Number(o.number.slice(2));
    });
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);

    const target = numbered[5] as Order;
    for (const q of [target.number, target.number.toLowerCase(), `K${Number(target.number.slice(2))}`]) {
      const found = (await admin.get(`/api/order?q=${encodeURIComponent(q)}`)).json() as Order[];
      expect(found.map((o) => o._id)).toEqual([target._id]);
    }
    const csv = (await admin.get(`/api/order/export.csv?q=${target.number}`)).rawPayload
      .subarray(3)
      .toString('utf8');
    const [header, ...rows] = csv.trimEnd().split('\n');
    expect(header).toContain(',transaction_id,order_number,');
    expect(rows.length).toBeGreaterThan(0);
    // The number follows the transaction id (none here: unpaid) and precedes the destination.
    for (const row of rows) expect(row).toMatch(new RegExp(`,no,,${target.number},[A-Z]{2},`));
  });

  it('refuses a bad date, a bad cursor and a limit above 200 with 400', async () => {
    for (const q of ['from=yesterday', 'to=2026-13-45', 'cursor=not-ours', 'limit=201', 'limit=0']) {
      const res = await admin.get(`/api/order?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBeTruthy();
    }
    const forged = Buffer.from(JSON.stringify(['2026-01-01 00:00:00+00', "x' or 1=1"])).toString('base64url');
    expect((await admin.get(`/api/order?cursor=${forged}`)).statusCode).toBe(400);
  });

  it("pages a customer's own orders, and only theirs", async () => {
    const mine = (await walk(bob, '/api/order/bob@kanna.example?limit=2')).flat().map((o) => o._id);
    expect(mine).toEqual([placed[9], placed[6], placed[3], placed[0]]);
    expect((await bob.get('/api/order/alice@kanna.example')).statusCode).toBe(403);
    expect((await bob.get('/api/order/bob@kanna.example?limit=201')).statusCode).toBe(400);
  });

  it('exports every matching order line as CSV: BOM, header, one row per line, formula-safe', async () => {
    const res = await admin.get('/api/order/export.csv?to=2026-03-12');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kanna-orders-/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.subarray(3).toString('utf8').trimEnd().split('\n');
    expect(rows[0]).toBe(
      'order_id,created_at,state,customer_name,customer_email,phone,address,line,product,quantity,unit_price,line_total,order_total,paid_at,shipped_at,test_payment,transaction_id,order_number,country,shipping,tax,tax_rate,amount_due,payment_method,sku,jan,currency,company,billing_address,po_number,requested_date',
    );
    // 12 orders, three of them with two lines.
    expect(rows).toHaveLength(1 + 12 + 3);
    // The order's total on its first line only (its second line leaves the cell empty).
    const second = rows.find((r) => r.startsWith(`${placed[8]},`) && r.includes(',2,Oire Nomi 9,'));
    expect(second).toContain(',2,Oire Nomi 9,2,5.00,10.00,,');
    const first = rows.find((r) => r.startsWith(`${placed[8]},`) && r.includes(',1,Hira Kanna 70,'));
    expect(first).toContain(',1,Hira Kanna 70,1,10.00,10.00,20.00,');
    // A name that starts like a formula is written as text.
    const bobs = rows.filter((r) => r.includes('bob@kanna.example'));
    expect(bobs.length).toBeGreaterThan(0);
    for (const r of bobs) expect(r).toContain(`"'=HYPERLINK(""x"") Bob"`);
    // Compressed for a browser (Brotli) or another client (gzip): the same bytes once unpacked.
    const br = await admin.get('/api/order/export.csv?to=2026-03-12', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(bytes)).toBe(true);
    const gz = await admin.get('/api/order/export.csv?to=2026-03-12', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(bytes)).toBe(true);
    const onlyShipped = await admin.get('/api/order/export.csv?status=shipped');
    expect(onlyShipped.rawPayload.subarray(3).toString('utf8').trimEnd().split('\n')).toHaveLength(1);
  });

  it('exports each order once, newest first, across batches read ahead', async () => {
    const whole = (await walk(admin, '/api/order?limit=200')).flat().map((o) => o._id);
    for (const size of [1, 2, 5]) {
      const pieces: Uint8Array[] = [];
      for await (const piece of await shop.services.orders.exportCsv({}, size)) pieces.push(piece);
      const text = Buffer.concat(pieces).toString('utf8');
      expect(text.startsWith('\uFEFForder_id,')).toBe(true);
      const rows = text.trimEnd().split('\n').slice(1);
      expect(rows.filter((r) => r.startsWith('order_id,'))).toEqual([]);
      // One row per line: each order's rows together, in the lists' order.
      const exported = rows.map((r) => r.slice(0, r.indexOf(','))).filter((id, i, all) => id !== all[i - 1]);
      expect(exported).toEqual(whole);
    }
  });

  it('bounds each export batch by order lines as well as orders, and never splits an order', async () => {
    const whole = (await walk<Order>(admin, '/api/order?limit=200')).flat();
    const linesOf = new Map(whole.map((o) => [o._id, o.lines.length]));
    expect(Math.max(...linesOf.values())).toBe(2);
    for (const maxLines of [1, 2, 3]) {
      const exported: string[] = [];
      let cursor: string | undefined;
      do {
        const batch = await exportRepository.exportIds(shop.database.db, undefined, cursor, 200, maxLines);
        const lines = batch.items.reduce((n, id) => n + (linesOf.get(id) ?? 0), 0);
        // One order alone may go past the bound (a two-line order in batches of one line).
        if (batch.items.length > 1) expect(lines, `${maxLines}`).toBeLessThanOrEqual(maxLines);
        expect(batch.items.length).toBeGreaterThan(0);
        exported.push(...batch.items);
        cursor = batch.next ?? undefined;
      } while (cursor);
      expect(exported).toEqual(whole.map((o) => o._id));
    }
    // The whole export, batch by batch of at most two lines: each order once, its lines together.
    const text = await new Response(Readable.toWeb(await shop.services.orders.exportCsv({}, 200, 2))).text();
    const ids = text
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((r) => r.slice(0, r.indexOf(',')));
    expect(ids.filter((id, i) => id !== ids[i - 1])).toEqual(whole.map((o) => o._id));
  });

  it('frees the database connection of an export abandoned halfway', async () => {
    // More abandoned downloads than the connection pool holds: a leaked connection would leave
    // the next request waiting for one.
    for (let i = 0; i < 12; i++) {
      let pieces = 0;
      for await (const _ of await shop.services.orders.exportCsv({}, 1)) if (++pieces === 3) break;
      expect(pieces).toBe(3);
    }
    const res = await admin.get('/api/order/export.csv?status=shipped');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(3).toString('utf8').startsWith('order_id,created_at,')).toBe(true);
  });

  it('keeps lists and the export for administrators', async () => {
    expect((await alice.get('/api/order')).statusCode).toBe(403);
    expect((await alice.get('/api/order/export.csv')).statusCode).toBe(403);
    expect((await alice.get('/api/enquiries')).statusCode).toBe(403);
    expect((await new Client(shop.app, shop.config.publicUrl).get('/api/order/export.csv')).statusCode).toBe(
      401,
    );
  });
});

describe('the other lists', () => {
  it('pages users newest first, searched by e-mail or name and filtered by role', async () => {
    const all = (
      await walk<{ _id: string; email: string; role: string }>(admin, '/api/users?limit=1')
    ).flat();
    expect(all.map((u) => u.email)).toEqual([
      'bob@kanna.example',
      'alice@kanna.example',
      'lists-admin@kanna.example',
    ]);
    const found = (await admin.get('/api/users?q=SATO')).json();
    expect(found.map((u: { email: string }) => u.email)).toEqual(['alice@kanna.example']);
    const admins = (await admin.get('/api/users?role=admin')).json();
    expect(admins.map((u: { email: string }) => u.email)).toEqual(['lists-admin@kanna.example']);
    expect((await admin.get('/api/users?limit=201')).statusCode).toBe(400);
    expect((await admin.get('/api/users?role=owner')).statusCode).toBe(400);
  });

  it('pages the catalogue in every sort, and the reviews, with a Link to the next page', async () => {
    for (const sort of ['newest', 'price-asc', 'price-desc']) {
      const every = (await shop.app.inject(`/api/handTools?sort=${sort}&limit=200`)).json();
      const pages = await walk(admin, `/api/handTools?sort=${sort}&limit=1`);
      expect(pages.flat()).toEqual(every);
    }
    expect((await shop.app.inject('/api/handTools?limit=201')).statusCode).toBe(400);
    expect((await shop.app.inject('/api/review?limit=201')).statusCode).toBe(400);
    const first = await shop.app.inject('/api/review?limit=1');
    expect(first.statusCode).toBe(200);
  });

  it('lists Contact Supplier enquiries for the admin, newest first, one page at a time', async () => {
    const tool = await addToolByPiece(shop, 'Asked tool', { available: 5, priceCents: 100 });
    for (const q of [3, 50]) {
      expect(
        (await alice.post('/api/enquiries', { toolId: tool._id, quantityWanted: q, message: `Need ${q}` }))
          .statusCode,
      ).toBe(201);
    }
    const pages = await walk<{ _id: string; message: string }>(admin, '/api/enquiries?limit=1');
    expect(pages.flat().map((e) => e.message)).toEqual(['Need 50', 'Need 3']);
    expect(pages.flat()[0]).toMatchObject({
      productName: 'Asked tool',
      quoteRequest: true,
      email: 'alice@kanna.example',
    });
  });
});

describe('the export, cell by cell', () => {
  it('writes every formula-like cell as text and keeps quotes, commas and line breaks in one cell', async () => {
    const tool = await addTool(shop, {
      minQuantity: 1,
      available: 100,
      priceCents: 1250,
      productName: '@Kanna, "Special"',
      // A product code that starts like a formula is text too.
      sku: '+KAN-1',
    });
    const carol = await signedIn(shop, '10.30.0.4', '-2+3 Carol', 'carol@kanna.example');
    // The buyer's company, billing address and purchase-order number are typed by them too.
    const asked = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const sent = [
      {
        phone: '0312345678',
        address: '＝SUM(A1) "Unit 3", Osaka',
        company: '=Carol Works',
        billingAddress: '@Billing, "HQ"',
        poNumber: '-PO-7',
        requestedDate: asked,
      },
      { phone: '0312345678', address: '+81 Kyoto\n2nd floor' },
    ];
    const ids: string[] = [];
    for (const [i, a] of sent.entries()) {
      const res = await carol.post('/api/order', { ...a, lines: [{ toolId: tool._id, quantity: 3 }] });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().insertedId);
      await shop.database.db.execute(
        sql`update ${orders} set created_at = ${`2027-01-0${i + 1}T09:00:00Z`}::timestamptz where id = ${res.json().insertedId}`,
      );
    }
    const numbers = await Promise.all(
      ids.map(async (id) => ((await admin.get(`/api/orders/order/${id}`)).json() as Order).number),
    );
    const res = await admin.get('/api/order/export.csv?from=2027-01-01');
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.subarray(3).toString('utf8');
    const [header, ...rest] = text.split('\n');
    expect(header?.startsWith('order_id,created_at,state,customer_name,')).toBe(true);
    expect(rest.join('\n')).toBe(
      [
        `${ids[1]},2027-01-02T18:00:00+09:00,unpaid,'-2+3 Carol,carol@kanna.example,'+81 3 1234 5678,"'+81 Kyoto\n2nd floor",1,"'@Kanna, ""Special""",3,12.50,37.50,37.50,,,no,,${numbers[1]},JP,0.00,0.00,,37.50,card,'+KAN-1,,USD,,,,`,
        `${ids[0]},2027-01-01T18:00:00+09:00,unpaid,'-2+3 Carol,carol@kanna.example,'+81 3 1234 5678,"'＝SUM(A1) ""Unit 3"", Osaka",1,"'@Kanna, ""Special""",3,12.50,37.50,37.50,,,no,,${numbers[0]},JP,0.00,0.00,,37.50,card,'+KAN-1,,USD,'=Carol Works,"'@Billing, ""HQ""",'-PO-7,${asked}`,
        '',
      ].join('\n'),
    );
  });
});
