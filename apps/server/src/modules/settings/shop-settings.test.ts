import { messages } from '@kanna/shared';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shopSettingsHistory } from '../../db/schema';
import { addTool, captureMailer, onPostgres, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { SHOP_BANK, signedIn, startShopFor } from '../../test/shopping';

/**
 * The shop settings (docs/rules.md, "Shop settings"): admins only, validated field by field with the shared contract,
 * every change kept with who and when, seen by every instance; and the minimum order value the
 * server holds orders to.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
const mailer = captureMailer();
const ADMIN = 'settings-admin@kanna.example';
const BUYER = 'settings-buyer@kanna.example';

beforeAll(async () => {
  shop = await startShopFor(ADMIN, { MAX_UNPAID_ORDERS: '50' }, mailer);
  admin = await signedIn(shop, '10.31.0.1', 'Sora Settings', ADMIN);
  buyer = await signedIn(shop, '10.31.0.2', 'Bo Buyer', BUYER);
});
afterAll(() => shop?.close());

/** A whole settings object as the form sends it. */
const valid = (over: Record<string, unknown> = {}) => ({
  legalName: 'Kanna Tools K.K.',
  address: '1-2-3 Kuramae\nTaito-ku, Tokyo',
  registrationNumber: 'T1234567890123',
  bank: SHOP_BANK,
  tax: { enabled: true, ratePercent: 10, country: 'JP' },
  shippingZones: [
    { name: 'Japan', countries: ['JP'], rate: 12, freeFrom: 500 },
    { name: 'Asia', countries: ['KR', 'TW'], rate: 40, freeFrom: null },
    { name: 'Everywhere else', countries: 'rest-of-world', rate: 90, freeFrom: null },
  ],
  minimumOrder: null,
  transferHoldDays: 7,
  yenPerDollar: 150.25,
  ...over,
});

const put = (c: Client, body: object) => c.put('/api/shop-settings', body);
const minimumShown = async (s = shop) =>
  (await s.app.inject('/api/settings')).json().minimumOrder as number | null;
const fieldErrors = (res: { json(): unknown }) =>
  Object.fromEntries(
    ((res.json() as { errors?: { path: string; message: string }[] }).errors ?? []).map((e) => [
      e.path,
      e.message,
    ]),
  );

describe('GET/PUT /api/shop-settings: who may', () => {
  it('refuses an anonymous caller with 401 and a customer with 403, whatever the body', async () => {
    const anonymous = new Client(shop.app, shop.config.publicUrl, '10.31.0.3');
    for (const res of [await anonymous.get('/api/shop-settings'), await put(anonymous, valid())]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(messages.noUserLoggedIn);
    }
    for (const res of [await buyer.get('/api/shop-settings'), await put(buyer, { legalName: '' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.adminOnly);
    }
    expect((await admin.get('/api/shop-settings')).json().updatedAt).toBeNull();
  });
});

describe('with nothing stored', () => {
  it("answers the defaults: the configuration's name and address, no tax, no zones, no minimum", async () => {
    const res = await admin.get('/api/shop-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: {
        legalName: 'Kanna Tool Works',
        address: '2-14-3 Kanamono-cho, Miki, Hyogo 673-0432, Japan',
        registrationNumber: '',
        bank: { bankName: '', branch: '', accountType: '', accountNumber: '', accountHolder: '', swift: '' },
        tax: { enabled: false, ratePercent: 10, country: 'JP', rounding: 'down' },
        shippingZones: [],
        minimumOrder: null,
        minimumOrderYen: null,
        transferHoldDays: 7,
        yenPerDollar: null,
        yenCountries: [],
      },
      updatedAt: null,
      updatedBy: null,
    });
    expect(await minimumShown()).toBeNull();
  });
});

describe('PUT /api/shop-settings: validation', () => {
  it('names every bad field with its message, and stores nothing', async () => {
    const res = await put(
      admin,
      valid({
        legalName: '  ',
        address: 'x'.repeat(501),
        registrationNumber: 'T123',
        bank: { ...valid().bank, swift: 'ABC' },
        tax: { enabled: true, ratePercent: 101, country: 'XX' },
        minimumOrder: -5,
        transferHoldDays: 0,
        yenPerDollar: 0,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      legalName: messages.legalNameRequired,
      address: messages.textTooLong('address', 500),
      registrationNumber: messages.registrationNumberInvalid,
      'bank.swift': messages.swiftInvalid,
      'tax.ratePercent': messages.taxRateInvalid,
      'tax.country': messages.countryInvalid('XX'),
      minimumOrder: messages.amountInvalid('minimum order value'),
      transferHoldDays: messages.transferHoldDaysInvalid,
      yenPerDollar: messages.yenPerDollarInvalid,
    });
    expect((await admin.get('/api/shop-settings')).json().updatedAt).toBeNull();
  });

  it('takes a registration number as T and 13 digits only (a lower-case t is read as T)', async () => {
    for (const bad of [
      '1234567890123',
      'T123456789012',
      'T12345678901234',
      'T12345678901X3',
      'J1234567890123',
    ]) {
      const res = await put(admin, valid({ registrationNumber: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(fieldErrors(res)).toEqual({ registrationNumber: messages.registrationNumberInvalid });
    }
    const lower = await put(admin, valid({ registrationNumber: ' t9876543210987 ' }));
    expect(lower.statusCode).toBe(200);
    expect(lower.json().settings.registrationNumber).toBe('T9876543210987');
    const none = await put(admin, valid({ registrationNumber: '' }));
    expect(none.json().settings.registrationNumber).toBe('');
  });

  it('refuses a country in two zones, naming the zone that has it, and a second rest-of-world zone', async () => {
    const overlap = await put(
      admin,
      valid({
        shippingZones: [
          { name: 'Japan', countries: ['JP'], rate: 12, freeFrom: null },
          { name: 'East Asia', countries: ['KR', 'jp'], rate: 30, freeFrom: null },
        ],
      }),
    );
    expect(overlap.statusCode).toBe(400);
    expect(fieldErrors(overlap)).toEqual({
      'shippingZones.1.countries': messages.countryInTwoZones('JP', 'Japan'),
    });

    const twoRest = await put(
      admin,
      valid({
        shippingZones: [
          { name: 'World', countries: 'rest-of-world', rate: 90, freeFrom: null },
          { name: 'Also world', countries: 'rest-of-world', rate: 80, freeFrom: null },
        ],
      }),
    );
    expect(fieldErrors(twoRest)).toEqual({ 'shippingZones.1.countries': messages.oneRestOfWorldZone });

    const bad = await put(
      admin,
      valid({ shippingZones: [{ name: '', countries: [], rate: -1, freeFrom: 0 }] }),
    );
    expect(fieldErrors(bad)).toEqual({
      'shippingZones.0.name': messages.zoneNameRequired,
      'shippingZones.0.countries': messages.zoneCountriesRequired,
      'shippingZones.0.rate': messages.shippingRateInvalid,
      'shippingZones.0.freeFrom': messages.amountInvalid('free-from amount'),
    });
  });
});

describe('PUT /api/shop-settings: every change recorded', () => {
  it('keeps each previous value with who changed it and when, and answers who saved last', async () => {
    const before = await shop.database.db
      .select()
      .from(shopSettingsHistory)
      .orderBy(asc(shopSettingsHistory.id));
    const first = await put(admin, valid({ transferHoldDays: 10 }));
    expect(first.statusCode).toBe(200);
    const second = await put(admin, valid({ transferHoldDays: 14 }));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ settings: { transferHoldDays: 14 }, updatedBy: ADMIN });
    expect(Date.parse(second.json().updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await admin.get('/api/shop-settings')).json()).toEqual(second.json());

    const history = await shop.database.db
      .select()
      .from(shopSettingsHistory)
      .orderBy(asc(shopSettingsHistory.id));
    const [a, b] = history.slice(before.length);
    expect(a).toMatchObject({ changedBy: ADMIN, value: { transferHoldDays: 10 } });
    expect(b).toMatchObject({
      changedBy: ADMIN,
      previous: { transferHoldDays: 10 },
      value: { transferHoldDays: 14 },
    });
    expect(b?.changedAt).toBeInstanceOf(Date);
    // The very first save of the file replaced the defaults: nothing was stored before it.
    expect(history[0]?.previous).toBeNull();
  });

  it('records two admins saving at once one after the other: each with the value it replaced', async () => {
    const before = await shop.database.db.select().from(shopSettingsHistory);
    const saves = await Promise.all(
      [21, 22, 23].map((days) => put(admin, valid({ transferHoldDays: days }))),
    );
    for (const res of saves) expect(res.statusCode).toBe(200);
    const added = (
      await shop.database.db.select().from(shopSettingsHistory).orderBy(asc(shopSettingsHistory.id))
    ).slice(before.length);
    expect(added).toHaveLength(3);
    // A chain: each save's previous value is the one saved just before it, whatever order they ran in.
    for (let i = 1; i < added.length; i++) expect(added[i]?.previous).toEqual(added[i - 1]?.value);
    const last = added.at(-1)?.value as { transferHoldDays: number } | undefined;
    expect((await admin.get('/api/shop-settings')).json().settings.transferHoldDays).toBe(
      last?.transferHoldDays,
    );
  });

  it("puts the saved legal name and address in the order mails, instead of the configuration's", async () => {
    await put(admin, valid({ legalName: 'Kanna Hamono K.K.', address: '9-9 Tsukiji\nChuo-ku, Tokyo' }));
    const tool = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 2500 });
    const res = await buyer.post('/api/order', {
      phone: '0312345678',
      address: '2-3 Kanda, Tokyo',
      lines: [{ toolId: tool._id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
    // The confirmation of this order (the buyer also has the sign-up mail).
    const placed = () => mailer.sent.find((m) => m.to === BUYER && / placed$/.test(m.subject));
    await vi.waitFor(() => expect(placed()).toBeDefined());
    const mail = placed();
    expect(mail?.text).toContain('Kanna Hamono K.K.\n9-9 Tsukiji\nChuo-ku, Tokyo');
    expect(mail?.text).not.toContain('Kanna Tool Works');
  });
});

describe('the minimum order value', () => {
  it('refuses an order whose goods total is below it with 400, the minimum and the shortfall; takes one at it', async () => {
    await put(admin, valid({ minimumOrder: 100 }));
    expect(await minimumShown()).toBe(100);
    const tool = await addTool(shop, { minQuantity: 1, available: 1000, priceCents: 1250 }); // $12.50
    const order = (quantity: number) =>
      buyer.post('/api/order', {
        phone: '0312345678',
        address: '2-3 Kanda, Tokyo',
        lines: [{ toolId: tool._id, quantity }],
      });

    const below = await order(7); // $87.50
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(messages.belowMinimumOrder(100, 12.5));
    expect(below.json().message).toBe('The minimum order is $100 (goods total): add $12.50 more to order.');
    // The spec's one-tool body is held to it too.
    const oneTool = await buyer.post('/api/order', {
      phone: '0312345678',
      address: '2-3 Kanda, Tokyo',
      toolId: tool._id,
      quantity: 1,
    });
    expect(oneTool.statusCode).toBe(400);
    expect(oneTool.json().message).toBe(messages.belowMinimumOrder(100, 87.5));
    // Nothing was held for the refused orders.
    expect((await shop.app.inject(`/api/handTools/${tool._id}`)).json().maxQuantity).toBe(1000);

    expect((await order(8)).statusCode).toBe(201); // $100: at the minimum
    expect((await order(9)).statusCode).toBe(201);

    await put(admin, valid({ minimumOrder: null }));
    expect(await minimumShown()).toBeNull();
    expect((await order(1)).statusCode).toBe(201);
  });
});

/** Two instances on one PostgreSQL database: only LISTEN/NOTIFY tells one of the other's save. */
describe.skipIf(!onPostgres())('several server instances on one database', () => {
  it("sees another instance's save: its public minimum and the orders it refuses", async () => {
    const other = await startTestShop({ databaseUrl: shop.databaseUrl });
    try {
      const otherBuyer = new Client(other.app, other.config.publicUrl, '10.31.1.2');
      await otherBuyer.signIn(BUYER);
      const tool = await addTool(shop, { minQuantity: 1, available: 100, priceCents: 1000 });
      const order = () =>
        otherBuyer.post('/api/order', {
          phone: '0312345678',
          address: '2-3 Kanda, Tokyo',
          lines: [{ toolId: tool._id, quantity: 2 }],
        });
      expect(await minimumShown(other)).toBeNull(); // read, so the other instance keeps it
      expect((await order()).statusCode).toBe(201);

      await put(admin, valid({ minimumOrder: 50 }));
      await vi.waitFor(async () => expect(await minimumShown(other)).toBe(50), {
        timeout: 5000,
        interval: 50,
      });
      const refused = await order();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(messages.belowMinimumOrder(50, 30));
    } finally {
      await put(admin, valid({ minimumOrder: null }));
      await other.close();
    }
  });
});
