import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { normalPhone, type Order, type StockEntry } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestShop, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { builtCli } from '../test/server-process';
import { signedIn } from '../test/shopping';
import { LoadRefused, type LoadResult, seedLoad } from './load';

/** seed-load writes synthetic trade a client can page, search and sign in to. */
let shop: TestShop;
let admin: Client;
let loaded: LoadResult;
let all: Order[];
const DAY = 86_400_000;

async function everyPage<Item = Order>(client: Client, first: string): Promise<Item[]> {
  const found: Item[] = [];
  let next: string | undefined = first;
  while (next) {
    const res = await client.get(next);
    expect(res.statusCode).toBe(200);
    found.push(...res.json<Item[]>());
    next = String(res.headers.link ?? '').match(/<([^>]+)>;\s*rel="next"/)?.[1];
  }
  return found;
}

beforeAll(async () => {
  shop = await startTestShop({ env: { ADMIN_EMAILS: 'owner@kanna.example', AUTH_RATE_LIMIT: '1000' } });
  loaded = await seedLoad(shop.database, { orders: 300, users: 20, tools: 8 });
  admin = await signedIn(shop, '10.12.0.1', 'Owner', 'owner@kanna.example');
  all = await everyPage(admin, '/api/order?limit=200');
}, 120_000);
afterAll(() => shop?.close());

describe('seed-load', () => {
  it('reports what it wrote', () => {
    expect(loaded).toMatchObject({ orders: 300, users: 20, tools: 8 });
    expect(loaded.password.length).toBeGreaterThanOrEqual(8);
    expect(loaded.lines).toBeGreaterThan(300);
    expect(loaded.reviews).toBeGreaterThan(0);
  });

  it('writes orders in every state over about two years, with consistent dates', () => {
    expect(all).toHaveLength(300);
    const states = new Set(all.map((o) => o.status));
    expect([...states].sort()).toEqual(['cancelled', 'paid', 'shipped', 'unpaid']);
    const now = Date.now();
    const ages = all.map((o) => (now - Date.parse(o.createdAt)) / DAY);
    expect(Math.min(...ages)).toBeLessThan(2);
    expect(Math.max(...ages)).toBeGreaterThan(365);
    expect(Math.max(...ages)).toBeLessThan(2 * 365 + 5);
    const shipped = all.filter((o) => o.status === 'shipped');
    expect(shipped.length / all.length).toBeGreaterThan(0.5);
    for (const o of all) {
      const created = Date.parse(o.createdAt);
      expect(o.paid).toBe(o.status === 'paid' || o.status === 'shipped');
      if (o.paid) {
        expect(o.transactionId).toMatch(/^pi_/);
        expect(Date.parse(o.paidAt as string)).toBeGreaterThanOrEqual(created);
        expect(Date.parse(o.paidAt as string)).toBeLessThanOrEqual(now);
      } else {
        expect(o.paidAt).toBeNull();
      }
      if (o.status === 'shipped') {
        expect(Date.parse(o.shippedAt as string)).toBeGreaterThanOrEqual(Date.parse(o.paidAt as string));
        expect(Date.parse(o.shippedAt as string)).toBeLessThanOrEqual(now);
      } else {
        expect(o.shippedAt).toBeNull();
      }
      // Only an order whose 48-hour hold still runs may be unpaid.
      if (o.status === 'unpaid') expect(Date.parse(o.holdUntil)).toBeGreaterThan(now);
    }
  });

  it("writes each order's history as the order desk shows it, in time order", async () => {
    const expected = {
      unpaid: ['placed'],
      paid: ['placed', 'paid'],
      shipped: ['placed', 'paid', 'shipped'],
      cancelled: ['placed', 'cancelled'],
    } as const;
    for (const status of Object.keys(expected) as (keyof typeof expected)[]) {
      for (const o of all.filter((x) => x.status === status).slice(0, 3)) {
        const desk = (await admin.get(`/api/orders/${o._id}`)).json();
        const events = desk.events as { at: string; type: string; by: string }[];
        expect(events.map((e) => e.type)).toEqual(expected[status]);
        const times = events.map((e) => Date.parse(e.at));
        expect(times).toEqual([...times].sort((a, b) => a - b));
        if (status === 'cancelled') expect(['buyer', 'shop']).toContain(events[1]?.by);
      }
    }
  });

  it('gives customers several orders each, some far more than others', () => {
    const perCustomer = new Map<string, number>();
    for (const o of all) perCustomer.set(o.email, (perCustomer.get(o.email) ?? 0) + 1);
    const counts = [...perCustomer.values()].sort((a, b) => b - a);
    expect(counts.filter((n) => n >= 3).length).toBeGreaterThanOrEqual(5);
    expect(counts[0]).toBeGreaterThan(3 * (counts[counts.length - 1] ?? 0));
    expect(perCustomer.has(loaded.heaviest.email)).toBe(true);
    expect(perCustomer.get(loaded.heaviest.email)).toBe(counts[0]);
  });

  it('writes 1–5 lines an order, some orders with several, totals the sum of their lines', () => {
    const multi = all.filter((o) => o.lines.length > 1);
    expect(multi.length / all.length).toBeGreaterThan(0.15);
    expect(multi.length / all.length).toBeLessThan(0.5);
    for (const o of all) {
      expect(o.lines.length).toBeGreaterThanOrEqual(1);
      expect(o.lines.length).toBeLessThanOrEqual(5);
      const [first] = o.lines;
      expect(first).toMatchObject({
        toolId: o.toolId,
        productName: o.productName,
        quantity: o.quantity,
        perPrice: o.perPrice,
      });
      const cents = o.lines.map((l) => Math.round(l.perPrice * 100) * l.quantity);
      expect(o.lines.map((l) => Math.round(l.totalPrice * 100))).toEqual(cents);
      expect(Math.round(o.totalPrice * 100)).toBe(cents.reduce((a, b) => a + b, 0));
      expect(new Set(o.lines.map((l) => l.toolId)).size).toBe(o.lines.length);
    }
  });

  it('sells tools in packs and at volume prices that the orders follow', async () => {
    const tools = (await admin.get('/api/handTools?limit=200')).json() as {
      _id: string;
      packSize: number;
      minQuantity: number;
      perPrice: number;
      volumePrices: { minQuantity: number; perPrice: number }[];
    }[];
    expect(tools).toHaveLength(8);
    expect(tools.some((t) => t.packSize > 1)).toBe(true);
    expect(tools.some((t) => t.volumePrices.length > 0)).toBe(true);
    const byId = new Map(tools.map((t) => [t._id, t]));
    for (const o of all) {
      for (const l of o.lines) {
        const t = byId.get(l.toolId);
        if (!t) throw new Error(`unknown tool ${l.toolId}`);
        expect(l.quantity % t.packSize).toBe(0);
        expect(l.quantity).toBeGreaterThanOrEqual(t.minQuantity);
        const tier = [...t.volumePrices].reverse().find((b) => l.quantity >= b.minQuantity);
        expect(l.perPrice).toBe(tier?.perPrice ?? t.perPrice);
      }
    }
  });

  it('finds orders by e-mail, name, product and id, and lists the customers', async () => {
    const o = all[0] as Order;
    const search = async (q: string) => everyPage(admin, `/api/order?limit=200&q=${encodeURIComponent(q)}`);
    expect((await search(o.email)).every((x) => x.email === o.email)).toBe(true);
    expect((await search(o._id.slice(0, 8))).map((x) => x._id)).toContain(o._id);
    expect((await search(o.name)).map((x) => x._id)).toContain(o._id);
    expect((await search(o.lines[0]?.productName as string)).map((x) => x._id)).toContain(o._id);
    const users = (await admin.get('/api/users?limit=200')).json() as {
      email: string;
      emailVerified: boolean;
      role: string;
      phone: string;
    }[];
    const customers = users.filter((u) => u.email !== 'owner@kanna.example');
    expect(customers).toHaveLength(20);
    expect(customers.every((u) => u.emailVerified && u.role === 'user')).toBe(true);
    for (const u of customers) expect(normalPhone(u.phone)).toBe(u.phone);
    for (const o of all) expect(normalPhone(o.phone)).toBe(o.phone);
    expect((await admin.get('/api/review')).json().length).toBeGreaterThan(0);
  });

  it('lets a synthetic customer sign in with the printed password and see their orders', async () => {
    const customer = new Client(shop.app, shop.config.publicUrl, '10.12.0.2');
    expect((await customer.signIn(loaded.heaviest.email, 'not-the-password')).statusCode).toBe(401);
    expect((await customer.signIn(loaded.heaviest.email, loaded.password)).statusCode).toBe(200);
    const mine = await everyPage(
      customer,
      `/api/order/${encodeURIComponent(loaded.heaviest.email)}?limit=200`,
    );
    // Every order the customer placed, cancelled ones included: the buyer's list keeps them, marked.
    const expected = all.filter((o) => o.email === loaded.heaviest.email);
    expect(mine.map((o) => o._id).sort()).toEqual(expected.map((o) => o._id).sort());
  });

  it("writes each tool's stock history as the shop would: it adds up to what is available, every order's lines in it", async () => {
    const tools = (await shop.app.inject('/api/handTools?limit=50')).json() as {
      _id: string;
      maxQuantity: number;
    }[];
    expect(tools.length).toBe(8);
    let ordered = 0;
    for (const tool of tools) {
      const history = await everyPage<StockEntry>(admin, `/api/handTools/${tool._id}/stock?limit=200`);
      expect(history[0]?.balance).toBe(tool.maxQuantity);
      expect(history.at(-1)?.reason).toBe('initial');
      expect(history.reduce((sum, e) => sum + e.delta, 0)).toBe(tool.maxQuantity);
      ordered += history.filter((e) => e.reason === 'order').length;
    }
    expect(ordered).toBe(loaded.lines);
  });

  it('counts the orders by state in the admin overview', async () => {
    const overview = (await admin.get('/api/admin-overview')).json();
    const n = (s: string) => all.filter((o) => o.status === s).length;
    expect(overview.counts).toEqual({ unpaid: n('unpaid'), pending: n('paid'), shipped: n('shipped') });
  });

  it('refuses a database that already holds orders, unless forced', async () => {
    await expect(seedLoad(shop.database, { orders: 10, users: 2, tools: 2 })).rejects.toBeInstanceOf(
      LoadRefused,
    );
    expect(await everyPage(admin, '/api/order?limit=200')).toHaveLength(300);
    const more = await seedLoad(shop.database, { orders: 10, users: 2, tools: 2, force: true });
    expect(more.orders).toBe(10);
    expect(await everyPage(admin, '/api/order?limit=200')).toHaveLength(310);
  });
});

// A catalogue far larger than one SQL statement's parameters (65,535) or a spread call's arguments.
describe('seed-load with a large catalogue', () => {
  let big: TestShop;
  beforeAll(async () => {
    big = await startTestShop({ env: { ADMIN_EMAILS: 'owner@kanna.example' } });
  }, 60_000);
  afterAll(() => big?.close());

  it('writes 10,000 tools, every one listed and ordered from', async () => {
    const result = await seedLoad(big.database, { orders: 40, users: 3, tools: 10_000 });
    expect(result).toMatchObject({ orders: 40, users: 3, tools: 10_000 });
    const visitor = new Client(big.app, big.config.publicUrl, '10.12.0.3');
    const ids = new Set<string>();
    let next: string | undefined = '/api/handTools?limit=200';
    while (next) {
      const res = await visitor.get(next);
      expect(res.statusCode).toBe(200);
      for (const t of res.json() as { _id: string }[]) ids.add(t._id);
      next = String(res.headers.link ?? '').match(/<([^>]+)>;\s*rel="next"/)?.[1];
    }
    expect(ids.size).toBe(10_000);
    const admin = await signedIn(big, '10.12.0.4', 'Owner', 'owner@kanna.example');
    const orders = await everyPage(admin, '/api/order?limit=200');
    expect(orders).toHaveLength(40);
    for (const o of orders) for (const l of o.lines) expect(ids.has(l.toolId)).toBe(true);
  }, 120_000);
});

// The command line as `npm run shop` runs it (the build); it stops before opening any database.
describe.skipIf(onPostgres())('npm run shop -- seed-load', () => {
  it('refuses to run with NODE_ENV=production unless forced', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kanna-load-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      PAYMENT_MODE: 'test',
      DATA_DIR: dataDir,
    };
    delete env.DATABASE_URL;
    try {
      const cli = spawnSync(
        process.execPath,
        [builtCli, 'seed-load', '--orders', '10', '--users', '2', '--tools', '2'],
        { cwd: dataDir, encoding: 'utf8', env },
      );
      expect(cli.status).toBe(1);
      expect(cli.stderr).toMatch(/refused with NODE_ENV=production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
