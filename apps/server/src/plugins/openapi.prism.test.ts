import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmailVerificationToken } from 'better-auth/api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { addTool, signUpVerified, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { multipartFile } from '../test/multipart';
import { answerChecker, type OpenApiDocument } from '../test/openapi';
import { startShopFor } from '../test/shopping';

/**
 * Stoplight Prism's validating proxy in front of the shop, over a buyer's and an admin's day:
 * every request and answer that passes through it is checked against the OpenAPI document, and
 * the violations it reports (the `sl-violations` header of each answer) must be none. Prism runs
 * from node_modules and reads the document from a file: it fetches nothing.
 */
const ADMIN = 'prism-admin@kanna.example';
const BUYER = 'prism-buyer@kanna.example';

let shop: TestShop;
let prism: ChildProcess;
let base: string;
let upstream: string;
let check: ReturnType<typeof answerChecker>;
let doc: OpenApiDocument;
let dir: string;
let toolId: string;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  shop = await startShopFor(ADMIN);
  await signUpVerified(shop, new Client(shop.app, shop.config.publicUrl, '10.45.0.1'), 'Prism Admin', ADMIN);
  toolId = (
    await addTool(shop, { minQuantity: 1, available: 500, priceCents: 3200, productName: 'Kanna 70' })
  )._id;
  upstream = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  dir = mkdtempSync(path.join(tmpdir(), 'kanna-prism-'));
  const file = path.join(dir, 'openapi.json');
  doc = (await shop.app.inject({ method: 'GET', url: '/api/docs' })).json();
  check = answerChecker(doc);
  writeFileSync(file, JSON.stringify(doc));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const cli = path.join(repoRoot(), 'node_modules/@stoplight/prism-cli/dist/index.js');
  prism = spawn(
    process.execPath,
    [cli, 'proxy', file, upstream, '--port', String(port), '--errors', 'false'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    prism.stdout?.on('data', read);
    prism.stderr?.on('data', read);
    prism.once('exit', (code) => reject(new Error(`Prism exited (${code}):\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  prism?.kill();
  await shop?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A browser-like client through Prism: keeps its cookies, sends the shop's Origin on writes. */
function browser(violations: string[]) {
  const cookies = new Map<string, string>();
  /**
   * Prism passes a body on as text, which breaks a picture's bytes: uploads go to the shop
   * directly, and their answers are checked against the document here instead.
   */
  const call = async (method: string, url: string, body?: unknown, contentType?: string) => {
    const direct = body instanceof Buffer;
    const headers: Record<string, string> = {};
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers.origin = shop.config.publicUrl;
    let payload: string | Buffer | undefined;
    if (body instanceof Buffer) {
      payload = body;
      headers['content-type'] = contentType ?? 'application/octet-stream';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${direct ? upstream : base}${url}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1).trim();
      if (value && !/max-age=0/i.test(c)) cookies.set(pair.slice(0, i).trim(), value);
      else cookies.delete(pair.slice(0, i).trim());
    }
    const reported = res.headers.get('sl-violations');
    if (reported) {
      for (const v of JSON.parse(reported) as { message: string; location?: string[] }[]) {
        violations.push(`${method} ${url} → ${res.status}: ${(v.location ?? []).join('.')} ${v.message}`);
      }
    }
    const type = res.headers.get('content-type') ?? '';
    const text = Buffer.from(await res.arrayBuffer());
    const data: unknown = type.includes('json') ? JSON.parse(text.toString()) : text;
    if (direct) {
      const template = url.replace(/\/api\/users\/[^/]+\/picture/, '/api/users/{email}/picture');
      const op = doc.paths[template]?.[method.toLowerCase()];
      if (!op) violations.push(`${method} ${url}: not in the document`);
      else
        violations.push(
          ...check(`${method} ${url}`, op, {
            statusCode: res.status,
            headers: { 'content-type': type },
            body: text.toString(),
          }),
        );
    }
    return { status: res.status, data: data as Record<string, unknown>, type };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body),
    put: (url: string, body?: unknown) => call('PUT', url, body),
    patch: (url: string, body?: unknown) => call('PATCH', url, body),
    delete: (url: string) => call('DELETE', url),
    upload: (method: string, url: string, field: string, bytes: Buffer) => {
      const m = multipartFile(field, 'picture.jpg', 'image/jpeg', bytes);
      return call(method, url, m.payload, m.contentType);
    },
  };
}

describe("Prism's validating proxy over a buyer's and an admin's day", () => {
  it('reports no violation of the OpenAPI document', async () => {
    const violations: string[] = [];
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#806040' } })
      .jpeg()
      .toBuffer();

    // The buyer: signs up and confirms, browses, fills the cart, orders, pays, downloads documents.
    const buyer = browser(violations);
    await buyer.get('/api/settings');
    await buyer.get('/api/health');
    expect(
      (
        await buyer.post('/api/auth/sign-up/email', {
          name: 'Prism Buyer',
          email: BUYER,
          password: 'secret123',
        })
      ).status,
    ).toBe(200);
    const token = await createEmailVerificationToken(shop.config.authSecret, BUYER);
    expect((await buyer.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect(
      (await buyer.post('/api/auth/sign-in/email', { email: BUYER, password: 'secret123' })).status,
    ).toBe(200);
    await buyer.get('/api/auth/get-session');
    await buyer.get('/api/handTools?sort=price-asc');
    await buyer.get(`/api/handTools/${toolId}`);
    await buyer.get('/api/review');
    await buyer.get('/api/postal-codes/1110051');
    await buyer.get(`/api/users/${BUYER}`);
    await buyer.put(`/api/users/${BUYER}`, {
      displayName: 'Prism Buyer',
      phone: '0312345678',
      city: 'Tokyo',
    });
    expect((await buyer.upload('PUT', `/api/users/${BUYER}/picture`, 'image', photo)).status).toBe(200);
    await buyer.get(`/api/admin/${BUYER}`);
    expect((await buyer.put('/api/cart', { lines: [{ toolId, quantity: 3 }] })).status).toBe(200);
    await buyer.get('/api/cart');
    const placed = await buyer.post('/api/order', {
      lines: [{ toolId, quantity: 3 }],
      phone: '0312345678',
      address: '〒111-0051\n東京都台東区蔵前1-2-3',
    });
    expect(placed.status).toBe(201);
    const orderId = placed.data.insertedId as string;
    await buyer.get(`/api/orders/order/${orderId}`);
    await buyer.get(`/api/orders/${orderId}`);
    await buyer.get(`/api/orders/${orderId}/documents/proforma.pdf`);
    await buyer.get(`/api/orders/${orderId}/documents/invoice.pdf`); // not issued yet: 409
    const intent = await buyer.post('/api/create-payment-intent', { orderId });
    const card = await buyer.post('/api/test-payments/confirm', {
      clientSecret: intent.data.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(
      (await buyer.patch(`/api/order/${orderId}`, { transactionId: card.data.transactionId })).status,
    ).toBe(200);
    for (const kind of ['invoice', 'receipt', 'delivery-note']) {
      const pdf = await buyer.get(`/api/orders/${orderId}/documents/${kind}.pdf`);
      expect(pdf.type).toBe('application/pdf');
    }
    await buyer.get(`/api/order/${BUYER}`);
    await buyer.post('/api/review', { rating: 5, description: 'Sharp and true.' });
    await buyer.post('/api/enquiries', { toolId, quantityWanted: 200, message: 'A price for 200?' });
    const second = await buyer.post('/api/order', {
      toolId,
      quantity: 1,
      phone: '0312345678',
      address: '〒111-0051\n東京都台東区蔵前1-2-3',
    });
    await buyer.put(`/api/orders/${second.data.insertedId}/payment-method`, { paymentMethod: 'transfer' });
    await buyer.get(`/api/orders/${second.data.insertedId}/transfer`);
    await buyer.delete(`/api/order/${second.data.insertedId}`);
    await buyer.get('/api/order'); // an admin's list: 403
    await buyer.get('/api/orders/00000000-0000-4000-8000-000000000000'); // no such order: 404
    await buyer.post('/api/auth/sign-out');

    // The admin: the lists, the export, a new product with its picture, notes, shipping.
    const admin = browser(violations);
    expect(
      (await admin.post('/api/auth/sign-in/email', { email: ADMIN, password: 'secret123' })).status,
    ).toBe(200);
    await admin.get('/api/admin-overview');
    await admin.get('/api/order?limit=5');
    const csv = await admin.get('/api/order/export.csv');
    expect(csv.type).toMatch(/^text\/csv/);
    await admin.get('/api/users');
    await admin.get('/api/audit');
    await admin.get('/api/enquiries');
    await admin.get('/api/shop-settings');
    await admin.get(`/api/handTools/${toolId}/stock`);
    const picture = await admin.upload('POST', '/api/media', 'image', photo);
    expect(picture.status).toBe(201);
    const product = await admin.post('/api/handTools', {
      productName: 'Dozuki 240',
      description: 'A fine saw.',
      minQuantity: 1,
      maxQuantity: 100,
      perPrice: 42.5,
      img: (picture.data.data as { url: string }).url,
    });
    expect(product.status).toBe(201);
    await admin.patch(`/api/handTools/${product.data.insertedId}`, { perPrice: 44 });
    await admin.get(`/api/orders/${orderId}`);
    await admin.post(`/api/orders/${orderId}/notes`, { text: 'Pack with care.' });
    expect(
      (
        await admin.patch(`/api/order/${orderId}/ship`, {
          carrier: 'Yamato',
          trackingNumber: '1234-5678-9012',
        })
      ).status,
    ).toBe(200);
    await admin.patch(`/api/order/${orderId}/ship`, {}); // shipped already
    await admin.get(`/api/orders/${orderId}/documents/delivery-note.pdf`);
    await admin.delete(`/api/handTools/${product.data.insertedId}`);
    await admin.post('/api/auth/sign-out');

    expect(violations).toEqual([]);
  }, 300_000); // a limit for a hang: a few seconds on a quiet machine, minutes on a shared one
});
