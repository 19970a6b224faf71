import { randomUUID } from 'node:crypto';
import { messages } from '@kanna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, startTestShop, type TestShop } from '../test/harness';
import { Client } from '../test/http';
import { signedIn } from '../test/shopping';

/**
 * A list's cursor and the admin's dates reach a `timestamptz` in the database: every one of them
 * is checked to be a real instant first (a calendar date, a year the shop can have, a time of
 * day, a real offset), so a forged one is a 400 with a message, never a database error and 500.
 */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let toolId: string;

beforeAll(async () => {
  shop = await startTestShop({ env: { ADMIN_EMAILS: 'paging-admin@kanna.example' } });
  admin = await signedIn(shop, '10.40.0.1', 'Paging Admin', 'paging-admin@kanna.example');
  buyer = await signedIn(shop, '10.40.0.2', 'Paging Buyer', 'paging-buyer@kanna.example');
  toolId = (await addTool(shop, { minQuantity: 1, available: 5, priceCents: 1000 }))._id;
});
afterAll(() => shop?.close());

const cursorOf = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** Instants PostgreSQL refuses (or the shop has no use for), written as a cursor carries them. */
const forgedTimes = {
  'a day the month does not have': '2024-02-30 10:00:00.123456+00',
  'the year 0000': '0000-01-01 00:00:00+00',
  'an offset of +99:99': '2024-01-01 00:00:00+99:99',
  'the hour 24': '2024-01-01 24:00:00+00',
  'an offset of +15:00': '2024-01-01 00:00:00+15',
};

/** Every list that pages by cursor, who may read it, and the key its cursor carries. */
const lists = () => [
  { url: '/api/review', client: new Client(shop.app, shop.config.publicUrl, '10.40.0.3'), key: uuidKey },
  { url: '/api/order/paging-buyer@kanna.example', client: buyer, key: uuidKey },
  { url: '/api/order', client: admin, key: uuidKey },
  { url: '/api/users', client: admin, key: (at: string) => [at, 'someone'] },
  { url: '/api/enquiries', client: admin, key: uuidKey },
  { url: '/api/handTools', client: admin, key: (at: string) => [10, at, toolId] },
];
const uuidKey = (at: string) => [at, randomUUID()];

describe('forged cursors', () => {
  for (const [what, at] of Object.entries(forgedTimes)) {
    it(`answers 400 on every list for a cursor with ${what}`, async () => {
      for (const { url, client, key } of lists()) {
        const res = await client.get(`${url}?cursor=${cursorOf(key(at))}`);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ statusCode: 400, message: messages.cursorInvalid });
      }
    });
  }

  it('still pages with the cursors the lists hand out', async () => {
    await addTool(shop, { minQuantity: 1, available: 5, priceCents: 1000 });
    for (const url of ['/api/handTools?limit=1', '/api/users?limit=1']) {
      const first = await admin.get(url);
      const next = /<([^>]+)>;\s*rel="next"/.exec(String(first.headers.link))?.[1];
      expect(next, url).toBeTruthy();
      expect((await admin.get(String(next))).statusCode, url).toBe(200);
    }
  });
});

describe('forged numeric cursors', () => {
  const numbers = [1.5, 1e300, 2 ** 63, -(2 ** 63), Number.MAX_SAFE_INTEGER + 1];

  it('answers 400 on the audit log for a cursor that is no entry id', async () => {
    for (const n of numbers) {
      const res = await admin.get(`/api/audit?cursor=${cursorOf([n])}`);
      expect(res.statusCode, String(n)).toBe(400);
      expect(res.json(), String(n)).toMatchObject({ statusCode: 400, message: messages.cursorInvalid });
    }
  });

  it("answers 400 on a tool's stock history for a cursor that is no entry id and balance", async () => {
    for (const key of numbers.flatMap((n) => [
      [n, 3],
      [3, n],
    ])) {
      const res = await admin.get(`/api/handTools/${toolId}/stock?cursor=${cursorOf(key)}`);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json(), JSON.stringify(key)).toMatchObject({
        statusCode: 400,
        message: messages.cursorInvalid,
      });
    }
  });

  it('still pages the audit log and the stock history with the cursors they hand out', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await admin.request({
        method: 'PATCH',
        url: `/api/handTools/${toolId}`,
        payload: { maxQuantity: 6 + i },
      });
      expect(res.statusCode).toBe(200);
    }
    for (const url of ['/api/audit?limit=1', `/api/handTools/${toolId}/stock?limit=1`]) {
      const first = await admin.get(url);
      const next = /<([^>]+)>;\s*rel="next"/.exec(String(first.headers.link))?.[1];
      expect(next, url).toBeTruthy();
      expect((await admin.get(String(next))).statusCode, url).toBe(200);
    }
  });
});

describe('forged dates', () => {
  const forgedDates = [
    '0000-01-01',
    '2024-02-30',
    '2023-02-29',
    '1899-12-31',
    '2024-01-01T00:00:00+99:99',
    '2024-01-01T24:00:00Z',
    '2024-01-01T10:60:00Z',
  ];

  for (const url of ['/api/order', '/api/order/export.csv']) {
    it(`answers 400 with a message for a date that is not a real one (${url})`, async () => {
      for (const edge of ['from', 'to'] as const) {
        for (const date of forgedDates) {
          const res = await admin.get(`${url}?${edge}=${encodeURIComponent(date)}`);
          expect(res.statusCode, `${edge}=${date}`).toBe(400);
          expect(res.json().message, `${edge}=${date}`).toBe(messages.dateInvalid(edge));
        }
      }
    });
  }

  it('answers 400 for a date-time whose instant falls after the last year the shop can have', async () => {
    for (const url of ['/api/audit', '/api/order']) {
      for (const edge of ['from', 'to'] as const) {
        for (const date of ['9999-12-31T23:59:59-14:00', '9999-12-31T20:00:00-05:00']) {
          const res = await admin.get(`${url}?${edge}=${encodeURIComponent(date)}`);
          expect(res.statusCode, `${url} ${edge}=${date}`).toBe(400);
          expect(res.json().message, `${url} ${edge}=${date}`).toBe(messages.dateInvalid(edge));
        }
      }
    }
    for (const q of ['to=9999-12-31T23:59:59%2B09:00', 'to=9999-12-31', 'from=1900-01-01T09:00:00%2B09:00']) {
      expect((await admin.get(`/api/audit?${q}`)).statusCode, q).toBe(200);
    }
  });

  it('takes real dates and date-times, a leap day among them', async () => {
    for (const q of [
      'from=2024-02-29',
      'to=2026-11-24T09:30:00%2B09:00',
      'from=2026-11-24T00:00:00.123Z&to=2026-11-24',
    ]) {
      expect((await admin.get(`/api/order?${q}`)).statusCode, q).toBe(200);
    }
  });
});
