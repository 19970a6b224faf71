import { readFileSync } from 'node:fs';
import type { Enquiry } from '@kanna/shared';
import { messages } from '@kanna/shared/domain/messages';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries } from '../../db/schema';
import { addTool, startTestShop, type TestShop, verifyEmail } from '../../test/harness';
import { Client } from '../../test/http';
import { signedIn } from '../../test/shopping';

/** The enquiries inbox: new or answered, marked by an admin; the shop's copy answers to the buyer. */
let shop: TestShop;
let admin: Client;
let buyer: Client;
let tool: Awaited<ReturnType<typeof addTool>>;

beforeAll(async () => {
  // Mail goes to DATA_DIR/outbox.mbox, as on a shop without SMTP_URL.
  shop = await startTestShop({
    ownMailer: true,
    env: { ADMIN_EMAILS: 'inbox-admin@kanna.example', AUTH_RATE_LIMIT: '5000' },
  });
  admin = await signedIn(shop, '10.40.0.1', 'Inbox Admin', 'inbox-admin@kanna.example');
  buyer = await signedIn(shop, '10.40.0.2', 'Sato, Aiko', 'aiko@kanna.example');
  tool = await addTool(shop, { minQuantity: 1, available: 10, priceCents: 500, productName: 'Inbox kanna' });
});
afterAll(() => shop?.close());

const patch = (c: Client, id: string, payload: object) =>
  c.request({ method: 'PATCH', url: `/api/enquiries/${id}`, payload });

async function enquire(message: string, quantityWanted = 2): Promise<string> {
  const res = await buyer.post('/api/enquiries', { toolId: tool._id, quantityWanted, message });
  expect(res.statusCode).toBe(201);
  return res.json().insertedId;
}

const messagesOf = (list: Enquiry[]) => list.map((e) => e.message);

/** The outbox's entry that contains `text`, once the mailer has written it. */
async function outboxEntry(text: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    let mbox = '';
    try {
      mbox = readFileSync(shop.config.mail.outboxFile, 'utf8');
    } catch {
      // Not written yet.
    }
    const entry = mbox.split(/^From kanna@localhost .*$/m).find((e) => e.includes(text));
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail with "${text}" in the outbox`);
}

describe('the enquiries inbox', () => {
  it('lists a new enquiry as new, marks it answered with the admin and the time, and filters by state', async () => {
    const first = await enquire('Do you ship to Osaka?');
    const second = await enquire('Can you sharpen them first?');

    const all = (await admin.get('/api/enquiries')).json() as Enquiry[];
    expect(messagesOf(all)).toEqual(['Can you sharpen them first?', 'Do you ship to Osaka?']);
    expect(all[0]).toMatchObject({
      _id: second,
      status: 'new',
      answeredAt: null,
      answeredBy: null,
      name: 'Sato, Aiko',
      email: 'aiko@kanna.example',
      productName: 'Inbox kanna',
      quantityWanted: 2,
      quoteRequest: false,
    });

    const marked = await patch(admin, first, { status: 'answered' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ _id: first, status: 'answered', answeredBy: 'Inbox Admin' });
    const answeredAt = marked.json().answeredAt as string;
    expect(Number.isNaN(Date.parse(answeredAt))).toBe(false);

    const fresh = (await admin.get('/api/enquiries?status=new')).json() as Enquiry[];
    expect(fresh.map((e) => e._id)).toEqual([second]);
    const answered = (await admin.get('/api/enquiries?status=answered')).json() as Enquiry[];
    expect(answered.map((e) => e._id)).toEqual([first]);
    expect(answered[0]).toMatchObject({ status: 'answered', answeredBy: 'Inbox Admin', answeredAt });
    expect(messagesOf((await admin.get('/api/enquiries')).json())).toHaveLength(2);
  });

  it('is idempotent: answered twice keeps the first answer; new again clears it', async () => {
    const id = await enquire('Twice?');
    const once = (await patch(admin, id, { status: 'answered' })).json();
    const twice = await patch(admin, id, { status: 'answered' });
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(once);

    const reopened = await patch(admin, id, { status: 'new' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'new', answeredAt: null, answeredBy: null });
    expect((await patch(admin, id, { status: 'new' })).json()).toEqual(reopened.json());
    const fresh = (await admin.get('/api/enquiries?status=new')).json() as Enquiry[];
    expect(fresh.map((e) => e._id)).toContain(id);
  });

  it('pages the filtered list newest first with a Link to the next page', async () => {
    const ids = [await enquire('Page 1'), await enquire('Page 2'), await enquire('Page 3')];
    const seen: string[] = [];
    let next: string | null = '/api/enquiries?status=new&limit=2';
    while (next) {
      const res = await admin.get(next);
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as Enquiry[]).map((e) => e._id));
      next = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
      if (next) expect(next).toContain('status=new');
    }
    expect(seen.slice(0, 3)).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses a visitor (401), a customer (403), an unknown enquiry (404) and a bad state (400)', async () => {
    const id = await enquire('Who may mark me?');
    const visitor = new Client(shop.app, shop.config.publicUrl, '10.40.0.3');
    expect((await patch(visitor, id, { status: 'answered' })).statusCode).toBe(401);
    expect((await visitor.get('/api/enquiries')).statusCode).toBe(401);
    const refused = await patch(buyer, id, { status: 'answered' });
    expect(refused.statusCode).toBe(403);
    expect((await buyer.get('/api/enquiries?status=new')).statusCode).toBe(403);
    // The refused calls changed nothing.
    const listed = ((await admin.get('/api/enquiries')).json() as Enquiry[]).find((e) => e._id === id);
    expect(listed?.status).toBe('new');

    const missing = await patch(admin, '00000000-0000-4000-8000-000000000000', { status: 'answered' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.notFound('This enquiry'));
    const bad = await patch(admin, id, { status: 'done' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(messages.enquiryStatusInvalid);
    expect((await patch(admin, 'not-an-id', { status: 'answered' })).statusCode).toBe(400);
    expect((await patch(admin, id, {})).statusCode).toBe(400);
    expect((await admin.get('/api/enquiries?status=closed')).statusCode).toBe(400);
  });

  it("mails the shop a copy whose Reply-To is the buyer's name and address", async () => {
    await enquire('Reply to me, please', 7);
    const entry = await outboxEntry('Reply to me, please');
    expect(entry).toMatch(/^To: .*$/m);
    expect(entry).toContain(`To: ${shop.config.shopEmail}`);
    // "Enquiry: 7 × Inbox kanna", encoded as RFC 2047 asks for a header with a non-ASCII character.
    expect(entry).toContain('Subject: =?UTF-8?Q?Enquiry=3A_7_=C3=97_Inbox_kanna?=');
    expect(entry).toMatch(/^Reply-To: "Sato, Aiko" <aiko@kanna\.example>$/m);
  });

  it('refuses an unconfirmed address with 403 and says why, storing and mailing nothing, until it is confirmed', async () => {
    const unconfirmed = new Client(shop.app, shop.config.publicUrl, '10.40.0.4');
    await unconfirmed.signUp('Unconfirmed Ueda', 'ueda@kanna.example');
    const body = { toolId: tool._id, quantityWanted: 3, message: 'Unconfirmed asks' };
    const refused = await unconfirmed.post('/api/enquiries', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.verifyEmailToEnquire);
    unconfirmed.cookies.set('lang', 'ja');
    const inJapanese = await unconfirmed.post('/api/enquiries', body);
    expect(inJapanese.statusCode).toBe(403);
    expect(inJapanese.json().message).toBe(messagesJa.verifyEmailToEnquire);
    const stored = await shop.database.db.select().from(enquiries);
    expect(stored.filter((e) => e.email === 'ueda@kanna.example')).toHaveLength(0);

    // Read from the database, never from a cached session: the next call sees the confirmation.
    await verifyEmail(shop, unconfirmed, 'ueda@kanna.example');
    const sent = await unconfirmed.post('/api/enquiries', { ...body, message: 'Confirmed asks' });
    expect(sent.statusCode).toBe(201);
    await outboxEntry('Confirmed asks');
    expect(readFileSync(shop.config.mail.outboxFile, 'utf8')).not.toContain('Unconfirmed asks');
  });
});
