import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { adminStateLabel, messages } from '@kanna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addToolByPiece, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn } from '../../test/shopping';
import { exportRepository } from './orders.export.repository';

/**
 * The admin's CSV export under load and failure: downloads whose clients stop reading, more
 * downloads than may run at once, and a database that fails before or after the first byte.
 * These use real sockets: `app.inject` reads every answer whole and at once.
 */
const env = { ADMIN_EMAILS: 'export-admin@kanna.example', AUTH_RATE_LIMIT: '5000' };
/** Orders in the shop: several of the export's batches, megabytes of CSV (more than sockets buffer). */
const ORDERS = 10_000;

let shop: TestShop;
let admin: Client;
/** What the shop logged at error level about each request, by URL. */
const errorsLogged: { url: string; message: unknown }[] = [];

beforeAll(async () => {
  shop = await startTestShop({
    env,
    beforeReady: (app) =>
      app.addHook('onRequest', (request, _reply, done) => {
        const error = request.log.error.bind(request.log);
        request.log.error = (...args: unknown[]) => {
          errorsLogged.push({ url: request.url, message: args[1] });
          (error as (...a: unknown[]) => void)(...args);
        };
        done();
      }),
  });
  admin = await signedIn(shop, '10.40.0.1', 'Export Admin', 'export-admin@kanna.example');
  const tool = await addToolByPiece(shop, 'Hira Kanna', { available: 10, priceCents: 1000 });
  // Written straight into the table: placing ten thousand orders through the API would take minutes.
  await shop.database.db.execute(sql`
    insert into orders (id, email, name, tool_id, product_name, quantity, per_price_cents, total_cents,
      phone, address, hold_until, created_at)
    select gen_random_uuid(), 'buyer' || n || '@kanna.example', 'Buyer ' || n, ${tool._id}, 'Hira Kanna',
      1, 1000, 1000, '0312345678', repeat('1-1 Ginza, Chuo-ku, Tokyo ', 19), now() + interval '1 day',
      now() - n * interval '1 minute'
    from generate_series(1, ${ORDERS}) as n`);
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => shop?.close());

type Answer = { socket: net.Socket; status: number; head: string };

/**
 * Asks `on` for the export over a socket of its own and reads the answer's first bytes (its
 * status line and headers), then stops reading, as a client that never reads its download.
 */
function unreadExport(on: TestShop, client: Client, query = ''): Promise<Answer> {
  const { port } = on.app.server.address() as AddressInfo;
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      const head = chunk.toString('latin1');
      resolve({ socket, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head });
    });
    socket.write(
      `GET /api/order/export.csv${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
  });
}

/** Reads the rest of an answer until the server closes the connection: everything it sent. */
function readToEnd(answer: Answer): Promise<string> {
  return new Promise((resolve) => {
    const pieces: Buffer[] = [];
    answer.socket.on('data', (c: Buffer) => pieces.push(c));
    answer.socket.once('close', () => resolve(Buffer.concat(pieces).toString('utf8')));
    answer.socket.on('error', () => {});
    answer.socket.resume();
  });
}

/** A chunked answer's body is complete when it ends with the last (empty) chunk. */
const isComplete = (whole: string) => whole.endsWith('\r\n0\r\n\r\n');

describe('the export under load', () => {
  it('runs two exports at once, refuses more with 429 and Retry-After, and keeps the shop answering while no one reads', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => unreadExport(shop, admin)));
    try {
      // Ordinary requests that need the database keep answering (on PostgreSQL, from its pool)
      // while the exports go as far as their clients let them and stop there.
      for (let round = 0; round < 10; round++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const [health, list] = await Promise.all([
          shop.app.inject('/api/health'),
          admin.get('/api/order?limit=5'),
        ]);
        expect(health.statusCode).toBe(200);
        expect(list.statusCode).toBe(200);
      }
      const many = await Promise.all(Array.from({ length: 20 }, () => shop.app.inject('/api/health')));
      expect(many.map((r) => r.statusCode)).toEqual(many.map(() => 200));

      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(8);
      for (const answer of refused) {
        const whole = await readToEnd(answer);
        const [head = '', body = ''] = whole.split('\r\n\r\n');
        expect(head).toMatch(/\r\nretry-after: \d+\r\n/i);
        expect(head).toMatch(/\r\ncontent-type: application\/json/i);
        expect(JSON.parse(body)).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          code: 'too_many',
          key: 'exportsBusy',
          params: [2],
          message: messages.exportsBusy(2),
        });
      }
    } finally {
      for (const a of answers) a.socket.destroy();
    }
    // The clients that went away gave their places back.
    await vi.waitFor(async () =>
      expect((await admin.get('/api/order/export.csv?status=shipped')).statusCode).toBe(200),
    );
  });

  it('cuts off a download whose client stops reading, and gives its place to the next export', async () => {
    const quick = await startTestShop({
      env,
      sharedDatabase: shop.database,
      ...(shop.databaseUrl ? { databaseUrl: shop.databaseUrl } : {}),
      exportStallMs: 300,
    });
    try {
      await quick.app.listen({ port: 0, host: '127.0.0.1' });
      const quickAdmin = new Client(quick.app, quick.config.publicUrl, '10.40.0.2');
      expect((await quickAdmin.signIn('export-admin@kanna.example')).statusCode).toBe(200);
      const held = await Promise.all([unreadExport(quick, quickAdmin), unreadExport(quick, quickAdmin)]);
      expect(held.map((a) => a.status)).toEqual([200, 200]);
      // Once both stalled downloads are cut off, two exports may run again.
      await vi.waitFor(
        async () => {
          const again = await Promise.all([
            quickAdmin.get('/api/order/export.csv?status=shipped'),
            quickAdmin.get('/api/order/export.csv?status=shipped'),
          ]);
          expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
        },
        { timeout: 20_000, interval: 100 },
      );
      // What the stalled clients got, once they read again: a download broken off, not a whole one.
      for (const answer of held) {
        const whole = await readToEnd(answer);
        expect(whole.startsWith('HTTP/1.1 200')).toBe(true);
        expect(isComplete(whole)).toBe(false);
      }
    } finally {
      await quick.close();
    }
  });
});

describe('the export when the database fails', () => {
  /** Runs `body` while the order lines' table is missing: every export's COPY fails. */
  async function withoutOrderLines(body: () => Promise<void>) {
    await shop.database.db.execute(sql`alter table order_lines rename to order_lines_away`);
    try {
      await body();
    } finally {
      await shop.database.db.execute(sql`alter table order_lines_away rename to order_lines`);
    }
  }

  it('answers a failure in the first batch with an ordinary JSON error, never a half-sent CSV', async () => {
    await withoutOrderLines(async () => {
      for (const encoding of ['gzip', 'br', 'identity']) {
        const res = await admin.get('/api/order/export.csv', { 'accept-encoding': encoding });
        expect(res.statusCode, encoding).toBe(500);
        expect(res.headers['content-type'], encoding).toMatch(/^application\/json/);
        expect(res.headers['content-encoding'], encoding).toBeUndefined();
        expect(res.headers['content-disposition'], encoding).toBeUndefined();
        expect(res.json(), encoding).toEqual({
          statusCode: 500,
          error: 'Internal Server Error',
          code: 'server_failed',
          key: 'serverFailed',
          params: [],
          message: expect.any(String),
        });
        expect(res.body).not.toContain('FST_');
      }
    });
    // …and the failed export gave its place back.
    const after = await admin.get('/api/order/export.csv?status=shipped');
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.subarray(3).toString('utf8')).toMatch(/^order_id,created_at,/);
  });

  it('answers a date the database cannot hold with a JSON 400 before any CSV', async () => {
    for (const query of ['from=0000-01-01', 'to=0000-01-01', 'from=0000-01-01T00:00:00Z']) {
      const res = await admin.get(`/api/order/export.csv?${query}`, { 'accept-encoding': 'gzip' });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type'], query).toMatch(/^application\/json/);
      expect(res.headers['content-encoding'], query).toBeUndefined();
      expect(res.json(), query).toMatchObject({ statusCode: res.statusCode, message: expect.any(String) });
    }
  });

  it('breaks off a download whose later batch fails, rather than ending it as if whole, and logs it', async () => {
    // The oldest order, in the last batch, is one the database cannot write out: its line total
    // overflows an integer (the shop never makes such an order; the table allows it).
    const broken = randomUUID();
    await shop.database.db.execute(sql`
      insert into orders (id, email, name, tool_id, product_name, quantity, per_price_cents, total_cents,
        phone, address, hold_until, created_at)
      select ${broken}, 'broken@kanna.example', 'Broken', tool_id, product_name, 100000, 100000, 1000,
        phone, address, hold_until, created_at - interval '1 year'
      from orders order by created_at limit 1`);
    try {
      const answer = await unreadExport(shop, admin, '?status=unpaid');
      expect(answer.status).toBe(200);
      const whole = await readToEnd(answer);
      expect(whole).toContain('order_id,created_at,');
      expect(isComplete(whole)).toBe(false);
    } finally {
      await shop.database.db.execute(sql`delete from orders where id = ${broken}`);
    }
    expect(errorsLogged).toContainEqual({
      url: '/api/order/export.csv?status=unpaid',
      message: 'order export broke off',
    });
    expect((await admin.get('/api/order/export.csv?status=shipped')).statusCode).toBe(200);
  });
});

describe('the export for accounting (docs/rules.md, "The order desk")', () => {
  /** The orders placed here, by what is done to them; all placed in 2030, after every other order. */
  const ids = { unpaid: '', paid: '', shipped: '', cancelled: '' };
  const at = (iso: string) => sql`${iso}::timestamptz`;

  beforeAll(async () => {
    const buyer = await signedIn(shop, '10.40.1.1', 'Ledger Buyer', 'ledger-buyer@kanna.example');
    const plane = await addToolByPiece(shop, 'Ledger Plane', { available: 100, priceCents: 12_500 });
    const chisel = await addToolByPiece(shop, 'Ledger Chisel', { available: 100, priceCents: 450 });
    const place = async (lines: { toolId: string; quantity: number }[]) => {
      const res = await buyer.post('/api/order', { lines, phone: '0312345678', address: 'Kyoto' });
      expect(res.statusCode).toBe(201);
      return res.json().insertedId as string;
    };
    ids.unpaid = await place([
      { toolId: plane._id, quantity: 2 },
      { toolId: chisel._id, quantity: 10 },
    ]);
    ids.paid = await place([{ toolId: chisel._id, quantity: 3 }]);
    ids.shipped = await place([
      { toolId: chisel._id, quantity: 1 },
      { toolId: plane._id, quantity: 1 },
    ]);
    ids.cancelled = await place([{ toolId: plane._id, quantity: 1 }]);
    // When each was placed, paid and shipped, in winter and in summer (in zones that have one).
    const set = (id: string, values: Record<string, unknown>) =>
      shop.database.db.execute(
        sql`update orders set ${sql.join(
          Object.entries(values).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
          sql`, `,
        )} where id = ${id}`,
      );
    await set(ids.unpaid, { created_at: at('2030-11-26T08:05:00Z') });
    await set(ids.paid, {
      created_at: at('2030-06-30T23:59:59Z'),
      status: 'paid',
      paid_at: at('2030-07-01T12:00:00Z'),
    });
    await set(ids.shipped, {
      created_at: at('2030-03-01T00:00:00Z'),
      status: 'shipped',
      paid_at: at('2030-03-01T01:00:00Z'),
      shipped_at: at('2030-12-01T12:00:00Z'),
    });
    await set(ids.cancelled, { created_at: at('2030-02-01T00:00:00Z'), status: 'cancelled' });
  });

  /** The export's rows of the orders above (placed in 2030), each as its cells by column name. */
  async function rowsIn(csv: string): Promise<Record<string, string>[]> {
    const [header = '', ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    const columns = header.split(',');
    return lines
      .map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])))
      .filter((row) => Object.values(ids).includes(row.order_id ?? ''));
  }
  const exported = async () =>
    rowsIn((await admin.get('/api/order/export.csv?from=2030-01-01')).rawPayload.toString('utf8'));
  /** The same rows with times in another zone, as the repository writes them for it. */
  const exportedIn = async (zone: string) =>
    rowsIn(
      Buffer.from(
        await shop.database.copyCsv(exportRepository.exportRows(Object.values(ids), zone), { header: true }),
      ).toString('utf8'),
    );

  it("writes the order's total on its first line only, so a column's sum counts each order once", async () => {
    const rows = await exported();
    expect(rows).toHaveLength(6);
    const byOrder = (id: string) => rows.filter((r) => r.order_id === id);
    expect(byOrder(ids.unpaid).map((r) => [r.line, r.line_total, r.order_total])).toEqual([
      ['1', '250.00', '295.00'],
      ['2', '45.00', ''],
    ]);
    expect(byOrder(ids.shipped).map((r) => [r.line, r.line_total, r.order_total])).toEqual([
      ['1', '4.50', '129.50'],
      ['2', '125.00', ''],
    ]);
    expect(byOrder(ids.paid).map((r) => r.order_total)).toEqual(['13.50']);
    const sum = (column: string) => rows.reduce((total, r) => total + Number(r[column] || 0) * 100, 0) / 100;
    expect(sum('order_total')).toBe(295 + 13.5 + 129.5 + 125);
    expect(sum('order_total')).toBe(sum('line_total'));
    // With no shipping and no tax set, each order's amount due is its goods, on the same first line.
    expect(sum('amount_due')).toBe(sum('order_total'));
    expect(byOrder(ids.unpaid).map((r) => [r.shipping, r.tax, r.tax_rate, r.amount_due, r.country])).toEqual([
      ['0.00', '0.00', '', '295.00', 'JP'],
      ['', '', '', '', 'JP'],
    ]);
  });

  it("writes times in the shop's zone (SHOP_TIME_ZONE, Asia/Tokyo by default) with their offset", async () => {
    const rows = await exported();
    const first = (id: string) => rows.find((r) => r.order_id === id && r.line === '1');
    expect(first(ids.unpaid)).toMatchObject({
      created_at: '2030-11-26T17:05:00+09:00',
      paid_at: '',
      shipped_at: '',
    });
    expect(first(ids.paid)).toMatchObject({
      created_at: '2030-07-01T08:59:59+09:00',
      paid_at: '2030-07-01T21:00:00+09:00',
    });
    expect(first(ids.shipped)).toMatchObject({ shipped_at: '2030-12-01T21:00:00+09:00' });
  });

  it('follows summer time where the zone has it, and offsets behind UTC and by half hours', async () => {
    const times = async (zone: string) => {
      const rows = await exportedIn(zone);
      const first = (id: string) => rows.find((r) => r.order_id === id && r.line === '1');
      return [first(ids.unpaid)?.created_at, first(ids.paid)?.paid_at, first(ids.shipped)?.shipped_at];
    };
    expect(await times('Europe/Berlin')).toEqual([
      '2030-11-26T09:05:00+01:00',
      '2030-07-01T14:00:00+02:00',
      '2030-12-01T13:00:00+01:00',
    ]);
    expect(await times('America/St_Johns')).toEqual([
      '2030-11-26T04:35:00-03:30',
      '2030-07-01T09:30:00-02:30',
      '2030-12-01T08:30:00-03:30',
    ]);
    expect(await times('UTC')).toEqual([
      '2030-11-26T08:05:00+00:00',
      '2030-07-01T12:00:00+00:00',
      '2030-12-01T12:00:00+00:00',
    ]);
  });

  it("names each state in the admin's words, the ones the screens take from packages/shared", async () => {
    const rows = await exported();
    const stateOf = (id: string) => [...new Set(rows.filter((r) => r.order_id === id).map((r) => r.state))];
    expect(stateOf(ids.unpaid)).toEqual([adminStateLabel.unpaid]);
    expect(stateOf(ids.paid)).toEqual([adminStateLabel.paid]);
    expect(stateOf(ids.shipped)).toEqual([adminStateLabel.shipped]);
    expect(stateOf(ids.cancelled)).toEqual([adminStateLabel.cancelled]);
    expect([
      adminStateLabel.unpaid,
      adminStateLabel.paid,
      adminStateLabel.shipped,
      adminStateLabel.cancelled,
    ]).toEqual(['unpaid', 'Pending', 'Shipped', 'Cancelled']);
  });
});
