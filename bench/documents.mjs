// An order's documents (docs/orders.md, "Documents"): how long an invoice PDF takes and
// how many one core makes per second. Targets: p95 ≤ 150 ms and ≥ 20 documents/s. Prints
// figures; never fails on time. Two measures, each after a warm-up:
//   - the renderer alone (apps/server/src/modules/documents, loaded through tsx) in this
//     process's one thread, one document after another: a qualified invoice of 5 lines with
//     Japanese names and address, and one of 50 lines (4 pages);
//   - through the API: the production server (apps/server/dist/server.js: one Node.js process,
//     the embedded database in it) answering GET /api/orders/{id}/documents/invoice.pdf for a
//     paid 5-line order, one request at a time, then 4 at once; the server's CPU time per
//     document is read from /proc.
//
//   node bench/documents.mjs [--count 300] [--warmup 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { ensureBuilt } from '../scripts/build-if-needed.mjs';
import { isMain } from './lib/main.mjs';
import { startKanna } from './lib/server.mjs';

export const documentsTarget = { p95Ms: 150, perSecond: 20 };

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

/** Signs in the demo admin, sets the shop's invoice details and places and pays a 5-line order. */
async function paidOrder(url) {
  const json = { 'content-type': 'application/json', origin: url };
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@kanna.example', password: 'kanna-admin' }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
  const headers = { ...json, cookie: cookieOf(signIn) };
  const send = async (method, path, body) => {
    const res = await fetch(`${url}${path}`, { method, headers, body: body && JSON.stringify(body) });
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
  const tools = (await send('GET', '/api/handTools?limit=50')).filter((t) => t.maxQuantity >= t.minQuantity);
  const { insertedId: orderId } = await send('POST', '/api/order', {
    lines: tools.slice(0, 5).map((t) => ({ toolId: t._id, quantity: t.minQuantity })),
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
  return { orderId, cookie: headers.cookie };
}

async function throughTheApi({ count, warmup }) {
  const server = await startKanna({
    env: { NODE_ENV: 'development', LOG_LEVEL: 'warn', PAYMENT_MODE: 'test' },
  });
  try {
    const { orderId, cookie } = await paidOrder(server.url);
    const get = async () => {
      const res = await fetch(`${server.url}/api/orders/${orderId}/documents/invoice.pdf`, {
        headers: { cookie },
      });
      if (res.status !== 200) throw new Error(`invoice: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < warmup; i++) await get();
    const results = {};
    for (const width of [1, 4]) {
      const cpu = cpuSeconds(server.pid);
      results[width] = await timed(count, width, get);
      results[width].cpuMsPerDocument = ((cpuSeconds(server.pid) - cpu) * 1000) / count;
    }
    return results;
  } finally {
    await server.stop();
  }
}

export async function runDocuments({ count = 300, warmup = 30 } = {}) {
  ensureBuilt({ only: ['apps/server'] });
  const alone = await rendererAlone({ count, warmup });
  const api = await throughTheApi({ count, warmup });
  const { p95Ms, perSecond } = documentsTarget;
  console.log(`Order documents (targets: p95 ≤ ${p95Ms} ms, ≥ ${perSecond} documents/s on one core)`);
  console.log(
    `  renderer alone, one thread (the process's first document took ${alone[5].firstMs.toFixed(0)} ms: the font is read and parsed once)`,
  );
  for (const lines of [5, 50])
    console.log(
      line(`invoice of ${lines} lines, ${(alone[lines].bytes / 1024).toFixed(0)} KB`, alone[lines]),
    );
  console.log('  GET /api/orders/{id}/documents/invoice.pdf, 5 lines, production server (one process)');
  for (const width of [1, 4])
    console.log(
      `${line(`${width} at a time`, api[width])}, server CPU ${api[width].cpuMsPerDocument.toFixed(1)} ms/document`,
    );
  const worst = api[1];
  const met = worst.p95 <= p95Ms && api[4].perSecond >= perSecond;
  console.log(`  ${met ? 'within' : 'OUTSIDE'} the targets through the API`);
  return { alone, api };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '300' }, warmup: { type: 'string', default: '30' } },
  });
  await runDocuments({ count: Number(values.count), warmup: Number(values.warmup) });
}
