import { formatOrderNumber, messages } from '@kanna/shared';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, user } from '../../db/schema';
import {
  addTool,
  addToolByPiece,
  captureMailer,
  signUpVerified,
  startTestShop,
  type TestShop,
} from '../../test/harness';
import { Client } from '../../test/http';
import {
  jpegPhoto,
  payByCard,
  placeOrder as placeOrderIn,
  signedIn,
  startShopFor,
  uploadImage,
} from '../../test/shopping';

/**
 * The audit log (docs/rules.md, "Audit log"): every admin action leaves exactly one entry, in its own
 * transaction, with who did it, what kind, on what, and only the fields it changed; a refused
 * action leaves none; GET /api/audit pages and filters the log for admins; and the database
 * itself refuses to change or remove an entry.
 */
let shop: TestShop;
const ADMIN = 'audit.owner@kanna.example';
const SECOND = 'audit.second@kanna.example';
let admin: Client;
let second: Client;
let customer: Client;
let adminId: string;
let n = 0;

beforeAll(async () => {
  shop = await startTestShop({
    mailer: captureMailer(),
    env: { ADMIN_EMAILS: `${ADMIN},${SECOND}`, AUTH_RATE_LIMIT: '1000' },
  });
  admin = await signedIn(shop, '10.60.0.1', 'Aya Auditor', ADMIN);
  second = await signedIn(shop, '10.60.0.2', 'Ben Second', SECOND);
  customer = await signedIn(shop, '10.60.0.3', 'Chie Customer', 'audit.customer@kanna.example');
  adminId = (await shop.database.db.select().from(user).where(eq(user.email, ADMIN)))[0]?.id ?? '';
  expect(adminId).not.toBe('');
});
afterAll(() => shop?.close());

const lastId = async () =>
  Number(
    (await shop.database.db.select({ max: sql<string>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog))[0]
      ?.max ?? 0,
  );

/** What `action` wrote to the log: every entry added while it ran, oldest first. */
async function entriesOf(action: () => Promise<unknown>) {
  const from = await lastId();
  await action();
  return shop.database.db.select().from(auditLog).where(gt(auditLog.id, from)).orderBy(asc(auditLog.id));
}

/** The one entry `action` wrote, checked to be one and by the first admin. */
async function oneEntryOf(action: () => Promise<{ statusCode: number }>, status = 200) {
  let code = 0;
  const rows = await entriesOf(async () => {
    code = (await action()).statusCode;
  });
  expect(code).toBe(status);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({ actorId: adminId, actorEmail: ADMIN, actorName: 'Aya Auditor' });
  return row as typeof auditLog.$inferSelect;
}

async function newCustomer() {
  n++;
  const c = new Client(shop.app, shop.config.publicUrl, `10.61.0.${n}`);
  const email = `audit.person.${n}@kanna.example`;
  await signUpVerified(shop, c, `Person ${n}`, email);
  const id = (await shop.database.db.select().from(user).where(eq(user.email, email)))[0]?.id;
  return { c, email, id };
}

const placeOrder = (c: Client, toolId: string, quantity = 2) => placeOrderIn(c, toolId, quantity);

const pay = payByCard;

const numberOf = async (orderId: string) =>
  formatOrderNumber(
    (await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.number ?? 0,
  );

describe('each admin action leaves exactly one entry', () => {
  it('promote, approve, demote and delete an account', async () => {
    const { email, id } = await newCustomer();
    const promoted = await oneEntryOf(() => admin.put(`/api/users/admin/${email}`));
    expect(promoted).toMatchObject({
      kind: 'user.promote',
      targetType: 'user',
      targetId: id,
      targetLabel: email,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    // Promoting an admin again changes nothing, and so records nothing.
    expect(await entriesOf(() => admin.put(`/api/users/admin/${email}`))).toHaveLength(0);

    const demoted = await oneEntryOf(() => admin.delete(`/api/users/admin/${email}`));
    expect(demoted).toMatchObject({
      kind: 'user.demote',
      targetId: id,
      before: { role: 'admin' },
      after: { role: 'user' },
    });

    const approved = await oneEntryOf(() => admin.put(`/api/users/${email}/approval`, { approved: true }));
    expect(approved).toMatchObject({
      kind: 'user.approve',
      targetLabel: email,
      before: { approved: false },
      after: { approved: true },
    });

    const deleted = await oneEntryOf(() => admin.delete(`/api/users/${email}`));
    expect(deleted).toMatchObject({
      kind: 'user.delete',
      targetId: id,
      targetLabel: email,
      before: { name: expect.stringMatching(/^Person /), role: 'user' },
      after: null,
    });
  });

  it('create, update (price and stock) and archive a product', async () => {
    const up = await uploadImage(admin, 'plane.jpg', await jpegPhoto(400, 300, '#b07040'));
    expect(up.statusCode).toBe(201);
    let toolId = '';
    const created = await oneEntryOf(async () => {
      const res = await admin.post('/api/handTools', {
        productName: 'Hira Kanna 48 mm',
        description: 'A flat-sole smoothing plane.',
        kind: 'plane',
        minQuantity: 5,
        maxQuantity: 50,
        perPrice: 54.5,
        img: up.json().data.url,
      });
      toolId = res.json().insertedId;
      return res;
    }, 201);
    expect(created).toMatchObject({
      kind: 'product.create',
      targetType: 'product',
      targetId: toolId,
      targetLabel: 'Hira Kanna 48 mm',
      before: null,
      after: {
        productName: 'Hira Kanna 48 mm',
        perPrice: 54.5,
        available: 50,
        minQuantity: 5,
        kind: 'plane',
      },
    });

    const updated = await oneEntryOf(() =>
      admin.request({
        method: 'PATCH',
        url: `/api/handTools/${toolId}`,
        payload: {
          perPrice: 56,
          maxQuantity: 60,
          loadedMaxQuantity: 50,
          description: 'A flat-sole smoothing plane.',
        },
      }),
    );
    // Only what changed: the description was sent as it was.
    expect(updated).toMatchObject({
      kind: 'product.update',
      targetId: toolId,
      targetLabel: 'Hira Kanna 48 mm',
    });
    expect(updated.before).toEqual({ perPrice: 54.5, available: 50 });
    expect(updated.after).toEqual({ perPrice: 56, available: 60 });

    const archived = await oneEntryOf(() => admin.delete(`/api/handTools/${toolId}`));
    expect(archived).toMatchObject({
      kind: 'product.archive',
      targetId: toolId,
      before: { onSale: true },
      after: { onSale: false },
    });
  });

  it('ship, cancel and note an order', async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 50, priceCents: 1250 });
    const { c } = await newCustomer();
    const paidId = await placeOrder(c, tool._id);
    await pay(c, paidId);
    const number = await numberOf(paidId);

    const noted = await oneEntryOf(
      () => admin.post(`/api/orders/${paidId}/notes`, { text: 'Gift wrap' }),
      201,
    );
    expect(noted).toMatchObject({
      kind: 'order.note',
      targetType: 'order',
      targetId: paidId,
      targetLabel: number,
      before: null,
      after: { note: 'Gift wrap' },
    });

    const shipped = await oneEntryOf(() =>
      admin.request({
        method: 'PATCH',
        url: `/api/order/${paidId}/ship`,
        payload: { carrier: 'Yamato', trackingNumber: '1234-5678-9012' },
      }),
    );
    expect(shipped).toMatchObject({
      kind: 'order.ship',
      targetLabel: number,
      before: { status: 'paid' },
      after: { status: 'shipped', carrier: 'Yamato', trackingNumber: '1234-5678-9012' },
    });

    const unpaidId = await placeOrder(c, tool._id);
    const cancelledUnpaid = await oneEntryOf(() =>
      admin.post(`/api/orders/${unpaidId}/cancel`, { reason: 'Duplicate order' }),
    );
    expect(cancelledUnpaid).toMatchObject({
      kind: 'order.cancel',
      targetId: unpaidId,
      targetLabel: await numberOf(unpaidId),
      before: { status: 'unpaid' },
      after: { status: 'cancelled', reason: 'Duplicate order' },
    });

    const paidAgain = await placeOrder(c, tool._id);
    await pay(c, paidAgain);
    const cancelledPaid = await oneEntryOf(() =>
      admin.post(`/api/orders/${paidAgain}/cancel`, { reason: 'Cannot ship there' }),
    );
    expect(cancelledPaid).toMatchObject({
      kind: 'order.cancel',
      targetId: paidAgain,
      before: { status: 'paid' },
      after: { status: 'cancelled', reason: 'Cannot ship there' },
    });
    // Cancelling it again changes nothing, and records nothing.
    expect(
      await entriesOf(() => admin.post(`/api/orders/${paidAgain}/cancel`, { reason: 'Again' })),
    ).toHaveLength(0);
  });

  it("an admin's DELETE of someone's order and edit of someone's profile; the owner's own record nothing", async () => {
    const tool = await addTool(shop, { minQuantity: 1, available: 50, priceCents: 1250 });
    const { c, email, id } = await newCustomer();
    const own = await placeOrder(c, tool._id);
    expect(await entriesOf(() => c.delete(`/api/order/${own}`))).toHaveLength(0);

    const theirs = await placeOrder(c, tool._id);
    const deleted = await oneEntryOf(() => admin.delete(`/api/order/${theirs}`));
    expect(deleted).toMatchObject({
      kind: 'order.cancel',
      targetId: theirs,
      targetLabel: await numberOf(theirs),
      before: { status: 'unpaid' },
      after: { status: 'cancelled' },
    });

    const profile = { phone: '0312345678', district: 'Chuo', city: 'Osaka' };
    const ownEdit = await entriesOf(async () => {
      expect((await c.put(`/api/users/${email}`, profile)).statusCode).toBe(200);
    });
    expect(ownEdit).toHaveLength(0);
    const edited = await oneEntryOf(() =>
      admin.put(`/api/users/${email}`, { ...profile, city: 'Kyoto', district: 'Kita' }),
    );
    expect(edited).toMatchObject({
      kind: 'user.update',
      targetType: 'user',
      targetId: id,
      targetLabel: email,
    });
    expect(edited.before).toEqual({ district: 'Chuo', city: 'Osaka' });
    expect(edited.after).toEqual({ city: 'Kyoto', district: 'Kita' });
  });

  it('remove a review and mark an enquiry', async () => {
    const review = await shop.services.reviews.create({
      name: 'Aiko Mori',
      description: 'Sharp out of the box.',
      rating: 5,
    });
    const removed = await oneEntryOf(() =>
      admin.request({ method: 'DELETE', url: `/api/review/${review._id}`, payload: { reason: 'Spam' } }),
    );
    expect(removed).toMatchObject({
      kind: 'review.remove',
      targetType: 'review',
      targetId: review._id,
      targetLabel: expect.stringContaining('Aiko Mori'),
      before: { shown: true },
      after: { shown: false, reason: 'Spam' },
    });

    const tool = await addToolByPiece(shop, 'Kiridashi', { available: 5, priceCents: 1000 });
    const asked = await customer.post('/api/enquiries', {
      toolId: tool._id,
      quantityWanted: 2,
      message: 'Left-handed?',
    });
    expect(asked.statusCode).toBe(201);
    const enquiryId = asked.json().insertedId ?? asked.json().id;
    const mark = (status: string) =>
      admin.request({ method: 'PATCH', url: `/api/enquiries/${enquiryId}`, payload: { status } });
    const answered = await oneEntryOf(() => mark('answered'));
    expect(answered).toMatchObject({
      kind: 'enquiry.status',
      targetType: 'enquiry',
      targetId: enquiryId,
      targetLabel: 'Kiridashi — audit.customer@kanna.example',
      before: { status: 'new' },
      after: { status: 'answered' },
    });
    expect(await entriesOf(() => mark('answered'))).toHaveLength(0);
    expect(await oneEntryOf(() => mark('new'))).toMatchObject({
      before: { status: 'answered' },
      after: { status: 'new' },
    });
  });

  it('save the shop settings', async () => {
    const { settings } = (await admin.get('/api/shop-settings')).json();
    const saved = await oneEntryOf(() => admin.put('/api/shop-settings', { ...settings, minimumOrder: 25 }));
    expect(saved).toMatchObject({
      kind: 'settings.update',
      targetType: 'settings',
      before: { minimumOrder: null },
      after: { minimumOrder: 25 },
    });
  });
});

describe('a refused action leaves no entry', () => {
  it('a customer is refused (403), the last admin kept (409), a missing target (404)', async () => {
    const { email } = await newCustomer();
    const tool = await addTool(shop, { minQuantity: 1, available: 5, priceCents: 1000 });
    const refused = await entriesOf(async () => {
      expect((await customer.put(`/api/users/admin/${email}`)).statusCode).toBe(403);
      expect(
        (
          await customer.request({
            method: 'PATCH',
            url: `/api/handTools/${tool._id}`,
            payload: { perPrice: 1 },
          })
        ).statusCode,
      ).toBe(403);
      expect((await customer.delete(`/api/handTools/${tool._id}`)).statusCode).toBe(403);
      expect((await admin.delete(`/api/users/admin/nobody@kanna.example`)).statusCode).toBe(404);
    });
    expect(refused).toHaveLength(0);

    // With one administrator left, taking the role away is a 409 and leaves nothing.
    const lone = await startShopFor('lone@kanna.example');
    try {
      const only = await signedIn(lone, '10.62.0.1', 'Lone Admin', 'lone@kanna.example');
      // The one entry is ADMIN_EMAILS' grant of the role, when the address was confirmed.
      expect(await lone.database.db.$count(auditLog)).toBe(1);
      const res = await only.delete('/api/users/admin/lone@kanna.example');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(messages.lastAdminRoleKept);
      expect(await lone.database.db.$count(auditLog)).toBe(1);
    } finally {
      await lone.close();
    }
  });
});

describe('GET /api/audit', () => {
  const list = async (c: Client, query = '') => {
    const res = await c.get(`/api/audit${query}`);
    return { status: res.statusCode, body: res.json(), link: String(res.headers.link ?? '') };
  };

  it('is for admins only', async () => {
    expect((await list(customer)).status).toBe(403);
    expect(
      (await new Client(shop.app, shop.config.publicUrl, '10.60.0.9').get('/api/audit')).statusCode,
    ).toBe(401);
  });

  it('pages newest first, and filters by admin, kind and dates', async () => {
    // The second admin leaves two entries of their own.
    const tool = await addToolByPiece(shop, 'Paging Saw', { available: 5, priceCents: 1000 });
    for (const price of [11, 12]) {
      const res = await second.request({
        method: 'PATCH',
        url: `/api/handTools/${tool._id}`,
        payload: { perPrice: price },
      });
      expect(res.statusCode).toBe(200);
    }
    const everything = await list(admin, '?limit=100');
    expect(everything.status).toBe(200);
    const ids = (everything.body as { id: number }[]).map((e) => e.id);
    expect(ids.length).toBeGreaterThan(10);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(everything.body[0]).toMatchObject({
      kind: 'product.update',
      actor: { email: SECOND, name: 'Ben Second' },
      target: { type: 'product', id: tool._id, label: 'Paging Saw' },
      before: { perPrice: 11 },
      after: { perPrice: 12 },
    });

    // Page by page, following the Link header: every entry once, in the same order.
    const paged: number[] = [];
    let url: string | undefined = '/api/audit?limit=3';
    while (url) {
      const res = await admin.get(url);
      expect(res.statusCode).toBe(200);
      paged.push(...(res.json() as { id: number }[]).map((e) => e.id));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(paged).toEqual(ids);

    const bySecond = await list(admin, `?actor=${encodeURIComponent(SECOND.toUpperCase())}`);
    expect((bySecond.body as { actor: { email: string } }[]).map((e) => e.actor.email)).toEqual([
      SECOND,
      SECOND,
    ]);
    const byId = await list(admin, `?actor=${adminId}`);
    // Besides the second admin's two entries, ADMIN_EMAILS granted both admins their role.
    expect(byId.body.length).toBe(ids.length - 2 - 2);
    expect((byId.body as { actor: { id: string } }[]).every((e) => e.actor.id === adminId)).toBe(true);

    const promotions = await list(admin, '?kind=user.promote');
    // The admin's one promotion, and ADMIN_EMAILS' grants to the two admins when they confirmed.
    expect(
      (promotions.body as { kind: string; actor: { id: string } }[]).map((e) => [e.kind, e.actor.id]),
    ).toEqual([
      ['user.promote', adminId],
      ['user.promote', 'ADMIN_EMAILS'],
      ['user.promote', 'ADMIN_EMAILS'],
    ]);

    // Dates: a plain date is a whole day in the shop's time zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: shop.config.shop.timeZone }).format(
      new Date(),
    );
    expect((await list(admin, `?from=${today}&to=${today}&limit=100`)).body.length).toBe(ids.length);
    expect((await list(admin, '?to=2020-01-01')).body).toEqual([]);
    expect((await list(admin, '?from=2999-01-01')).body).toEqual([]);
    const at = everything.body[1].at as string;
    const upTo = await list(admin, `?to=${encodeURIComponent(at)}&limit=100`);
    expect((upTo.body as { id: number }[]).map((e) => e.id)).toEqual(ids.slice(1));
  });

  it('answers a bad filter or cursor with 400 and a message', async () => {
    const kind = await list(admin, '?kind=product.melt');
    expect(kind.status).toBe(400);
    expect(kind.body.message).toContain(messages.auditKindUnknown);
    const day = await list(admin, '?from=2026-02-30');
    expect(day.status).toBe(400);
    expect(day.body.message).toContain(messages.dateInvalid('from'));
    const cursor = await list(admin, '?cursor=not-ours');
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toBe(messages.cursorInvalid);
  });
});

describe('the log cannot be changed', () => {
  it('the database refuses UPDATE and DELETE on audit_log, and still takes an INSERT', async () => {
    const { db } = shop.database;
    const [first] = await db.select().from(auditLog).orderBy(asc(auditLog.id)).limit(1);
    expect(first).toBeDefined();
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (err: { message?: string; cause?: { message?: string } }) => err.cause?.message ?? err.message,
      );
    const refused = 'audit_log entries cannot be changed or deleted';
    expect(
      await refusal(
        db
          .update(auditLog)
          .set({ actorName: 'Someone else' })
          .where(eq(auditLog.id, first?.id ?? 0)),
      ),
    ).toContain(refused);
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.id, first?.id ?? 0)))).toContain(refused);
    expect(await refusal(db.execute(sql`delete from audit_log`))).toContain(refused);
    const [still] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, first?.id ?? 0));
    expect(still).toEqual(first);
    // A restore loads entries with INSERT (backup/backup.ts): that stays allowed.
    const before = await db.$count(auditLog);
    await db.insert(auditLog).values({
      actorId: 'x',
      actorName: 'Restored',
      actorEmail: 'restored@kanna.example',
      kind: 'order.note',
      targetType: 'order',
      targetId: 'y',
      targetLabel: 'K-000001',
      before: null,
      after: { note: 'restored' },
    });
    expect(await db.$count(auditLog)).toBe(before + 1);
  });
});
