// An order's documents (docs/orders.md, "Documents" and "The document archive"; decision 0052):
// what issuing and downloading an issued document cost. Prints figures against the targets;
// never fails on time. Targets: issuing p95 ≤ 150 ms, downloading an issued document p95 ≤ 20 ms,
// ≥ 200 downloads/s, /api/health p99 ≤ 50 ms during a burst of 50 concurrent downloads.
//   - the renderer alone (apps/server/src/modules/documents, loaded through tsx) in this
//     process's one thread, one document after another: a qualified invoice of 5 lines with
//     Japanese names and address, and one of 50 lines (4 pages);
//   - through the API, on the production server (apps/server/dist/server.js: one Node.js
//     process; the embedded database in it, or PostgreSQL with --postgres): paid 5-line orders,
//     then
//       issuing: each order's first GET /api/orders/{id}/documents/invoice.pdf (the invoice is
//         numbered, drawn on the documents' thread and stored), one at a time; then receipts 4 at
//         a time (issues take turns on the chain's head);
//       downloading issued documents: by the order and by number (GET /api/documents/{number}.pdf),
//         one at a time (p95), then 10 at a time for throughput (downloads/s);
//       a burst: 50 downloads at once, over and over, while a prober on its own thread asks
//         GET /api/health one request after another (its p99; asked from the thread that
//         receives the downloads, its figures were that thread's delays as much as the
//         server's); then the same with the other language's copy (drawn on the documents'
//         thread each time).
//     The server's CPU time per download is read from /proc.
//
//   node bench/documents.mjs [--count 300] [--warmup 30] [--render-count 60] [--orders 60] [--seconds 5] [--postgres] [--burst-only]
//   --burst-only: the orders' invoices issued, then the burst of issued invoices alone (no other
//   timing, no renderer alone): what a CPU profile of the server during the burst should cover
//   (BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"; its last --seconds are the burst).
//   --postgres: on a throwaway database created (and dropped) on BENCH_DATABASE_URL's server
//   (default postgres://postgres@127.0.0.1:5432/postgres).

import { readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { ensureBuilt } from '../scripts/build-if-needed.mjs';
import { isMain } from './lib/main.mjs';
import { throwawayDatabase } from './lib/postgres.mjs';
import { startKanna } from './lib/server.mjs';

export const documentsTarget = {
  issueP95Ms: 150,
  downloadP95Ms: 20,
  downloadsPerSecond: 200,
  healthP99Ms: 50,
  /** Downloads at once while /api/health is timed. */
  burst: 50,
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function figures(times, seconds) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: times.length,
    perSecond: times.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
}

const line = (label, f) =>
  `  ${label}: ${f.perSecond.toFixed(1)} documents/s, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, ` +
  `p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms (${f.count})`;

/** Runs `job` `count` times, `width` at a time; each run's milliseconds and the whole run's seconds. */
async function timed(count, width, job) {
  const times = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next++ < count) {
        const t = performance.now();
        await job();
        times.push(performance.now() - t);
      }
    }),
  );
  return figures(times, (performance.now() - start) / 1000);
}

/** A paid order as the documents show it: `lines` lines with Japanese and long names. */
function invoiceModel(lines) {
  const at = new Date();
  const items = Array.from({ length: lines }, (_, i) => ({
    name:
      i % 2 ? `鉋 寸八 白紙一号 第${i}号` : `Japanese chisel ${i}, white steel, 24 mm, with a paulownia box`,
    quantity: 12 + i,
    unitCents: 8_450 + i * 100,
  }));
  const goodsCents = items.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  const taxCents = Math.floor(((goodsCents + 1_500) * 1000) / 10_000);
  return {
    kind: 'invoice',
    orderNumber: 'K-000123',
    placedAt: at,
    issuedAt: at,
    holdUntil: at,
    paidAt: at,
    shipment: null,
    buyer: {
      name: '山田 太郎 (Yamada Woodworks K.K.)',
      email: 'taro@yamada.example',
      phone: '0312345678',
      address: '〒111-0051\n東京都台東区蔵前1-2-3 カンナビル4階',
      country: 'JP',
    },
    lines: items,
    goodsCents,
    shippingCents: 1_500,
    taxCents,
    taxRateBp: 1000,
    taxTreatment: 'domestic',
    amountDueCents: goodsCents + 1_500 + taxCents,
    paymentMethod: 'card',
    payments: [
      { method: 'card', amountCents: goodsCents + 1_500 + taxCents, at, reference: 'pi_bench', test: true },
    ],
    shop: {
      legalName: 'Kanna Tools K.K. 株式会社カンナ',
      address: '1-2-3 Kuramae, Taito-ku\nTokyo 111-0051',
      registrationNumber: 'T1234567890123',
      bank: { bankName: '', branch: '', accountType: '', accountNumber: '', accountHolder: '', swift: '' },
      yenPerDollar: 151.25,
    },
    timeZone: 'Asia/Tokyo',
  };
}

async function rendererAlone({ count, warmup }) {
  const { renderDocument } = await tsImport(
    '../apps/server/src/modules/documents/render.ts',
    import.meta.url,
  );
  const results = {};
  for (const lines of [5, 50]) {
    const model = invoiceModel(lines);
    const first = performance.now();
    const bytes = await renderDocument(model);
    const firstMs = performance.now() - first;
    for (let i = 0; i < warmup; i++) await renderDocument(model);
    results[lines] = {
      ...(await timed(count, 1, () => renderDocument(model))),
      firstMs,
      bytes: bytes.length,
    };
  }
  return results;
}

/** The server's user and system CPU time so far, in seconds (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/**
 * Signs in the demo admin, sets the shop's invoice details and adds 5 tools with plenty of
 * stock; resolves to the admin's cookie and `order()`, which places and pays a 5-line order and
 * resolves to its id.
 */
async function shopper(url) {
  const json = { 'content-type': 'application/json', origin: url };
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@kanna.example', password: 'kanna-admin' }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
  const headers = { ...json, cookie: cookieOf(signIn) };
  // Each order is paid from an address of its own (as behind a load balancer): the payment
  // endpoints' limits per address would stop a benchmark's dozens of orders a minute.
  let from = '10.41.0.1';
  const send = async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...headers, 'x-forwarded-for': from },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { settings } = await send('GET', '/api/shop-settings');
  await send('PUT', '/api/shop-settings', {
    ...settings,
    legalName: 'Kanna Tools K.K. 株式会社カンナ',
    registrationNumber: 'T1234567890123',
    tax: { enabled: true, ratePercent: 10, country: 'JP' },
    yenPerDollar: 151.25,
  });
  const [sample] = await send('GET', '/api/handTools?limit=1');
  const tools = [];
  for (const [i, name] of [
    '鉋 寸八 白紙一号',
    'Japanese chisel, white steel, 24 mm',
    '玄能 250 g',
    'Ryoba saw 240 mm',
    '墨壺',
  ].entries()) {
    const { insertedId } = await send('POST', '/api/handTools', {
      productName: name,
      description: 'Stock for the documents benchmark.',
      kind: 'chisel',
      minQuantity: 1,
      maxQuantity: 10_000_000,
      perPrice: 84.5 + i,
      img: sample.img,
    });
    tools.push(insertedId);
  }
  let placed = 0;
  async function order() {
    placed++;
    from = `10.41.${placed >> 8}.${placed & 255}`;
    const { insertedId: orderId } = await send('POST', '/api/order', {
      lines: tools.map((toolId, i) => ({ toolId, quantity: 12 + i })),
      phone: '0312345678',
      address: '〒111-0051\n東京都台東区蔵前1-2-3 カンナビル4階',
    });
    const { clientSecret } = await send('POST', '/api/create-payment-intent', { orderId });
    const card = await send('POST', '/api/test-payments/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    await send('PATCH', `/api/order/${orderId}`, { transactionId: card.transactionId });
    return orderId;
  }
  return { cookie: headers.cookie, order };
}

/** A keep-alive GET on `agent`: resolves to its status once the whole body is read. */
function get(agent, url, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, url), { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `path(i)` asked `count` times, `width` at a time over keep-alive connections; figures of those that answered 200. */
async function downloads(url, cookie, { count, width, path }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: width });
  let i = 0;
  try {
    return await timed(count, width, async () => {
      const status = await get(agent, url, path(i++), { cookie });
      if (status !== 200) throw new Error(`${path(i - 1)}: ${status}`);
    });
  } finally {
    agent.destroy();
  }
}

/** The catalogue's first page, answered from memory once asked (lib/replay.ts). */
const MEMORY_READ = '/api/handTools?limit=1';

/**
 * `width` downloads at once, each followed by the next, for `seconds`, while a prober on its own
 * thread (bench/lib/prober.mjs) asks GET /api/health, then a read answered from memory, one
 * request after another: the downloads' figures and the prober's.
 */
async function burst(url, cookie, { width, seconds, path }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: width });
  const times = [];
  // The memory read answered once before, so that it is in memory.
  const warm = new http.Agent({ keepAlive: false });
  if ((await get(warm, url, MEMORY_READ)) !== 200) throw new Error(`${MEMORY_READ}: not 200`);
  let i = 0;
  let failed = 0;
  let done = false;
  const start = performance.now();
  const load = Array.from({ length: width }, async () => {
    while (!done) {
      const t = performance.now();
      const status = await get(agent, url, path(i++), { cookie });
      if (status === 200) times.push(performance.now() - t);
      else failed++;
    }
  });
  // The burst is under way before /api/health is first asked.
  await new Promise((r) => setTimeout(r, 200));
  const prober = new Worker(new URL('./lib/prober.mjs', import.meta.url), {
    workerData: { url, seconds: seconds - 0.2, paths: ['/api/health', MEMORY_READ] },
  });
  const probed = await new Promise((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  done = true;
  await Promise.all(load);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return {
    downloads: figures(times, elapsed),
    health: figures(probed['/api/health'], elapsed),
    memory: figures(probed[MEMORY_READ], elapsed),
    failed,
  };
}

async function throughTheApi({ count, warmup, orders, seconds, postgres, burstOnly }) {
  const database = postgres ? await throwawayDatabase('kanna_bench_documents') : null;
  const server = await startKanna({
    // The documents' limits per account and address would refuse a benchmark's thousands a minute.
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PAYMENT_MODE: 'test',
      DOCUMENT_RATE_LIMIT: '10000000',
      TRUST_PROXY: '1',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
  });
  try {
    const { cookie, order } = await shopper(server.url);
    const placed = [];
    for (let i = 0; i < orders; i++) placed.push(await order());
    const rest = placed.slice(1);
    const cpu = () => cpuSeconds(server.pid);
    const perDocument = (before, n) => ((cpu() - before) * 1000) / n;
    const orderPath = (kind) => (i) => `/api/orders/${placed[i % placed.length]}/documents/${kind}.pdf`;
    // The first document the server draws loads the renderer on its thread: not an issue's cost.
    await downloads(server.url, cookie, { count: 1, width: 1, path: () => orderPath('invoice')(0) });
    const results = {};
    if (burstOnly) {
      await downloads(server.url, cookie, {
        count: rest.length,
        width: 1,
        path: (i) => orderPath('invoice')(i + 1),
      });
      await downloads(server.url, cookie, { count: warmup, width: 1, path: orderPath('invoice') });
      const before = cpu();
      results.burst = await burst(server.url, cookie, {
        width: documentsTarget.burst,
        seconds,
        path: orderPath('invoice'),
      });
      results.burst.cpuMs = perDocument(before, results.burst.downloads.count);
      return results;
    }
    let before = cpu();
    results.issue = await downloads(server.url, cookie, {
      count: rest.length,
      width: 1,
      path: (i) => orderPath('invoice')(i + 1),
    });
    results.issue.cpuMs = perDocument(before, rest.length);
    before = cpu();
    results.issue4 = await downloads(server.url, cookie, {
      count: placed.length,
      width: 4,
      path: orderPath('receipt'),
    });
    results.issue4.cpuMs = perDocument(before, placed.length);
    const listed = await fetch(`${server.url}/api/documents?kind=invoice&limit=100`, { headers: { cookie } });
    if (!listed.ok) throw new Error(`the archive: ${listed.status}`);
    const numbers = (await listed.json()).map((d) => d.number);
    const numberPath = (i) => `/api/documents/${numbers[i % numbers.length]}.pdf`;
    await downloads(server.url, cookie, { count: warmup, width: 1, path: orderPath('invoice') });
    for (const [name, path] of [
      ['byOrder', orderPath('invoice')],
      ['byNumber', numberPath],
    ]) {
      before = cpu();
      results[name] = await downloads(server.url, cookie, { count, width: 1, path });
      results[name].cpuMs = perDocument(before, count);
      before = cpu();
      results[`${name}10`] = await downloads(server.url, cookie, { count: count * 4, width: 10, path });
      results[`${name}10`].cpuMs = perDocument(before, count * 4);
    }
    const { burst: width } = documentsTarget;
    before = cpu();
    results.burst = await burst(server.url, cookie, { width, seconds, path: orderPath('invoice') });
    results.burst.cpuMs = perDocument(before, results.burst.downloads.count);
    results.copies = await burst(server.url, cookie, {
      width,
      seconds,
      path: (i) => `${orderPath('invoice')(i)}?lang=ja`,
    });
    return results;
  } finally {
    await server.stop();
    await database?.drop();
  }
}

const sign = (ok) => (ok ? 'meets' : 'MISSES');

export async function runDocuments({
  count = 300,
  warmup = 30,
  renderCount = 60,
  orders = 60,
  seconds = 5,
  postgres = false,
  burstOnly = false,
} = {}) {
  ensureBuilt({ only: ['apps/server'] });
  const t = documentsTarget;
  const cpu = (f) => `, server CPU ${f.cpuMs.toFixed(1)} ms each`;
  if (burstOnly) {
    const { burst: b } = await throughTheApi({ count, warmup, orders, seconds, postgres, burstOnly });
    console.log(`Order documents (${postgres ? 'PostgreSQL' : 'embedded database'}), the burst alone`);
    console.log(
      `  ${t.burst} downloads of issued invoices at once, for ${seconds} s${b.failed ? ` (${b.failed} not 200)` : ''}`,
    );
    console.log(`${line('  the downloads', b.downloads)}${cpu(b)}`);
    console.log(
      `    GET /api/health meanwhile: p50 ${b.health.p50.toFixed(1)} ms, p99 ${b.health.p99.toFixed(1)} ms (target ≤ ${t.healthP99Ms} ms), max ${b.health.max.toFixed(1)} ms (${b.health.count})`,
    );
    console.log(
      `    GET ${MEMORY_READ} (answered from memory) meanwhile: p50 ${b.memory.p50.toFixed(1)} ms, ` +
        `p99 ${b.memory.p99.toFixed(1)} ms, max ${b.memory.max.toFixed(1)} ms (${b.memory.count})`,
    );
    return { api: { burst: b } };
  }
  const alone = await rendererAlone({ count: renderCount, warmup: Math.min(warmup, renderCount) });
  const api = await throughTheApi({ count, warmup, orders, seconds, postgres });
  console.log(`Order documents (${postgres ? 'PostgreSQL' : 'embedded database'})`);
  console.log(
    `  renderer alone, one thread (the process's first document took ${alone[5].firstMs.toFixed(0)} ms: the font is read and parsed once)`,
  );
  for (const lines of [5, 50])
    console.log(
      line(`invoice of ${lines} lines, ${(alone[lines].bytes / 1024).toFixed(0)} KB`, alone[lines]),
    );
  console.log('  through the API, production server (one process), 5-line invoices and receipts');
  console.log(`${line('issuing an invoice (first download), one at a time', api.issue)}${cpu(api.issue)}`);
  console.log(`${line('issuing a receipt (first download), 4 at a time', api.issue4)}${cpu(api.issue4)}`);
  console.log(
    `${line('downloading an issued invoice by its order, one at a time', api.byOrder)}${cpu(api.byOrder)}`,
  );
  console.log(
    `${line('downloading an issued invoice by its number, one at a time', api.byNumber)}${cpu(api.byNumber)}`,
  );
  console.log(
    `${line('downloading issued invoices by their order, 10 at a time', api.byOrder10)}${cpu(api.byOrder10)}`,
  );
  console.log(
    `${line('downloading issued invoices by their number, 10 at a time', api.byNumber10)}${cpu(api.byNumber10)}`,
  );
  for (const [what, b] of [
    [`${t.burst} downloads of issued invoices at once`, api.burst],
    [`${t.burst} downloads of the other language's copy at once (drawn each time)`, api.copies],
  ]) {
    console.log(`  ${what}, for ${seconds} s${b.failed ? ` (${b.failed} not 200)` : ''}`);
    console.log(`${line('  the downloads', b.downloads)}${b.cpuMs === undefined ? '' : cpu(b)}`);
    console.log(
      `    GET /api/health meanwhile: p50 ${b.health.p50.toFixed(1)} ms, p95 ${b.health.p95.toFixed(1)} ms, ` +
        `p99 ${b.health.p99.toFixed(1)} ms, max ${b.health.max.toFixed(1)} ms (${b.health.count})`,
    );
    console.log(
      `    GET ${MEMORY_READ} (answered from memory) meanwhile: p50 ${b.memory.p50.toFixed(1)} ms, ` +
        `p99 ${b.memory.p99.toFixed(1)} ms, max ${b.memory.max.toFixed(1)} ms (${b.memory.count})`,
    );
  }
  const downloadsPerSecond = Math.max(api.byOrder10.perSecond, api.byNumber10.perSecond);
  const downloadP95 = Math.max(api.byOrder.p95, api.byNumber.p95);
  console.log('  against the targets:');
  console.log(
    `    issuing a document p95 ${api.issue.p95.toFixed(1)} ms (target ≤ ${t.issueP95Ms} ms): ${sign(api.issue.p95 <= t.issueP95Ms)}`,
  );
  console.log(
    `    downloading an issued document p95 ${downloadP95.toFixed(1)} ms (target ≤ ${t.downloadP95Ms} ms): ${sign(downloadP95 <= t.downloadP95Ms)}`,
  );
  console.log(
    `    downloads per second ${downloadsPerSecond.toFixed(0)}/s (target ≥ ${t.downloadsPerSecond}/s): ${sign(downloadsPerSecond >= t.downloadsPerSecond)}`,
  );
  console.log(
    `    /api/health p99 during a burst of ${t.burst} concurrent downloads ${api.burst.health.p99.toFixed(1)} ms (target ≤ ${t.healthP99Ms} ms): ${sign(api.burst.health.p99 <= t.healthP99Ms)}`,
  );
  return { alone, api };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '300' },
      warmup: { type: 'string', default: '30' },
      'render-count': { type: 'string', default: '60' },
      orders: { type: 'string', default: '60' },
      seconds: { type: 'string', default: '5' },
      postgres: { type: 'boolean', default: false },
      'burst-only': { type: 'boolean', default: false },
    },
  });
  await runDocuments({
    count: Number(values.count),
    warmup: Number(values.warmup),
    renderCount: Number(values['render-count']),
    orders: Number(values.orders),
    seconds: Number(values.seconds),
    postgres: values.postgres,
    burstOnly: values['burst-only'],
  });
}
