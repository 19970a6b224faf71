// A monthly statement for a company with 5,000 orders in the month (docs/rules.md, "Statements
// and money received"; decision 0069): how long an administrator's "issue now" takes. Target: a
// statement for a company with 5,000 orders in the month issued in ≤ 5 s. Prints figures; never
// fails on time.
//   - The production server (apps/server/dist/server.js) on a throwaway PostgreSQL database, or on
//     the embedded one with --embedded, with the sample data; the demo administrator switches on
//     10 % consumption tax and shipping (Japan $15, free from $500), as a trade shop charges.
//   - `--companies 3` companies, each set up through the API only: its owner signs up, opens the
//     verification link from the mail (the server's outbox), applies; the administrator approves
//     with terms (closing at the month's end, in dollars, the highest credit limit the terms allow).
//   - Each company gets `--orders 5000` orders on account, each of one of 10 tools (1 to 3 of it,
//     to Tokyo), placed through the API by its owner, 16 at a time, each shipped by the
//     administrator through PATCH /api/order/{id}/ship as soon as it is placed: all shipped this
//     month, none yet on a statement. The owner places them from a new address every 50 orders, as
//     buyers behind one office's load balancer would (the order route admits 60 orders a minute
//     per address).
//   - Then, once a company's orders are shipped (one company after another, so the shop is
//     otherwise idle), POST /api/companies/{id}/statements (the administrator, closing today) is
//     timed end to end over HTTP; the statement's PDF is downloaded from the archive (its `pdf`:
//     GET /api/documents/{number}.pdf), its pages counted and its size printed; and the statement
//     is checked against the orders as the ship answers gave them: the orders it lists, its amount
//     before tax (the sum of the orders' goods and shipping) and its total (that plus the tax per
//     rate, computed on the statement) against the sum of the orders' amounts due. Each statement
//     is printed as it is issued; the median of the companies' is the figure.
//
//   node bench/statements.mjs [--orders 5000] [--companies 3] [--embedded]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the server on which
//   the throwaway database is created and dropped (not used with --embedded).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../scripts/build-if-needed.mjs';
import { approvedCompany } from './lib/companies.mjs';
import { isMain } from './lib/main.mjs';
import { throwawayDatabase } from './lib/postgres.mjs';
import { startKanna } from './lib/server.mjs';
import {
  addBenchTools,
  addressOf,
  benchEmail,
  call,
  demoAdmin,
  expectStatus,
  inParallel,
  signIn,
  signUp,
  switchOnCharges,
} from './lib/shop.mjs';

export const statementTarget = { orders: 5000, seconds: 5 };
/** Orders placed from one address before the next (the order route admits 60 a minute each). */
const ORDERS_PER_ADDRESS = 50;
/** Orders placed and shipped at a time. */
const WIDTH = 16;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cents = (amount) => Math.round(amount * 100);
const dollars = (c) => `$${(c / 100).toFixed(2)}`;

/** The first link in the newest mail to `to` in the server's outbox that matches `pattern`. */
async function linkFromOutbox(dataDir, to, pattern) {
  for (let i = 0; i < 100; i++) {
    let mbox = '';
    try {
      mbox = readFileSync(path.join(dataDir, 'outbox.mbox'), 'utf8');
    } catch {}
    for (const message of mbox.split(/^From kanna@localhost .*$/m).reverse()) {
      if (!message.includes(`To: ${to}`)) continue;
      // Quoted-printable bodies (Nodemailer's long lines) back to text.
      const text = message
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      const link = (text.match(/https?:\/\/[^\s"'<>]+/g) ?? []).find((url) => pattern.test(url));
      if (link) return link;
    }
    await sleep(100);
  }
  throw new Error(`no mail to ${to} with a link like ${pattern}`);
}

/** Company `k`: its owner (pool account k) signed up and verified, applied and approved. */
async function companyOnAccount(shop, admin, k) {
  const cookie = await signUp(shop.url, k);
  const email = benchEmail(k);
  const link = await linkFromOutbox(shop.dataDir, email, /\/api\/auth\/verify-email\?token=/);
  const opened = await fetch(link, { redirect: 'manual' });
  if (opened.status >= 400) throw new Error(`verification link: ${opened.status}`);
  return { id: await approvedCompany({ url: shop.url, admin, cookie, k }), cookie, k };
}

/** `count` orders on account placed by the company's owner and shipped: their ship answers. */
async function shippedOrders(shop, admin, company, toolIds, count) {
  return inParallel(count, WIDTH, async (j) => {
    const placed = await expectStatus(201, shop.url, 'POST', '/api/order', {
      cookie: company.cookie,
      // Addresses of their own per company, after the pool's.
      address: addressOf(1000 * (company.k + 1) + Math.floor(j / ORDERS_PER_ADDRESS)),
      body: {
        lines: [{ toolId: toolIds[j % toolIds.length], quantity: 1 + (j % 3) }],
        phone: '0312345678',
        address: '1-1 Ginza, Chuo-ku, Tokyo',
        paymentMethod: 'account',
      },
    });
    return expectStatus(200, shop.url, 'PATCH', `/api/order/${placed.insertedId}/ship`, { cookie: admin });
  });
}

/** The pages of a PDF: its page objects (`/Type /Page`, not `/Pages`). */
const pageCount = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;

/**
 * Issues the company's statement as the administrator, timed end to end, downloads its PDF, and
 * sets its sums beside the orders' as their ship answers (`shipped`) gave them.
 */
async function issued(url, admin, companyId, shipped) {
  const started = performance.now();
  const res = await call(url, 'POST', `/api/companies/${companyId}/statements`, { cookie: admin, body: {} });
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`statement: ${res.status} ${res.text}`);
  const statement = res.body;
  const downloading = performance.now();
  const download = await fetch(new URL(statement.pdf, url), { headers: { cookie: admin, origin: url } });
  if (!download.ok) throw new Error(`statement PDF: ${download.status} ${await download.text()}`);
  const pdf = Buffer.from(await download.arrayBuffer());
  const downloadMs = performance.now() - downloading;
  const billedIds = new Set(statement.orders.map((o) => o.id));
  return {
    number: statement.number,
    ms,
    orders: statement.orders.length,
    allListed: shipped.every((o) => billedIds.has(o._id)),
    pages: pageCount(pdf),
    pdfBytes: pdf.length,
    downloadMs,
    ordersTotal: cents(statement.ordersTotal),
    amountsDue: shipped.reduce((sum, o) => sum + cents(o.amountDue), 0),
    listed: statement.orders.reduce((sum, o) => sum + cents(o.amount), 0),
    taxable: statement.taxByRate.reduce((sum, r) => sum + cents(r.taxable), 0),
    beforeTax: shipped.reduce((sum, o) => sum + cents(o.amountDue) - cents(o.taxPrice), 0),
  };
}

/** A statement's lines of the report. */
function describe(r, orders) {
  const sums =
    r.ordersTotal === r.amountsDue && r.listed === r.beforeTax && r.taxable === r.beforeTax
      ? 'equal'
      : 'DIFFER';
  return (
    `  ${r.number}: issued in ${(r.ms / 1000).toFixed(2)} s, ${r.orders} orders` +
    `${r.orders === orders && r.allListed ? '' : ` (NOT all ${orders} shipped orders listed)`}; ` +
    `PDF ${r.pages} pages, ${(r.pdfBytes / 1024).toFixed(0)} KB (downloaded in ${r.downloadMs.toFixed(0)} ms); ` +
    `its orders placed and shipped in ${r.seedSeconds.toFixed(0)} s (${((2 * orders) / r.seedSeconds).toFixed(0)} requests/s)\n` +
    `    total ${dollars(r.ordersTotal)} vs the orders' amounts due ${dollars(r.amountsDue)}; ` +
    `before tax ${dollars(r.listed)} listed, ${dollars(r.taxable)} by rate, ${dollars(r.beforeTax)} the orders: ${sums}`
  );
}

export async function runStatements({
  orders = statementTarget.orders,
  companies = 3,
  embedded = false,
} = {}) {
  const database = embedded ? null : await throwawayDatabase('kanna_bench_statements');
  let shop = null;
  // Stopped early (Ctrl-C, a time limit): the server stopped and the database dropped all the same.
  const stopped = async () => {
    await shop?.stop();
    await database?.drop();
    process.exit(130);
  };
  process.once('SIGINT', stopped);
  process.once('SIGTERM', stopped);
  try {
    shop = await startKanna({
      env: {
        ...(database ? { DATABASE_URL: database.url } : {}),
        AUTH_RATE_LIMIT: '100000',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
    });
    const { url } = shop;
    const admin = await signIn(url, demoAdmin.email, demoAdmin.password);
    const toolIds = await addBenchTools(url, 10);
    await switchOnCharges(url, false);

    console.log(
      `\nMonthly statements on ${embedded ? 'the embedded database' : 'PostgreSQL'}: ${companies} companies, ` +
        `${orders} shipped on-account orders each (target: ${statementTarget.orders} orders issued in ≤ ${statementTarget.seconds} s)`,
    );
    // One company after another, each statement issued on a shop otherwise idle and printed at
    // once (a run stopped early still shows the ones done).
    const runs = [];
    for (let k = 0; k < companies; k++) {
      const seeding = performance.now();
      const company = await companyOnAccount(shop, admin, k);
      const shipped = await shippedOrders(shop, admin, company, toolIds, orders);
      const seedSeconds = (performance.now() - seeding) / 1000;
      const run = { seedSeconds, ...(await issued(url, admin, company.id, shipped)) };
      runs.push(run);
      console.log(describe(run, orders));
    }
    const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
    const medianMs = sorted[Math.floor(sorted.length / 2)];
    const result = { database: embedded ? 'embedded' : 'postgres', orders, companies, runs, medianMs };
    console.log(
      `  median ${(medianMs / 1000).toFixed(2)} s: ` +
        `${orders >= statementTarget.orders ? (medianMs <= statementTarget.seconds * 1000 ? 'meets' : 'MISSES') : `(${orders} orders, not the target's ${statementTarget.orders})`}`,
    );
    return result;
  } finally {
    process.off('SIGINT', stopped);
    process.off('SIGTERM', stopped);
    await shop?.stop();
    await database?.drop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: String(statementTarget.orders) },
      companies: { type: 'string', default: '3' },
      embedded: { type: 'boolean', default: false },
    },
  });
  ensureBuilt();
  await runStatements({
    orders: Number(values.orders),
    companies: Number(values.companies),
    embedded: values.embedded,
  });
}
