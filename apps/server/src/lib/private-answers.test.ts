import * as addressBookApi from '@kanna/shared/api/address-book';
import * as addressesApi from '@kanna/shared/api/addresses';
import * as auditApi from '@kanna/shared/api/audit';
import * as catalogApi from '@kanna/shared/api/catalog';
import * as companiesApi from '@kanna/shared/api/companies';
import { type Endpoint, urlOf } from '@kanna/shared/api/endpoint';
import * as ordersApi from '@kanna/shared/api/orders';
import * as paymentsApi from '@kanna/shared/api/payments';
import * as reviewsApi from '@kanna/shared/api/reviews';
import * as shopApi from '@kanna/shared/api/shop';
import * as shopAdminApi from '@kanna/shared/api/shop-admin';
import * as usersApi from '@kanna/shared/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, startTestShop, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { placeOrder, signedIn } from '../test/shopping';

/**
 * What the server answers a signed-in caller about their account, their orders or the shop's
 * back office is theirs alone: no cache on the way (a proxy, the browser's disk) may keep it.
 * Every endpoint whose contract is not public says so (`Cache-Control: private, no-store`),
 * refusals included; the public reads keep the caching they had.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let orderId = '';
let entryId = '';
let toolId = '';
let companyId = '';
const ADMIN = 'private-answers-admin@kanna.example';
const BUYER = 'private-answers-buyer@kanna.example';

beforeAll(async () => {
  shop = await startTestShop({ env: { ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000' } });
  admin = await signedIn(shop, '10.70.0.1', 'Private Admin', ADMIN);
  buyer = await signedIn(shop, '10.70.0.2', 'Private Buyer', BUYER);
  toolId = (await addTool(shop, { minQuantity: 1, available: 10, priceCents: 1000 }))._id;
  orderId = await placeOrder(buyer, toolId, 1);
  entryId = (
    await buyer.post('/api/address-book', {
      label: 'Shop',
      kind: 'delivery',
      recipient: 'Private Buyer',
      phone: '03-1234-5678',
      country: 'US',
      line1: '1 Main Street',
      city: 'Springfield',
    })
  ).json()._id;
  // The buyer owns an approved company: its reads (the owner's included) answer them.
  companyId = (
    await buyer.post('/api/companies', {
      name: 'Private Company',
      billingAddress: '1 Main Street',
      billingEmail: BUYER,
    })
  ).json().id;
  await admin.patch(`/api/companies/${companyId}`, {
    status: 'approved',
    terms: { closingDay: 25, creditLimit: 1000, currency: 'USD', language: 'en' },
  });
});
afterAll(() => shop?.close());

const contracts = [
  addressBookApi,
  addressesApi,
  auditApi,
  catalogApi,
  companiesApi,
  ordersApi,
  paymentsApi,
  reviewsApi,
  shopApi,
  shopAdminApi,
  usersApi,
].flatMap((module) =>
  Object.values(module).filter(
    (value): value is Endpoint => typeof value === 'object' && value !== null && 'access' in value,
  ),
);

/** A contract's URL with real parameters: the buyer's order or address-book entry, the tool, the buyer's address. */
const urlFor = (contract: Endpoint) =>
  urlOf(contract.path, {
    id: contract.path.startsWith('/api/address-book/')
      ? entryId
      : contract.path.startsWith('/api/companies/')
        ? companyId
        : orderId,
    email: BUYER,
    kind: 'proforma',
    code: '1040061',
  });

describe('Cache-Control on private answers', () => {
  it('marks every signed-in read private, no-store: order desk, admin lists, audit, settings, cart, profile', async () => {
    const reads = contracts.filter((c) => c.method === 'GET' && c.access !== 'public');
    expect(reads.length).toBeGreaterThanOrEqual(15);
    for (const contract of reads) {
      // The buyer's own reads as the buyer; the back office as the admin.
      const caller = contract.access === 'admin' ? admin : buyer;
      const url =
        contract.path === '/api/handTools/:id/stock' ? `/api/handTools/${toolId}/stock` : urlFor(contract);
      const res = await caller.get(url);
      // A shop without bank details answers the transfer instructions 409: still the caller's.
      expect(res.statusCode, url).toBe(url.endsWith('/transfer') ? 409 : 200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('marks the answers of changes and refusals on private endpoints the same way', async () => {
    const saved = await buyer.put('/api/cart', { lines: [{ toolId, quantity: 1 }] });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    const visitor = new Client(shop.app, shop.config.publicUrl, '10.70.0.3');
    const unauthenticated = await visitor.get('/api/cart');
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('private, no-store');
    const forbidden = await buyer.get('/api/audit');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('private, no-store');
    const invalid = await admin.get('/api/audit?cursor=x');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('private, no-store');
  });

  it("marks the account's own answers from the sign-in service (the session) private, no-store", async () => {
    const session = await buyer.get('/api/auth/get-session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(BUYER);
    expect(session.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves the public reads cached as before', async () => {
    const tools = await buyer.get('/api/handTools');
    expect(tools.statusCode).toBe(200);
    expect(tools.headers['cache-control']).toBe('no-cache');
    expect(tools.headers.etag).toBeTruthy();
    const postal = await shop.app.inject('/api/postal-codes/1040061');
    expect(postal.headers['cache-control']).toBe('public, max-age=86400');
  });
});
