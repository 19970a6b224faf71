import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmailVerificationToken } from 'better-auth/api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from './test/browser-session';
import { onPostgres } from './test/harness';
import { type PreviousRelease, previousRelease } from './test/previous-release';
import { builtCli, type ServerProcess, startServerProcess } from './test/server-process';

/**
 * A rolling upgrade (docs/operations.md, "Upgrades"): the previous release (named in
 * upgrade/previous-release) serves a PostgreSQL database; this release starts on the same
 * database and migrates it while the previous one goes on taking orders; then buyers order,
 * pay and cancel through both, one call here and the next there, and read back through both
 * what they did. A migration that takes away what the previous release still uses fails here.
 * Backups the previous release wrote, before and during the upgrade, restore into this one.
 */
const AUTH_SECRET = 'an-upgrade-test-secret-of-at-least-32-characters';
const PUBLIC_URL = 'http://127.0.0.1:1';
const PASSWORD = 'secret123';
const NEEDS_POSTGRES =
  'needs PostgreSQL: runs in the server (PostgreSQL) project, when TEST_DATABASE_URL names a server';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const journal = path.join(repoRoot, 'apps/server/src/db/migrations/meta/_journal.json');
const migrationsOfThisRelease = () => (JSON.parse(readFileSync(journal, 'utf8')).entries as unknown[]).length;

type Release = 'previous' | 'this';
type Running = ServerProcess & { url: string; release: Release };
/** An answer; `said` is its body, with the server's logged error when it failed (≥ 500). */
type Reply = { status: number; said: string; json<T = Record<string, unknown>>(): T; headers: Headers };
type Line = { toolId: string; quantity: number };
type State = 'unpaid' | 'paid' | 'cancelled';
type Placed = { id: string; through: Release; buyer: Buyer; lines: Line[]; state: State };
type Tool = { _id: string; minQuantity: number; maxQuantity: number };
/** A backup file and the orders as they were when it was written. */
type Backup = { file: string; orders: Placed[] };

let previous: PreviousRelease;
let work = '';
const servers = new Set<Running>();
const databases: string[] = [];
/** Every answer ≥ 500 from either release: none is allowed. */
const serverErrors: string[] = [];

/** One statement on TEST_DATABASE_URL's server: in `database`, or outside any. */
async function admin<T = unknown>(statement: string, database?: string): Promise<T[]> {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A new, empty database on TEST_DATABASE_URL's server (dropped after the file). */
async function freshDatabase(): Promise<{ name: string; url: string }> {
  const name = `kanna_upgrade_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(`create database ${name}`);
  databases.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** How many migrations a database has applied (drizzle's record). */
async function appliedMigrations(database: string): Promise<number> {
  const [row] = await admin<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
    database,
  );
  return row?.n ?? 0;
}

/** Starts a release's built server on `databaseUrl`, as a deploy would, and waits until it listens. */
async function start(release: Release, databaseUrl: string): Promise<Running> {
  const dataDir = mkdtempSync(path.join(work, `${release}-`));
  const env = {
    NODE_ENV: 'production',
    PAYMENT_MODE: 'test',
    AUTH_SECRET,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'), // the API is enough
    SAMPLE_DATA: '1',
    PORT: '0',
    PUBLIC_URL,
    TRUST_PROXY: '1',
    MAX_UNPAID_ORDERS: '1000',
    MAX_UNPAID_VALUE: '10000000',
    AUTH_RATE_LIMIT: '1000',
  };
  const server = startServerProcess(work, env, release === 'previous' ? previous.server : undefined);
  const running: Running = { ...server, url: '', release };
  servers.add(running);
  running.url = await server.listening();
  return running;
}

async function stop(server: Running): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
  servers.delete(server);
}

/** A release's operator command line (`npm run shop -- …`) on `databaseUrl`; fails with what it printed. */
function shop(release: Release, databaseUrl: string, ...args: string[]): void {
  const cli = release === 'previous' ? previous.cli : builtCli;
  const env = { PATH: process.env.PATH, NODE_ENV: 'production', PAYMENT_MODE: 'test', AUTH_SECRET };
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: work,
    env: { ...env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'cli') },
    encoding: 'utf8',
  });
  expect(
    result.status,
    `${release} release: shop ${args.join(' ')}\n${result.stdout}\n${result.stderr}`,
  ).toBe(0);
}

/** What a server logged at error level or above (pino's JSON, level ≥ 50): message and error. */
function loggedErrors(server: Running): string[] {
  return server
    .output()
    .split('\n')
    .filter((l) => /"level":(5\d|60)/.test(l))
    .map((l) => {
      const entry = JSON.parse(l) as { msg?: string; err?: { message?: string } };
      return `${server.release} release logged: ${entry.msg} ${entry.err?.message ?? ''}`.trim();
    });
}

let requests = 0;

/** A buyer's browser: one session (cookies) whichever release answers, as behind a load balancer. */
class Buyer {
  // A client address of its own each time (TRUST_PROXY=1): the per-address limits stay out of the way.
  private readonly send = browserSession(PUBLIC_URL, () => `10.7.${(requests >> 8) & 255}.${requests & 255}`);
  constructor(
    readonly name: string,
    readonly email: string,
  ) {}

  async call(server: Running, method: string, url: string, body?: object): Promise<Reply> {
    requests++;
    const { res, text } = await this.send(server.url, method, url, body);
    let said = text;
    if (res.status >= 500) {
      await new Promise((r) => setTimeout(r, 100)); // the server's log line may follow its answer
      said = `${text}\n${loggedErrors(server).at(-1) ?? ''}`;
      serverErrors.push(`${server.release} release: ${method} ${url} → ${res.status} ${said}`);
    }
    return { status: res.status, said, json: () => JSON.parse(text), headers: res.headers };
  }

  /** Signs up, opens the verification link and signs in (ordering needs a confirmed address). */
  async join(server: Running): Promise<void> {
    const { name, email } = this;
    const signUp = await this.call(server, 'POST', '/api/auth/sign-up/email', {
      name,
      email,
      password: PASSWORD,
    });
    expect(signUp.status, signUp.said).toBe(200);
    const token = await createEmailVerificationToken(AUTH_SECRET, email);
    const verified = await this.call(
      server,
      'GET',
      `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    );
    expect(verified.status, verified.said).toBeLessThan(400);
    await this.signIn(server);
  }

  async signIn(server: Running): Promise<void> {
    const res = await this.call(server, 'POST', '/api/auth/sign-in/email', {
      email: this.email,
      password: PASSWORD,
    });
    expect(res.status, res.said).toBe(200);
  }

  /** Every order of this buyer as `server` lists it, following the Link header's pages. */
  async myOrders(server: Running): Promise<{ _id: string }[]> {
    const orders: { _id: string }[] = [];
    let url: string | null = `/api/order/${encodeURIComponent(this.email)}?limit=200`;
    while (url) {
      const page = await this.call(server, 'GET', url);
      expect(page.status, page.said).toBe(200);
      orders.push(...page.json<{ _id: string }[]>());
      const next = /<([^>]+)>;\s*rel="?next"?/.exec(page.headers.get('link') ?? '')?.[1];
      url = next ? new URL(next, server.url).pathname + new URL(next, server.url).search : null;
    }
    return orders;
  }
}

const placed: Placed[] = [];
const snapshot = (): Placed[] => placed.map((o) => ({ ...o }));

/** Places an order through `server`: the spec's one-tool body, or a trade order's lines. */
async function order(buyer: Buyer, server: Running, lines: Line[]): Promise<Placed> {
  const where = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo' };
  const [first] = lines;
  const body = lines.length === 1 && first ? { ...first, ...where } : { lines, ...where };
  const res = await buyer.call(server, 'POST', '/api/order', body);
  expect(res.status, `${server.release} release: ${res.said}`).toBe(201);
  const entry: Placed = {
    id: res.json<{ insertedId: string }>().insertedId,
    through: server.release,
    buyer,
    lines,
    state: 'unpaid',
  };
  placed.push(entry);
  return entry;
}

/** Pays as the payment page does, each step through the release given for it. */
async function pay(o: Placed, intentBy: Running, cardBy: Running, reportBy: Running): Promise<void> {
  const intent = await o.buyer.call(intentBy, 'POST', '/api/create-payment-intent', { orderId: o.id });
  expect(intent.status, intent.said).toBe(200);
  const card = await o.buyer.call(cardBy, 'POST', '/api/test-payments/confirm', {
    clientSecret: intent.json().clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  expect(card.status, card.said).toBe(200);
  const report = await o.buyer.call(reportBy, 'PATCH', `/api/order/${o.id}`, {
    transactionId: card.json().transactionId,
  });
  expect(report.status, report.said).toBe(200);
  o.state = 'paid';
}

async function cancel(o: Placed, server: Running): Promise<void> {
  const res = await o.buyer.call(server, 'DELETE', `/api/order/${o.id}`);
  expect(res.status, res.said).toBe(200);
  expect(res.json().deletedCount).toBe(1);
  o.state = 'cancelled';
}

beforeAll(() => {
  if (!onPostgres()) return;
  previous = previousRelease();
  // This release as `npm start` runs it (the PGlite project's global setup builds it too).
  const build = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts/build-if-needed.mjs'), 'apps/server'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('building apps/server failed');
  work = mkdtempSync(path.join(tmpdir(), 'kanna-upgrade-'));
}, 600_000);

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all([...servers].map((s) => s.exited));
  for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a rolling upgrade from the previous release, on one PostgreSQL database', () => {
  const ana = new Buyer('Ana Upgrade', 'ana.upgrade@kanna.example');
  const ben = new Buyer('Ben Upgrade', 'ben.upgrade@kanna.example');
  let tools: [Tool, Tool, Tool];
  const one = (t: Tool): Line[] => [{ toolId: t._id, quantity: t.minQuantity }];
  const two = (a: Tool, b: Tool): Line[] => [
    { toolId: a._id, quantity: a.minQuantity * 2 },
    { toolId: b._id, quantity: b.minQuantity },
  ];
  const stockBefore = new Map<string, number>();
  const backups: Backup[] = [];

  /** The previous release alone: two buyers, three tools with room for every order below, orders, a payment. */
  async function beforeTheUpgrade(old: Running): Promise<void> {
    await ana.join(old);
    await ben.join(old);
    const catalogue = (await ana.call(old, 'GET', '/api/handTools?limit=50')).json<Tool[]>();
    tools = catalogue.filter((t) => t.maxQuantity >= t.minQuantity * 40).slice(0, 3) as typeof tools;
    expect(tools).toHaveLength(3);
    for (const t of tools) stockBefore.set(t._id, t.maxQuantity);
    const [t1, t2, t3] = tools;
    const paid = await order(ana, old, one(t1));
    await order(ben, old, two(t2, t3));
    await pay(paid, old, old, old);
    await order(ana, old, two(t3, t1));
  }

  /**
   * This release starts on the database and migrates it while the previous one goes on serving:
   * an order every 40 ms (at least three, at most 30 so the stock lasts), then reads, until this
   * one listens.
   */
  async function upgrade(old: Running, databaseUrl: string): Promise<Running> {
    const starting = start('this', databaseUrl);
    let listening = false;
    const listened = () => {
      listening = true;
    };
    starting.then(listened, listened);
    let during = 0;
    while (!listening || during < 3) {
      if (during < 30) {
        const [t1, t2] = tools;
        await order(during % 2 ? ben : ana, old, during % 3 ? one(tools[during % 3] as Tool) : two(t1, t2));
        during++;
      } else await ana.myOrders(old);
      await new Promise((r) => setTimeout(r, 40));
    }
    console.log(`${during} orders through the previous release while this one started and migrated`);
    return starting;
  }

  it('takes orders, payments and cancels through both releases, and both read them all back whole', async ({
    skip,
  }) => {
    skip(!onPostgres(), NEEDS_POSTGRES);
    const database = await freshDatabase();
    let old = await start('previous', database.url);
    const previousLevel = await appliedMigrations(database.name);
    await beforeTheUpgrade(old);
    const before = path.join(work, 'before-the-upgrade.kbak');
    shop('previous', database.url, 'backup', before);
    backups.push({ file: before, orders: snapshot() });

    const next = await upgrade(old, database.url);
    expect(await appliedMigrations(database.name)).toBe(migrationsOfThisRelease());
    console.log(`migrations: ${previousLevel} (previous release), ${migrationsOfThisRelease()} (this one)`);
    // The previous release's command line, on the database this one has migrated.
    const during = path.join(work, 'during-the-upgrade.kbak');
    shop('previous', database.url, 'backup', during);
    backups.push({ file: during, orders: snapshot() });

    // One call through each in turn; paid with each step through the other release than the
    // step before; cancelled through the release that did not place the order.
    const [t1, t2, t3] = tools;
    for (let i = 0; i < 8; i++)
      await order(i % 4 < 2 ? ana : ben, i % 2 ? next : old, i % 3 ? one(tools[i % 3] as Tool) : two(t3, t2));
    const unpaid = (through: Release) => placed.filter((o) => o.through === through && o.state === 'unpaid');
    const [byOld, byNew] = [unpaid('previous'), unpaid('this')] as [Placed[], Placed[]];
    await pay(byOld[0] as Placed, next, old, next);
    await pay(byNew[0] as Placed, old, next, old);
    await cancel(byOld[1] as Placed, next);
    await cancel(byNew[1] as Placed, old);

    // An instance of the previous release restarting during the deploy starts on the migrated database.
    await stop(old);
    old = await start('previous', database.url);
    const restarted = await order(ben, old, two(t2, t1));
    const late = await order(ana, next, one(t3));
    await cancel(restarted, next);
    await pay(late, old, old, next);

    await expectOrdersRead(placed, [old, next]);
    await expectStockAddsUp(placed, [old, next]);
    expect(serverErrors).toEqual([]);
    expect([...loggedErrors(old), ...loggedErrors(next)]).toEqual([]);
  }, 180_000);

  it('restores the backups the previous release wrote before and during the upgrade, then serves their orders', async ({
    skip,
  }) => {
    skip(!onPostgres(), NEEDS_POSTGRES);
    expect(backups, 'the backups are written by the test above').toHaveLength(2);
    for (const server of [...servers]) await stop(server);
    for (const backup of backups) {
      const database = await freshDatabase();
      shop('this', database.url, 'restore', backup.file);
      expect(await appliedMigrations(database.name)).toBe(migrationsOfThisRelease());
      const server = await start('this', database.url);
      for (const buyer of [ana, ben]) await buyer.signIn(server);
      await expectOrdersRead(backup.orders, [server]);
      await expectStockAddsUp(backup.orders, [server]);
      expect(loggedErrors(server)).toEqual([]);
      await stop(server);
    }
  }, 120_000);

  /**
   * Each buyer's orders, listed and opened through every server: my orders lists exactly those
   * placed (the previous release leaves out cancelled ones; this one lists them, marked
   * cancelled, as their mails link to them), and each opens in the state the buyer left it,
   * every line as ordered; what a later server answers holds everything the first answers, value
   * for value (a page of the previous release reads this one).
   */
  async function expectOrdersRead(orders: Placed[], [first, ...others]: Running[]): Promise<void> {
    if (!first) return;
    const ids = (list: { _id?: string; id?: string }[]) => list.map((o) => o._id ?? o.id).sort();
    for (const buyer of [ana, ben]) {
      const mine = orders.filter((o) => o.buyer === buyer);
      const shownBy = (server: Running) =>
        ids(server.release === 'previous' ? mine.filter((o) => o.state !== 'cancelled') : mine);
      const listed = await buyer.myOrders(first);
      expect(ids(listed), `${buyer.email}'s orders as the ${first.release} release lists them`).toEqual(
        shownBy(first),
      );
      for (const other of others) {
        const again = await buyer.myOrders(other);
        expect(ids(again), `${buyer.email}'s orders as the ${other.release} release lists them`).toEqual(
          shownBy(other),
        );
        for (const o of listed) expect(again.find((x) => x._id === o._id)).toMatchObject(o);
      }
      for (const o of mine) await expectOrderOpens(o, first, others);
    }
  }

  /** One order as the buyer's pages open it (the spec's call, and the order's own page). */
  async function expectOrderOpens(o: Placed, first: Running, others: Running[]): Promise<void> {
    const says = `order ${o.id}, placed through the ${o.through} release, ${o.state}`;
    for (const path of [`/api/orders/order/${o.id}`, `/api/orders/${o.id}`]) {
      const seen = await o.buyer.call(first, 'GET', path);
      expect(seen.status, `${says}: GET ${path} through the ${first.release} release`).toBe(200);
      expect(seen.json().status, says).toBe(o.state);
      expect(linesOf(seen.json<{ lines: Line[] }>()), says).toEqual(sortLines(o.lines));
      for (const other of others) {
        const again = await o.buyer.call(other, 'GET', path);
        expect(again.status, `${says}: GET ${path} through the ${other.release} release`).toBe(200);
        expect(again.json(), `${says}: GET ${path}`).toMatchObject(seen.json());
      }
    }
  }

  /**
   * Each tool's stock, as every server shows it, is what it was less every order not cancelled
   * (another instance's cached catalogue is dropped by the change notice: a moment's wait).
   */
  async function expectStockAddsUp(orders: Placed[], on: Running[]): Promise<void> {
    for (const tool of tools) {
      const taken = orders
        .filter((o) => o.state !== 'cancelled')
        .flatMap((o) => o.lines)
        .filter((l) => l.toolId === tool._id)
        .reduce((sum, l) => sum + l.quantity, 0);
      for (const server of on)
        await expect
          .poll(
            async () =>
              (await ana.call(server, 'GET', `/api/handTools/${tool._id}`)).json<Tool>().maxQuantity,
            {
              timeout: 5_000,
              message: `${tool._id}'s stock as the ${server.release} release shows it`,
            },
          )
          .toBe((stockBefore.get(tool._id) ?? 0) - taken);
    }
  }
});

const sortLines = (lines: Line[]) => [...lines].sort((a, b) => a.toolId.localeCompare(b.toolId));
const linesOf = (o: { lines: Line[] }): Line[] =>
  sortLines(o.lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity })));
