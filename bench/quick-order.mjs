// Quick order (decision 0055): how long POST /api/quick-order/resolve takes for 200 rows, the
// most one request may carry. Target: p95 ≤ 100 ms on the server. Prints figures; never fails on
// time. The production server (apps/server/dist/server.js, the embedded database in it) gets 200
// tools with SKUs (every fifth with a JAN too); a signed-in buyer then resolves 200 rows — SKUs in
// another case, JANs, a few unknown codes, quantities on and off the pack size — one request at
// a time, after a warm-up. The server's CPU time per request is read from /proc.
//
//   node bench/quick-order.mjs [--count 200] [--warmup 20]
//
// The endpoint allows 240 requests a minute per account: count + warmup stays under it.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../scripts/build-if-needed.mjs';
import { isMain } from './lib/main.mjs';
import { startKanna } from './lib/server.mjs';

export const quickOrderTarget = { p95Ms: 100 };

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A JAN with its check digit. */
function jan(first12) {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

async function client(url, email, password) {
  const json = { 'content-type': 'application/json', origin: url };
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in of ${email}: ${signIn.status}`);
  const headers = { ...json, cookie: cookieOf(signIn) };
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, { method, headers, body: body && JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

export async function runQuickOrder({ count = 200, warmup = 20 } = {}) {
  ensureBuilt({ only: ['apps/server'] });
  const server = await startKanna({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
  try {
    const admin = await client(server.url, 'admin@kanna.example', 'kanna-admin');
    const [sample] = await admin('GET', '/api/handTools?limit=1');
    const codes = [];
    for (let i = 0; i < 200; i++) {
      const sku = `BENCH-${String(i).padStart(3, '0')}`;
      const code = i % 5 === 0 ? jan(`4900000${String(i).padStart(5, '0')}`) : null;
      await admin('POST', '/api/handTools', {
        productName: `Bench tool ${i}`,
        description: 'For the quick-order benchmark.',
        kind: 'chisel',
        img: sample.img,
        minQuantity: 2,
        maxQuantity: 1000,
        perPrice: 12.5,
        packSize: 2,
        volumePrices: [{ minQuantity: 20, perPrice: 11 }],
        sku,
        ...(code ? { jan: code } : {}),
      });
      codes.push(code ?? (i % 2 ? sku.toLowerCase() : sku));
    }
    const rows = codes.map((code, i) => ({
      code: i % 40 === 39 ? `NOPE-${i}` : code,
      quantity: i % 7 === 0 ? 3 : 10 + (i % 3) * 10,
    }));
    const buyer = await client(server.url, 'buyer@kanna.example', 'kanna-buyer');
    const resolve = async () => {
      const answer = await buyer('POST', '/api/quick-order/resolve', { rows });
      if (answer.length !== 200) throw new Error(`resolve answered ${answer.length} rows`);
      return answer;
    };
    const sampleAnswer = await resolve();
    const problems = sampleAnswer.filter((r) => r.problem).length;
    for (let i = 1; i < warmup; i++) await resolve();
    const times = [];
    const cpu = cpuSeconds(server.pid);
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      await resolve();
      times.push(performance.now() - t);
    }
    const cpuMs = ((cpuSeconds(server.pid) - cpu) * 1000) / count;
    const sorted = times.sort((a, b) => a - b);
    console.log(`Quick order: resolving 200 rows (target: p95 ≤ ${quickOrderTarget.p95Ms} ms)`);
    console.log(
      `  ${count} requests one at a time: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms; server CPU ${cpuMs.toFixed(1)} ms a request`,
    );
    console.log(`  each answer: 200 rows, ${problems} with a problem (unknown codes, pack size)`);
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { count: { type: 'string' }, warmup: { type: 'string' } } });
  await runQuickOrder({
    count: values.count ? Number(values.count) : undefined,
    warmup: values.warmup ? Number(values.warmup) : undefined,
  });
}
