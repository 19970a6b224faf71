import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, signUpVerified, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { multipartFile } from '../test/multipart';
import {
  answerChecker,
  type DocumentedOperation,
  type Hints,
  hostileSegment,
  hostileValue,
  type OpenApiDocument,
  operationsOf,
  validArbitrary,
} from '../test/openapi';
import { signedIn, startShopFor } from '../test/shopping';

/**
 * A test generated from the OpenAPI document itself: every operation it lists is called signed
 * out, as a buyer and as an admin, with inputs its schemas describe (reaching real tools, orders
 * and accounts) and with hostile ones, all drawn by fast-check; every answer must be one the
 * document describes — its status, its media type and, for JSON, its body (Ajv, against the
 * document's own schemas). A fixed seed keeps the run the same each time.
 */
const ADMIN = 'contract-admin@kanna.example';
const BUYER = 'contract-buyer@kanna.example';
const OTHER = 'contract-other@kanna.example';
const SEED = 20_261_206;
const VALID_RUNS = 2;
const HOSTILE_RUNS = 2;

let shop: TestShop;
let doc: OpenApiDocument;
let photo: Buffer;
const ids: Record<'tool' | 'order' | 'enquiry' | 'review' | 'company' | 'quote', string[]> = {
  tool: [],
  order: [],
  enquiry: [],
  review: [],
  company: [],
  quote: [],
};

beforeAll(async () => {
  shop = await startShopFor(ADMIN, { MAX_UNPAID_ORDERS: '100' });
  const admin = await signedIn(shop, '10.44.0.1', 'Contract Admin', ADMIN);
  const buyer = await signedIn(shop, '10.44.0.2', 'Contract Buyer', BUYER);
  await signUpVerified(shop, new Client(shop.app, shop.config.publicUrl, '10.44.0.3'), 'Other', OTHER);
  doc = (await shop.app.inject({ method: 'GET', url: '/api/docs' })).json();
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#806040' } })
    .jpeg()
    .toBuffer();

  for (const priceCents of [1250, 4800]) {
    ids.tool.push((await addTool(shop, { minQuantity: 1, available: 1000, priceCents }))._id);
  }
  const order = async () => {
    const res = await buyer.post('/api/order', {
      toolId: ids.tool[0],
      quantity: 2,
      phone: '0312345678',
      address: '〒111-0051\n東京都台東区蔵前1-2-3',
    });
    expect(res.statusCode).toBe(201);
    return res.json().insertedId as string;
  };
  ids.order.push(await order(), await order());
  const enquiry = await buyer.post('/api/enquiries', {
    toolId: ids.tool[0],
    message: 'Do you ship to Osaka?',
  });
  if (enquiry.statusCode === 201) ids.enquiry.push(enquiry.json().id ?? enquiry.json().insertedId);
  const review = await buyer.post('/api/review', { rating: 5, description: 'Sharp and true.' });
  if (review.statusCode === 201) ids.review.push(review.json().insertedId);
  // The buyer owns an approved company: its routes answer them, and the admin's name it.
  const company = await buyer.post('/api/companies', {
    name: 'Contract Company',
    billingAddress: '1-2-3 Kuramae, Taito-ku, Tokyo',
    billingEmail: 'contract-company@kanna.example',
  });
  expect(company.statusCode).toBe(201);
  ids.company.push(company.json().id);
  const approved = await admin.patch(`/api/companies/${company.json().id}`, {
    status: 'approved',
    terms: { closingDay: 20, creditLimit: 1000, currency: 'USD', language: 'en' },
  });
  expect(approved.statusCode).toBe(200);
  // Quotes for the buyer, open for a day (the valid calls accept, decline or withdraw them).
  for (const quantity of [1, 2, 3]) {
    const quote = await admin.post('/api/quotes', {
      buyerEmail: BUYER,
      lines: [{ toolId: ids.tool[0], quantity, unitPrice: 10 }],
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
      holdsStock: false,
    });
    expect(quote.statusCode).toBe(201);
    ids.quote.push(quote.json()._id);
  }
});
afterAll(() => shop?.close());

/** Which of the shop's ids a path's `{id}` names. */
function idsFor(path: string): string[] {
  if (path.startsWith('/api/handTools')) return ids.tool;
  if (path.startsWith('/api/enquiries')) return ids.enquiry;
  if (path.startsWith('/api/review')) return ids.review;
  if (path.startsWith('/api/order')) return ids.order;
  if (path.startsWith('/api/companies')) return ids.company;
  if (path.startsWith('/api/quotes')) return ids.quote;
  return [];
}

type Call = {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
};

/**
 * A call of `op` from inputs drawn by fast-check: `plain` sends only the required query, `valid`
 * any the schemas accept, `hostile` what no client should send.
 */
function callArbitrary(
  { path, method, op }: DocumentedOperation,
  who: string,
  kind: 'plain' | 'valid' | 'hostile',
): fc.Arbitrary<Call> {
  const hostile = kind === 'hostile';
  const emails = who === ADMIN ? [OTHER] : [who, OTHER];
  const hints: Hints = { uuids: [...idsFor(path), ...Object.values(ids).flat()], emails };
  const params = op.parameters ?? [];
  const segment = (name: string, schema: Parameters<typeof validArbitrary>[0]) => {
    if (hostile) return hostileSegment;
    const real = fc.constantFrom(...(idsFor(path).length ? idsFor(path) : ['x']));
    if (name === 'id') return kind === 'plain' ? real : fc.oneof(real, fc.uuid());
    if (name === 'email') return fc.constantFrom(...emails);
    if (name === 'emailOrId') return fc.constantFrom(...emails, ...ids.order);
    return validArbitrary(schema, hints).map(String);
  };
  const pathArbs = Object.fromEntries(
    params.filter((p) => p.in === 'path').map((p) => [p.name, segment(p.name, p.schema)]),
  );
  // A cursor is opaque: a valid one is only ever one the server gave (the hostile calls forge them).
  const queryArbs = Object.fromEntries(
    params
      .filter(
        (p) => p.in === 'query' && (hostile || (p.name !== 'cursor' && (kind === 'valid' || p.required))),
      )
      .map((p) => [p.name, hostile ? hostileValue : validArbitrary(p.schema, hints)]),
  );
  const required = params.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  const body = op.requestBody?.content;
  const schema = body?.['application/json']?.schema;
  // The plain call's body has the required fields only.
  const json =
    kind === 'plain' && schema?.properties
      ? {
          ...schema,
          properties: Object.fromEntries(
            Object.entries(schema.properties).filter(([k]) => schema.required?.includes(k)),
          ),
        }
      : schema;
  const bodyArb: fc.Arbitrary<Pick<Call, 'payload' | 'headers'>> = body?.['multipart/form-data']
    ? hostile
      ? fc.constantFrom(
          { payload: '{"image":1}', headers: { 'content-type': 'application/json' } },
          { payload: 'not an image', headers: { 'content-type': 'text/plain' } },
          (() => {
            const m = multipartFile('image', 'a.txt', 'text/plain', Buffer.from('plain text'));
            return { payload: m.payload, headers: { 'content-type': m.contentType } };
          })(),
        )
      : fc.constant(
          (() => {
            const m = multipartFile('image', 'tool.jpg', 'image/jpeg', photo);
            return { payload: m.payload, headers: { 'content-type': m.contentType } };
          })(),
        )
    : json
      ? hostile
        ? fc.oneof(
            hostileValue.map((v) => ({
              payload: JSON.stringify(v),
              headers: { 'content-type': 'application/json' },
            })),
            fc.constantFrom(
              { payload: '{"unterminated', headers: { 'content-type': 'application/json' } },
              { payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
            ),
          )
        : validArbitrary(json, hints).map((v) => ({
            payload: JSON.stringify(v),
            headers: { 'content-type': 'application/json' },
          }))
      : fc.constant({ headers: {} });
  return fc
    .record({
      path: fc.record(pathArbs),
      query: fc.record(queryArbs, { requiredKeys: hostile ? [] : required }),
      body: bodyArb,
      // A write from another site's page: the Origin check refuses it (403).
      origin: hostile ? fc.option(fc.constant('https://evil.example'), { freq: 3 }) : fc.constant(null),
    })
    .map(({ path: values, query, body: b, origin }) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(String(values[name])),
      );
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) {
        if (v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v])
          qs.append(k, typeof one === 'string' ? one : JSON.stringify(one));
      }
      const search = qs.toString();
      const headers = origin ? { ...b.headers, origin } : b.headers;
      return { method, url: search ? `${filled}?${search}` : filled, payload: b.payload, headers };
    });
}

/** Reads first, then writes, deletions and the sign-out last: a run keeps its accounts as long as it can. */
const order = (o: DocumentedOperation) =>
  (o.path.startsWith('/api/auth/') ? 10 : 0) +
  (o.path === '/api/auth/sign-out' ? 10 : 0) +
  ({ GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 }[o.method] ?? 3);

describe('every operation of the OpenAPI document', () => {
  it('answers only what the document describes: signed out, as a buyer and as an admin, valid and hostile', async () => {
    const check = answerChecker(doc);
    const problems: string[] = [];
    const succeeded = new Set<string>();
    const operations = operationsOf(doc).sort((a, b) => order(a) - order(b));
    expect(operations.length).toBeGreaterThan(50);
    const identities = [
      { who: 'signed out', email: '', ip: '10.44.1.1' },
      { who: 'buyer', email: BUYER, ip: '10.44.1.2' },
      { who: 'admin', email: ADMIN, ip: '10.44.1.3' },
    ];
    for (const [n, identity] of identities.entries()) {
      const client = new Client(shop.app, shop.config.publicUrl, identity.ip);
      if (identity.email) expect((await client.signIn(identity.email)).statusCode).toBe(200);
      for (const operation of operations) {
        for (const hostile of [false, true]) {
          // Valid calls start with the plainest: the required query only.
          const calls = hostile
            ? fc.sample(callArbitrary(operation, identity.email, 'hostile'), {
                seed: SEED + n,
                numRuns: HOSTILE_RUNS,
              })
            : [
                ...fc.sample(callArbitrary(operation, identity.email, 'plain'), {
                  seed: SEED + n,
                  numRuns: 1,
                }),
                ...fc.sample(callArbitrary(operation, identity.email, 'valid'), {
                  seed: SEED + n,
                  numRuns: VALID_RUNS - 1,
                }),
              ];
          for (const call of calls) {
            const res = await client.request({
              method: call.method as 'GET',
              url: call.url,
              headers: call.headers,
              ...(call.payload !== undefined ? { payload: call.payload } : {}),
            });
            const name = `${identity.who}: ${call.method} ${call.url.slice(0, 160)}${hostile ? ' (hostile)' : ''}`;
            problems.push(...check(name, operation.op, res));
            if (res.statusCode < 300) succeeded.add(`${operation.method} ${operation.path}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The valid calls reach real things: most operations answer a success at least once.
    expect(succeeded.size).toBeGreaterThan(operations.length / 2);
  }, 300_000); // a limit for a hang: a few seconds on a quiet machine, minutes on a shared one
});
