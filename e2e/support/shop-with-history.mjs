// The second journey shop's history (playwright.config.ts runs this before its server): on a new
// DATA_DIR, the production server first runs under faketime in the middle of last month, as if the
// shop had been open then, and two buyers each pay an order whose invoice is issued that day (one
// for the phone's journey, one for the desktop's). What the journeys need is written to
// DATA_DIR/history.json (e2e/support/business.ts reads it); the server is then stopped cleanly and
// the config starts the normal one on the same folder. The journeys cannot move the server's clock,
// and the app itself must never backdate a document: the whole process, its embedded database
// included, lives in last month instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../../scripts/build-if-needed.mjs';

const dataDir = process.env.DATA_DIR ?? '';
const publicUrl = process.env.PUBLIC_URL ?? '';
const historyFile = path.join(dataDir, 'history.json');
const started = Date.now();

/** The server of last month, once started. */
let server = null;
let stopping = false;

/**
 * faketime runs the server as its child and passes it no signal: the server itself is told to
 * close (it closes its database cleanly), and faketime ends with it.
 */
function stopServer() {
  stopping = true;
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim();
  for (const pid of children.split(/\s+/).filter(Boolean)) process.kill(Number(pid), 'SIGTERM');
}

function fail(message) {
  console.error(`shop-with-history: ${message}`);
  if (server && !stopping && server.exitCode === null) stopServer();
  process.exit(1);
}

if (!dataDir || !publicUrl) fail('DATA_DIR and PUBLIC_URL must be set (playwright.config.ts sets them)');
if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
  // Made by an earlier start of this run's shop: its history is there already.
  if (!existsSync(historyFile)) fail(`${dataDir} holds a shop without its history: remove the folder`);
  process.exit(0);
}
const probe = spawnSync('faketime', ['-f', '+0d', 'true'], { stdio: 'ignore' });
if (probe.error || probe.status !== 0) {
  fail(
    'faketime is missing: the business shop’s history runs the server in last month (apt-get install faketime)',
  );
}

// The server of last month listens on a port of its own: the journeys wait for the shop's port to
// answer, and must not take last month's server for the shop they test. It keeps the shop's
// PUBLIC_URL (the origin the requests name, and what the documents issued then say).
const port = await new Promise((resolve, reject) => {
  const listener = createServer().once('error', reject);
  listener.listen(0, '127.0.0.1', () => {
    const { port: free } = listener.address();
    listener.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const origin = new URL(publicUrl).origin;

// Days back to the middle of last month: from the 13th to the 18th of it, whatever today is and
// whatever the shop's time zone (a fixed 35 days would land two months back on the 1st).
const daysBack = new Date().getUTCDate() + 14;

// -m: the multi-threaded library (Node runs threads, PGlite and the PDF worker among them);
// --exclude-monotonic: timers keep the machine's steady clock.
server = spawn(
  'faketime',
  ['-m', '-f', '--exclude-monotonic', `-${daysBack}d`, process.execPath, 'apps/server/dist/server.js'],
  {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));
server.on('exit', (code) => {
  if (!stopping) fail(`the server in last month stopped early (exit ${code})`);
});

/** A client of the shop with a cookie jar of its own. */
function client(address) {
  const cookies = new Map();
  return async (method, route, body, { redirect = false, raw = false } = {}) => {
    const headers = { origin, 'x-forwarded-for': address };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(route, base), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!(response.ok || (redirect && response.status < 400)))
      fail(`${method} ${route}: ${response.status} ${await response.text()}`);
    if (raw) return Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    return type.includes('json') ? response.json() : response.text();
  };
}

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(new URL('/api/health', base))).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail('the server in last month did not answer /api/health within 120 s');
}

/** The verification link of the newest mail to `email` in the shop's outbox (quoted-printable undone). */
async function verificationLinkOf(email) {
  for (let tries = 0; tries < 100; tries++) {
    let mbox = '';
    try {
      mbox = readFileSync(path.join(dataDir, 'outbox.mbox'), 'utf8');
    } catch {
      // no mail yet
    }
    const mail = mbox
      .split(/^From kanna@localhost /m)
      .filter((m) => m.includes(`To: ${email}`) || m.includes(`<${email}>`))
      .pop();
    const text = (mail ?? '')
      .replaceAll(/=\r?\n/g, '')
      .replaceAll(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    const link = /https?:\/\/\S+?\/api\/auth\/verify-email\?token=[^\s"'<>]+/.exec(text)?.[0];
    // The link names the shop's address: asked of last month's server at its own.
    if (link) {
      const url = new URL(link.replaceAll('&amp;', '&'));
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`no verification mail to ${email}`);
}

await waitForHealth();
const upAt = Date.now();
const admin = client('10.250.0.1');
await admin('POST', '/api/auth/sign-in/email', { email: 'admin@kanna.example', password: 'kanna-admin' });
const [sample] = await admin('GET', '/api/handTools?limit=1');
if (!sample) fail('the shop has no sample tool');

// Each project's own buyer and its own price, so an amount range finds that invoice alone.
const people = {
  phone: { name: 'Kako Hanako', perPrice: 417.31, mark: 'P' },
  desktop: { name: 'Kako Taro', perPrice: 417.36, mark: 'D' },
};
// `openedAt`: this run's real clock when the history was made. The journeys take "last month"
// from it, not from their own clock, so a run that crosses midnight into a new month still
// looks in the month the history was made in.
const history = { daysBack, openedAt: new Date(started).toISOString(), buyers: {} };
/** `project`'s buyer signs up, verifies, and pays for a tool of its own; its invoice is issued. */
async function lastMonthOrder(project, { name, perPrice, mark }) {
  // Named with the journeys' mark (e2e/support/tools.ts): no journey takes it for a sample tool.
  const { insertedId: toolId } = await admin('POST', '/api/handTools', {
    productName: `Test Last-month Kanna ${mark}`,
    description: 'Bought in the business shop’s history (e2e/support/shop-with-history.mjs).',
    img: sample.img,
    kind: 'plane',
    minQuantity: 1,
    maxQuantity: 50,
    perPrice,
  });
  const email = `last-month-${project}@kanna.example`;
  const password = `pw-last-month-${project}`;
  const buyer = client(project === 'phone' ? '10.250.0.2' : '10.250.0.3');
  await buyer('POST', '/api/auth/sign-up/email', { name, email, password });
  await buyer('GET', await verificationLinkOf(email), undefined, { redirect: true });
  const { insertedId: orderId } = await buyer('POST', '/api/order', {
    lines: [{ toolId, quantity: 1 }],
    phone: '0794820471',
    address: '2-14-3 Kanamono-cho, Miki, Hyogo',
  });
  const { clientSecret } = await buyer('POST', '/api/create-payment-intent', { orderId });
  const { transactionId } = await buyer('POST', '/api/test-payments/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  });
  const { number } = await buyer('PATCH', `/api/order/${orderId}`, { transactionId });
  // The first download issues the invoice, today in the server's clock: last month.
  const pdf = await buyer('GET', `/api/orders/${orderId}/documents/invoice.pdf`, undefined, { raw: true });
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') fail(`the invoice of ${number} is not a PDF`);
  const { amountDue } = await buyer('GET', `/api/orders/${orderId}`);
  history.buyers[project] = { name, email, password, order: { id: orderId, number }, amount: amountDue };
}
// Side by side: the two buyers' password hashing and PDFs share the machine's cores.
await Promise.all(Object.entries(people).map(([project, person]) => lastMonthOrder(project, person)));
const boughtAt = Date.now();

stopServer();
const status = await exited;
if (status !== 0) fail(`the server in last month did not close cleanly (exit ${status})`);
writeFileSync(historyFile, `${JSON.stringify(history, null, 2)}\n`);
const seconds = (from, to) => ((to - from) / 1000).toFixed(1);
console.error(
  `shop-with-history: last month's history made in ${seconds(started, Date.now())} s (server up ${seconds(started, upAt)} s, orders ${seconds(upAt, boughtAt)} s, closing ${seconds(boughtAt, Date.now())} s)`,
);
