import sharp from 'sharp';
import { expect } from 'vitest';
import type { Mailer } from '../modules/mail/mailer';
import { addTool, captureMailer, signUpVerified, startTestShop, type TestShop } from './harness';
import { Client } from './http';
import { multipartFile } from './multipart';

/**
 * What many tests do on the way to what they test: a shop whose owner is an admin, a picture
 * uploaded, a card that pays. Each is done as a person would, through the API.
 */

/** The test card that always pays (a past expiry or another number is each test's own). */
const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } as const;

/**
 * A shop whose ADMIN_EMAILS are `admins`, its mail kept by `mailer` (a new capturing one unless
 * given), sign-ups allowed 1,000 a minute from one address; `env` adds to or changes its settings.
 */
export function startShopFor(
  admins: string,
  env: Record<string, string> = {},
  mailer: Mailer = captureMailer(),
): Promise<TestShop> {
  return startTestShop({ mailer, env: { ADMIN_EMAILS: admins, AUTH_RATE_LIMIT: '1000', ...env } });
}

/** A shop whose ADMIN_EMAILS names `owner@kanna.example` (see `startShopFor`). */
export const startShopWithOwner = () => startShopFor('owner@kanna.example');

/**
 * Someone signed up with a confirmed address, as a client from `ip`: a verified buyer who may
 * order at once, or an admin when the shop's ADMIN_EMAILS names `email`.
 */
export async function signedIn(shop: TestShop, ip: string, name: string, email: string): Promise<Client> {
  const client = new Client(shop.app, shop.config.publicUrl, ip);
  await signUpVerified(shop, client, name, email);
  return client;
}

/** The owner, signed up and confirmed (so an administrator), as a client from `ip`. */
export const ownerSignedIn = (shop: TestShop, ip: string) =>
  signedIn(shop, ip, 'Owner', 'owner@kanna.example');

/** A verified buyer whom `admin` approved, so that a test may hold most of a tool's stock. */
export async function approvedBuyer(shop: TestShop, admin: Client, ip: string, name: string, email: string) {
  const client = await signedIn(shop, ip, name, email);
  await admin.put(`/api/users/${email}/approval`, { approved: true });
  return client;
}

/** A plain JPEG of one colour. */
export function jpegPhoto(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** Uploads `bytes` as the admin's add-product form does; the answer is the test's to read. */
export function uploadImage(c: Client, filename: string, bytes: Buffer, type = 'image/jpeg') {
  const { payload, contentType } = multipartFile('image', filename, type, bytes);
  return c.request({ method: 'POST', url: '/api/media', payload, headers: { 'content-type': contentType } });
}

/**
 * A shop whose owner is signed in as an admin (from `ownerIp`), a visitor (from `visitorIp`), and
 * a picture uploaded (`img`, its address) for the tools the owner adds.
 */
export async function ownerWithPicture(ownerIp: string, visitorIp: string) {
  const shop = await startShopWithOwner();
  const admin = await ownerSignedIn(shop, ownerIp);
  const anon = new Client(shop.app, shop.config.publicUrl, visitorIp);
  const up = await uploadImage(admin, 'tool.jpg', await jpegPhoto(800, 600, '#a06030'));
  expect(up.statusCode).toBe(201);
  return { shop, admin, anon, img: up.json().data.url as string };
}

/** Sends the test card (or another's `card` fields) for the intent whose secret is `clientSecret`. */
export function confirmCard(
  c: Client,
  clientSecret: string,
  card: { cardNumber?: string; expiry?: string; cvc?: string } = {},
) {
  return c.post('/api/test-payments/confirm', { clientSecret, ...TEST_CARD, ...card });
}

/** Pays `orderId` as the payment page does in test mode: an intent, the card, then the browser's report. */
export async function payByCard(c: Client, orderId: string) {
  const { clientSecret } = (await c.post('/api/create-payment-intent', { orderId })).json();
  const card = await confirmCard(c, clientSecret);
  expect(card.statusCode).toBe(200);
  const paid = await c.request({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    payload: { transactionId: card.json().transactionId },
  });
  expect(paid.json()).toMatchObject({ status: 'paid' });
  return paid;
}

/** The shop's account as the tests' settings give it. */
export const SHOP_BANK = {
  bankName: 'Mizuho Bank',
  branch: 'Kuramae',
  accountType: 'Ordinary',
  accountNumber: '1234567',
  accountHolder: 'Kanna Tools K.K.',
  swift: 'MHCBJPJT',
} as const;

/**
 * The settings of a shop that issues documents, as its settings form sends them: a legal name and
 * an address in Tokyo, a registration number, its bank, 10 % Japanese tax, one rate to everywhere,
 * 7 days to pay by transfer and ¥150 to the dollar; `over` changes any of them.
 */
export const documentSettings = <Over extends Record<string, unknown>>(over: Over = {} as Over) => ({
  legalName: 'Kanna Tools K.K.',
  address: '1-2-3 Kuramae, Taito-ku\nTokyo 111-0051',
  registrationNumber: 'T1234567890123',
  bank: { ...SHOP_BANK, accountNumber: '7654321' },
  tax: { enabled: true, ratePercent: 10, country: 'JP' },
  shippingZones: [{ name: 'Everywhere', countries: 'rest-of-world', rate: 15, freeFrom: null }],
  transferHoldDays: 7,
  yenPerDollar: 150,
  ...over,
});

/** Places a one-line order (delivered in Ginza, Tokyo unless `address` says); it must be taken (201): its id. */
export async function placeOrder(c: Client, toolId: string, quantity: number, address = '1-1 Ginza, Tokyo') {
  const res = await c.post('/api/order', {
    toolId,
    quantity,
    phone: '0312345678',
    address,
  });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId as string;
}

/** A card order of `quantity` of one tool (delivered in Chuo-ku, Tokyo), placed and paid by `c`: its id. */
export async function paidCardOrder(c: Client, toolId: string, quantity: number): Promise<string> {
  const res = await c.post('/api/order', {
    lines: [{ toolId, quantity }],
    phone: '0312345678',
    address: '1-1 Ginza, Chuo-ku, Tokyo',
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().insertedId as string;
  await payByCard(c, id);
  return id;
}

type ToolFields = Parameters<typeof addTool>[1];

/** A tool on sale (`fields`) with these volume breaks, each `[from quantity, price in cents]`. */
const withBreaks = (shop: TestShop, fields: ToolFields, ...breaks: [number, number][]) =>
  addTool(shop, {
    ...fields,
    volumePrices: breaks.map(([minQuantity, priceCents]) => ({ minQuantity, priceCents })),
  });

/** A chisel on sale at $10, $9 from 100 and $8 from 500 pieces; minimum 20, 2,000 in stock. */
export const tieredChisel = (shop: TestShop) =>
  withBreaks(shop, { minQuantity: 20, available: 2000, priceCents: 1000 }, [100, 900], [500, 800]);

/** Where the tests' quote buyers have their goods delivered: Ginza, Tokyo. */
export const tokyoDelivery = { phone: '0312345678', address: '1-1 Ginza, Chuo-ku, Tokyo', country: 'JP' };

/** `c` accepts quote `id`: by bank transfer, delivered in Tokyo, unless `body` says otherwise. */
export const acceptQuote = (c: Client, id: string, body: object = {}, headers: Record<string, string> = {}) =>
  c.post(`/api/quotes/${id}/accept`, { paymentMethod: 'transfer', ...tokyoDelivery, ...body }, headers);

/**
 * Each call signs up one more verified buyer: the nth from `${net}.n`, named `${name} n`, at
 * `${stem}.n@kanna.example` (`shop` is read at the call, so the series can be made before it starts).
 */
export function buyerSeries(shop: () => TestShop, net: string, name: string, stem: string) {
  let n = 0;
  return () => {
    n++;
    return signedIn(shop(), `${net}.${n}`, `${name} ${n}`, `${stem}.${n}@kanna.example`);
  };
}

/** Saves the shop's settings as `admin`; they must be taken (200): the settings as saved. */
export async function saveSettings(admin: Client, body: object) {
  const res = await admin.put('/api/shop-settings', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The settings of a shop in Tokyo whose buyers in Japan pay in yen, at ¥150 to the dollar, with
 * 10 % tax on a delivery in Japan; `over` adds to or changes any of them.
 */
export const yenInJapan = (over: Record<string, unknown> = {}) => ({
  legalName: 'Kanna Tools K.K.',
  address: '1-2-3 Kuramae, Tokyo',
  tax: { enabled: true, ratePercent: 10, country: 'JP' },
  yenPerDollar: 150,
  yenCountries: ['JP'],
  ...over,
});

/** A plane at $12.35, $11 from 10 and $10 from 50 pieces, 1,000 in stock: its id. */
export async function planeWithBreaks(shop: TestShop, over: Partial<ToolFields> = {}) {
  const plane = { minQuantity: 1, available: 1000, priceCents: 1235, ...over };
  return (await withBreaks(shop, plane, [10, 1100], [50, 1000]))._id;
}

/** A plane sold in packs of 6 (at least 6) at $54.50, $49 from 24 and $44 from 120, 600 in stock. */
export function planeInPacks(shop: TestShop, over: Partial<ToolFields> = {}) {
  const plane = { minQuantity: 6, available: 600, priceCents: 5450, packSize: 6, ...over };
  return withBreaks(shop, plane, [24, 4900], [120, 4400]);
}

/**
 * What the admin's add-product form sends for a flat smoothing plane (Hira Kanna 48 mm, $54.50,
 * 5 to 60 an order) shown with the picture at `img`; `over` changes or adds to any of it.
 */
export const planeProduct = (img: string, over: object = {}) => ({
  productName: 'Hira Kanna 48 mm',
  description: 'A flat-sole smoothing plane.',
  kind: 'plane',
  minQuantity: 5,
  maxQuantity: 60,
  perPrice: 54.5,
  img,
  ...over,
});

/**
 * A shop with its owner signed in as an admin, a verified buyer (Customer) and a visitor, each
 * a client from `${net}.1`, `.2` and `.3`.
 */
export async function ownerBuyerAndVisitor(net: string) {
  const shop = await startShopWithOwner();
  const admin = await ownerSignedIn(shop, `${net}.1`);
  const customer = await signedIn(shop, `${net}.2`, 'Customer', 'customer@kanna.example');
  const anon = new Client(shop.app, shop.config.publicUrl, `${net}.3`);
  return { shop, admin, customer, anon };
}
