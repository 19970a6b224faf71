import { messages } from '@kanna/shared/domain/messages';
import { messagesJa } from '@kanna/shared/domain/messages-ja';
import type { Order } from '@kanna/shared/orders';
import type { Quote, QuoteRequest } from '@kanna/shared/quotes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyMembers, orders, quotes, user } from '../../db/schema';
import { addTool, captureMailer, onPostgres, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { pdfText } from '../../test/pdf';
import { acceptQuote, documentSettings, signedIn, startShopFor, tokyoDelivery } from '../../test/shopping';
import { availableOf, ledgerOf, ledgerSumOf } from '../../test/stock';
import { quoteAnswers } from './quotes.answers';

/**
 * Quotes (見積書, docs/orders.md, "Quotes"): the shop answers a buyer with a quote, which holds its
 * stock when it says so; the buyer accepts it into an order at the quoted prices (the held stock
 * taken once) or declines it; the shop withdraws it; the scheduler expires it.
 */
let shop: TestShop;
const mailer = captureMailer();
let admin: Client;
let buyer: Client;
let other: Client;
let plane: string;
let saw: string;
const ADMIN = 'quotes43-admin@kanna.example';
const BUYER = 'quote.buyer@kanna.example';
const OTHER = 'quote.other@kanna.example';
const inJapanese = { 'accept-language': 'ja' };
/** Accept against expiry: more rounds where the two really run at once (PostgreSQL's connections). */
const ROUNDS = onPostgres() ? 10 : 3;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  shop = await startShopFor(ADMIN, { MAX_UNPAID_VALUE: '100000' }, mailer);
  admin = await signedIn(shop, '10.47.0.1', 'Quote Desk', ADMIN);
  buyer = await signedIn(shop, '10.47.0.2', 'Mori Aiko', BUYER);
  other = await signedIn(shop, '10.47.0.3', 'Other Buyer', OTHER);
  expect((await admin.put('/api/shop-settings', documentSettings())).statusCode).toBe(200);
  plane = (
    await addTool(shop, {
      productName: 'Quoted plane',
      productNameJa: '見積かんな',
      minQuantity: 1,
      available: 40,
      priceCents: 10_000,
    })
  )._id;
  saw = (
    await addTool(shop, { productName: 'Quoted saw', minQuantity: 1, available: 100, priceCents: 2_500 })
  )._id;
});
afterAll(() => shop?.close());

const available = (id: string) => availableOf(shop, id);
const ledger = (id: string) => ledgerOf(shop, id);
const ledgerSum = (id: string) => ledgerSumOf(shop, id);

/** A quote made by the admin for BUYER (or `to`): 201, its id. */
async function makeQuote(over: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await admin.post(
    '/api/quotes',
    {
      buyerEmail: BUYER,
      lines: [{ toolId: plane, quantity: 10, unitPrice: 85 }],
      shippingPrice: 20,
      validUntil: inAnHour(),
      holdsStock: true,
      note: 'Valid for the spring order.',
      ...over,
    },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; number: string };
}

const accept = acceptQuote;

/** The mail captured for `to` whose text contains `text`, once the mailer has it. */
async function mailTo(to: string, text: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = mailer.sent.find((m) => m.to === to && m.text.includes(text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} with "${text}"`);
}

/** A refusal's key and its text in each language. */
async function refusedWith(res: Awaited<ReturnType<Client['post']>>, status: number, key: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().key).toBe(key);
}

describe('making a quote', () => {
  it('numbers it QT-, holds its stock (ledger reason quote), records it in the audit log and mails the buyer its link', async () => {
    const before = await available(plane);
    const made = await makeQuote();
    expect(made.number).toMatch(/^QT-\d{4}-\d{6}$/);
    expect(await available(plane)).toBe((before ?? 0) - 10);
    expect((await ledger(plane)).at(-1)).toBe('quote -10');
    expect(await ledgerSum(plane)).toBe(await available(plane));

    const quote = (await buyer.get(`/api/quotes/${made._id}`)).json() as Quote;
    expect(quote).toMatchObject({
      number: made.number,
      buyerEmail: BUYER,
      currency: 'USD',
      lines: [
        { toolId: plane, productName: 'Quoted plane', quantity: 10, unitPrice: 8_500, listPrice: 10_000 },
      ],
      goodsTotal: 85_000,
      shippingPrice: 2_000,
      holdsStock: true,
      state: 'open',
      orderId: null,
      createdBy: 'Quote Desk',
      note: 'Valid for the spring order.',
    });

    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'quote.create'), eq(auditLog.targetId, made._id)));
    expect(entry).toMatchObject({ targetLabel: made.number, actorEmail: ADMIN });

    const mail = await mailTo(BUYER, made.number);
    expect(mail.subject).toBe(`Your quote ${made.number}`);
    expect(mail.text).toContain('10 × Quoted plane at $85.00 each');
    expect(mail.text).toContain('Shipping: $20.00');
    expect(mail.text).toContain(`${shop.config.publicUrl}/dashboard/quotes/${made._id}`);
    expect(mail.text).toContain('We hold the stock for you until then.');
  });

  it('mails a buyer with no language of their own in the language the shop wrote it in, with the Japanese names', async () => {
    const made = await makeQuote({ buyerEmail: OTHER, holdsStock: false }, inJapanese);
    const mail = await mailTo(OTHER, made.number);
    expect(mail.subject).toBe(`お見積書 ${made.number} のご案内`);
    expect(mail.text).toContain('見積かんな × 10（単価 $85.00）');
    expect(mail.text).toContain(`/dashboard/quotes/${made._id}`);
  });

  it('refuses a past valid-until time, unit prices of zero or with a third decimal, and yen with decimals (400), in both languages', async () => {
    const body = {
      buyerEmail: BUYER,
      lines: [{ toolId: plane, quantity: 1, unitPrice: 10 }],
      validUntil: inAnHour(),
      holdsStock: false,
    };
    const past = await admin.post('/api/quotes', {
      ...body,
      validUntil: new Date(Date.now() - 60_000).toISOString(),
    });
    await refusedWith(past, 400, 'quoteValidUntilPast');
    expect(past.json().message).toBe(messages.quoteValidUntilPast);
    const pastJa = await admin.post(
      '/api/quotes',
      { ...body, validUntil: new Date(Date.now() - 60_000).toISOString() },
      inJapanese,
    );
    expect(pastJa.json().message).toBe(messagesJa.quoteValidUntilPast);

    for (const unitPrice of [0, -5, 1.234]) {
      const res = await admin.post('/api/quotes', {
        ...body,
        lines: [{ toolId: plane, quantity: 1, unitPrice }],
      });
      expect(res.statusCode, String(unitPrice)).toBe(400);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ path: 'lines.0.unitPrice', message: messages.quoteUnitPriceInvalid }),
      );
    }
    const yen = await admin.post(
      '/api/quotes',
      { ...body, currency: 'JPY', lines: [{ toolId: plane, quantity: 1, unitPrice: 1500.5 }] },
      inJapanese,
    );
    expect(yen.statusCode).toBe(400);
    expect(yen.json().errors).toContainEqual(
      expect.objectContaining({ path: 'lines.0.unitPrice', message: messagesJa.quoteUnitYenInvalid }),
    );
    const shipping = await admin.post('/api/quotes', { ...body, shippingPrice: 1.999 });
    expect(shipping.statusCode).toBe(400);
  });

  it('refuses (409) a holding quote for more than is in stock or more than half of it, and takes nothing', async () => {
    const before = await available(saw);
    const more = await admin.post('/api/quotes', {
      buyerEmail: BUYER,
      lines: [{ toolId: saw, quantity: (before ?? 0) + 1, unitPrice: 20 }],
      validUntil: inAnHour(),
      holdsStock: true,
    });
    await refusedWith(more, 409, 'quoteNotInStock');
    const half = await admin.post(
      '/api/quotes',
      {
        buyerEmail: BUYER,
        lines: [{ toolId: saw, quantity: 60, unitPrice: 20 }],
        validUntil: inAnHour(),
        holdsStock: true,
      },
      inJapanese,
    );
    await refusedWith(half, 409, 'overHalfOfStock');
    expect(half.json().message).toContain('確保できるのは');
    expect(await available(saw)).toBe(before);
  });

  it('answers 401 signed out, 403 to a buyer making or withdrawing one, 400 for an unknown buyer', async () => {
    const body = {
      buyerEmail: BUYER,
      lines: [{ toolId: saw, quantity: 1, unitPrice: 1 }],
      validUntil: inAnHour(),
      holdsStock: false,
    };
    const anon = new Client(shop.app, shop.config.publicUrl, '10.47.0.9');
    expect((await anon.post('/api/quotes', body)).statusCode).toBe(401);
    expect((await anon.get('/api/quotes')).statusCode).toBe(401);
    expect((await buyer.post('/api/quotes', body)).statusCode).toBe(403);
    const made = await makeQuote({ holdsStock: false });
    expect((await buyer.post(`/api/quotes/${made._id}/withdraw`)).statusCode).toBe(403);
    const unknown = await admin.post('/api/quotes', { ...body, buyerEmail: 'nobody@kanna.example' });
    await refusedWith(unknown, 400, 'noSuchBuyer');
  });
});

describe('the quote as a document (見積書)', () => {
  it('is issued in the QT- series under the quote’s number, in the buyer’s language, for its buyer and admins only', async () => {
    const made = await makeQuote(
      { buyerEmail: OTHER, shippingPrice: undefined, holdsStock: true },
      inJapanese,
    );
    const path = `/api/documents/${made.number}.pdf`;
    const res = await other.get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('見積書');
    expect(text).toContain(made.number);
    expect(text).toContain('見積かんな');
    expect(text).toContain('$850.00');
    expect(text).toContain('有効期限まで在庫を確保しております。');
    expect(text).toContain('送料は、ご承諾時にお届け先の送料規定により加算いたします。');
    const english = await pdfText((await admin.get(`${path}?lang=en`)).rawPayload);
    expect(english.text).toContain('Quotation');
    expect(english.text).toContain('Valid until');
    expect((await admin.get(path)).rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await buyer.get(path)).statusCode).toBe(404);
  });
});

describe('answering a request for a quote', () => {
  it('marks the request answered (no longer among the open ones), and refuses another buyer’s request', async () => {
    const asked = await buyer.post('/api/quote-requests', { lines: [{ toolId: saw, quantity: 4 }] });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json()._id as string;
    const wrong = await admin.post('/api/quotes', {
      requestId,
      buyerEmail: OTHER,
      lines: [{ toolId: saw, quantity: 4, unitPrice: 20 }],
      validUntil: inAnHour(),
      holdsStock: false,
    });
    await refusedWith(wrong, 400, 'notFound');
    await makeQuote({ requestId, lines: [{ toolId: saw, quantity: 4, unitPrice: 20 }], holdsStock: false });
    const mine = (await buyer.get('/api/quote-requests/mine')).json() as { _id: string; status: string }[];
    expect(mine.find((r) => r._id === requestId)?.status).toBe('answered');
  });

  /** A request for a saw, answered by a quote for it: both ids. */
  async function answered(over: Record<string, unknown> = {}) {
    const asked = await buyer.post('/api/quote-requests', { lines: [{ toolId: saw, quantity: 2 }] });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json()._id as string;
    const made = await makeQuote({
      requestId,
      lines: [{ toolId: saw, quantity: 2, unitPrice: 21 }],
      holdsStock: false,
      ...over,
    });
    return { requestId, quote: made };
  }
  const inInbox = async (requestId: string) =>
    ((await admin.get('/api/quote-requests')).json() as QuoteRequest[]).find((r) => r._id === requestId);
  const answerAgain = (requestId: string) =>
    admin.post('/api/quotes', {
      requestId,
      buyerEmail: BUYER,
      lines: [{ toolId: saw, quantity: 2, unitPrice: 19 }],
      validUntil: inAnHour(),
      holdsStock: false,
    });

  it('answers a request once while its quote is open: a second answer is refused (409), saying so in both languages', async () => {
    const { requestId, quote } = await answered();
    expect(await inInbox(requestId)).toMatchObject({
      status: 'answered',
      quote: { _id: quote._id, number: quote.number, state: 'open' },
    });
    const again = await answerAgain(requestId);
    await refusedWith(again, 409, 'quoteRequestNotOpen');
    expect(again.json().message).toBe(messages.quoteRequestNotOpen);
    const againJa = await admin.post(
      '/api/quotes',
      {
        requestId,
        buyerEmail: BUYER,
        lines: [{ toolId: saw, quantity: 2, unitPrice: 19 }],
        validUntil: inAnHour(),
        holdsStock: false,
      },
      inJapanese,
    );
    expect(againJa.json().message).toBe(messagesJa.quoteRequestNotOpen);
  });

  it('puts the request back in the inbox, open, when its quote is withdrawn: answered again, it shows the new quote', async () => {
    const { requestId, quote } = await answered();
    expect((await admin.post(`/api/quotes/${quote._id}/withdraw`)).statusCode).toBe(200);
    expect(await inInbox(requestId)).toMatchObject({
      status: 'open',
      quote: { _id: quote._id, state: 'withdrawn' },
    });
    const mine = (await buyer.get('/api/quote-requests/mine')).json() as QuoteRequest[];
    expect(mine.find((r) => r._id === requestId)?.status).toBe('open');
    const again = await answerAgain(requestId);
    expect(again.statusCode, again.body).toBe(201);
    expect(await inInbox(requestId)).toMatchObject({
      status: 'answered',
      quote: { _id: again.json()._id, number: again.json().number, state: 'open' },
    });
  });

  it('closes the request, with its quote’s fate, when the quote is declined or expires (before the scheduler too); it is not answered again', async () => {
    const declined = await answered();
    expect((await buyer.post(`/api/quotes/${declined.quote._id}/decline`)).statusCode).toBe(200);
    expect(await inInbox(declined.requestId)).toMatchObject({
      status: 'closed',
      quote: { _id: declined.quote._id, state: 'declined' },
    });
    await refusedWith(await answerAgain(declined.requestId), 409, 'quoteRequestNotOpen');

    const lapsed = await answered();
    await shop.database.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, lapsed.quote._id));
    expect(await inInbox(lapsed.requestId)).toMatchObject({
      status: 'closed',
      quote: { _id: lapsed.quote._id, state: 'expired' },
    });
    await shop.services.quoteAnswers.expireLapsed();
    expect(await inInbox(lapsed.requestId)).toMatchObject({ status: 'closed', quote: { state: 'expired' } });
  });
});

describe('reading quotes', () => {
  it('shows a buyer’s quote to the owner of their company, who cannot accept it for them', async () => {
    const owner = await signedIn(shop, '10.47.0.6', 'Member Owner', 'quote.member.owner@kanna.example');
    const member = await signedIn(shop, '10.47.0.7', 'Company Member', 'quote.member@kanna.example');
    const applied = await owner.post('/api/companies', {
      name: 'Quote Members Co',
      billingAddress: '4-5-6 Kuramae, Taito-ku, Tokyo',
      billingEmail: 'quote.member.owner@kanna.example',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const [row] = await shop.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'quote.member@kanna.example'));
    // The member as an accepted invitation leaves them (the invitation's own flow is the companies module's).
    await shop.database.db
      .insert(companyMembers)
      .values({ userId: row?.id ?? '', companyId: applied.json().id, role: 'buyer' });
    const made = await makeQuote({ buyerEmail: 'quote.member@kanna.example', holdsStock: false });
    expect((await owner.get(`/api/quotes/${made._id}`)).statusCode).toBe(200);
    expect((await member.get(`/api/quotes/${made._id}`)).statusCode).toBe(200);
    expect((await accept(owner, made._id)).statusCode).toBe(404);
    expect((await other.get(`/api/quotes/${made._id}`)).statusCode).toBe(404);
  });

  it('shows a quote to its buyer and admins, 404 to another buyer; lists a buyer their own and an admin all', async () => {
    const mine = await makeQuote({ holdsStock: false });
    const theirs = await makeQuote({ buyerEmail: OTHER, holdsStock: false });
    expect((await other.get(`/api/quotes/${mine._id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/quotes/${mine._id}`)).statusCode).toBe(200);
    expect(
      (await other.post(`/api/quotes/${mine._id}/accept`, { paymentMethod: 'transfer', ...tokyoDelivery }))
        .statusCode,
    ).toBe(404);
    expect((await other.post(`/api/quotes/${mine._id}/decline`)).statusCode).toBe(404);
    const listed = ((await buyer.get('/api/quotes')).json() as Quote[]).map((q) => q._id);
    expect(listed).toContain(mine._id);
    expect(listed).not.toContain(theirs._id);
    const all = ((await admin.get('/api/quotes')).json() as Quote[]).map((q) => q._id);
    expect(all).toEqual(expect.arrayContaining([mine._id, theirs._id]));
  });
});

describe('accepting a quote', () => {
  it('places the order at the quoted prices and shipping, tax by the server, paid by transfer, taking the held stock once', async () => {
    const made = await makeQuote({
      lines: [{ toolId: plane, quantity: 4, unitPrice: 72.5 }],
      shippingPrice: 12,
    });
    const held = await available(plane);
    const res = await accept(buyer, made._id, { poNumber: 'PO-7781' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    expect(order).toMatchObject({
      status: 'unpaid',
      paymentMethod: 'transfer',
      currency: 'USD',
      quantity: 4,
      perPrice: 72.5,
      totalPrice: 290,
      shippingPrice: 12,
      // 10 % Japanese tax on goods and shipping, computed by the server.
      taxPrice: 30.2,
      amountDue: 332.2,
      poNumber: 'PO-7781',
    });
    // The stock held by the quote became the order's: taken once.
    expect(await available(plane)).toBe(held);
    expect((await ledger(plane)).slice(-2)).toEqual(['quote 4', 'order -4']);
    expect(await ledgerSum(plane)).toBe(await available(plane));
    const quote = (await buyer.get(`/api/quotes/${made._id}`)).json() as Quote;
    expect(quote).toMatchObject({ state: 'accepted', orderId: order._id });
    expect((await buyer.get(`/api/orders/${order._id}`)).statusCode).toBe(200);

    const again = await accept(buyer, made._id);
    await refusedWith(again, 409, 'quoteAccepted');
    expect(again.json().message).toBe(messages.quoteAccepted);
    const againJa = await accept(buyer, made._id, {}, inJapanese);
    expect(againJa.json().message).toBe(messagesJa.quoteAccepted);
  });

  it('takes the stock on accept for a quote that holds none, and a card order waits for its card payment', async () => {
    const made = await makeQuote({
      lines: [{ toolId: saw, quantity: 3, unitPrice: 19.99 }],
      holdsStock: false,
    });
    const before = await available(saw);
    const res = await accept(buyer, made._id, { paymentMethod: 'card' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'unpaid', paymentMethod: 'card', perPrice: 19.99 });
    expect(await available(saw)).toBe((before ?? 0) - 3);
  });

  it('places an order on account for a buyer whose company has terms, at the quoted price', async () => {
    const owner = await signedIn(shop, '10.47.0.5', 'Account Owner', 'quote.owner@kanna.example');
    const applied = await owner.post('/api/companies', {
      name: 'Quote Account Co',
      billingAddress: '1-2-3 Kuramae, Taito-ku, Tokyo',
      billingEmail: 'quote.owner@kanna.example',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const approved = await admin.patch(`/api/companies/${applied.json().id}`, {
      status: 'approved',
      terms: { closingDay: 20, creditLimit: 10_000, currency: 'USD', language: 'en' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const made = await makeQuote({
      buyerEmail: 'quote.owner@kanna.example',
      lines: [{ toolId: saw, quantity: 5, unitPrice: 18 }],
    });
    const res = await accept(owner, made._id, { paymentMethod: 'account' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'on_account',
      paymentMethod: 'account',
      perPrice: 18,
      totalPrice: 90,
    });
  });

  it('leaves the quote open and its stock held when the order is refused (on account, with no company terms)', async () => {
    const made = await makeQuote({ lines: [{ toolId: plane, quantity: 2, unitPrice: 80 }] });
    const held = await available(plane);
    const res = await accept(buyer, made._id, { paymentMethod: 'account' });
    await refusedWith(res, 400, 'onAccountNotAllowed');
    expect(((await buyer.get(`/api/quotes/${made._id}`)).json() as Quote).state).toBe('open');
    expect(await available(plane)).toBe(held);
  });
});

describe('closing a quote', () => {
  it('gives the stock back when the buyer declines; accepting then is refused saying so', async () => {
    const before = await available(plane);
    const made = await makeQuote({ lines: [{ toolId: plane, quantity: 3, unitPrice: 90 }] });
    expect(await available(plane)).toBe((before ?? 0) - 3);
    const res = await buyer.post(`/api/quotes/${made._id}/decline`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ _id: made._id, state: 'declined' });
    expect(await available(plane)).toBe(before);
    expect((await ledger(plane)).slice(-2)).toEqual(['quote -3', 'quote 3']);
    await refusedWith(await accept(buyer, made._id), 409, 'quoteDeclined');
    await refusedWith(await buyer.post(`/api/quotes/${made._id}/decline`), 409, 'quoteDeclined');
  });

  it('gives the stock back when the shop withdraws it, in the audit log; accepting then is refused in both languages', async () => {
    const before = await available(plane);
    const made = await makeQuote({ lines: [{ toolId: plane, quantity: 2, unitPrice: 90 }] });
    const res = await admin.post(`/api/quotes/${made._id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await available(plane)).toBe(before);
    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'quote.withdraw'), eq(auditLog.targetId, made._id)));
    expect(entry).toMatchObject({ targetLabel: made.number, after: { state: 'withdrawn' } });
    const refused = await accept(buyer, made._id);
    await refusedWith(refused, 409, 'quoteWithdrawn');
    expect(refused.json().message).toBe(messages.quoteWithdrawn);
    expect((await accept(buyer, made._id, {}, inJapanese)).json().message).toBe(messagesJa.quoteWithdrawn);
    await refusedWith(await admin.post(`/api/quotes/${made._id}/withdraw`), 409, 'quoteWithdrawn');
  });

  it('reads expired once past its time, refuses accepting it, and the scheduler gives its stock back', async () => {
    const before = await available(plane);
    const made = await makeQuote({ lines: [{ toolId: plane, quantity: 5, unitPrice: 90 }] });
    await shop.database.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, made._id));
    expect(((await buyer.get(`/api/quotes/${made._id}`)).json() as Quote).state).toBe('expired');
    const refused = await accept(buyer, made._id, {}, inJapanese);
    await refusedWith(refused, 409, 'quoteExpired');
    expect(refused.json().message).toBe(messagesJa.quoteExpired);
    expect(await available(plane)).toBe((before ?? 0) - 5);

    expect(await shop.services.quoteAnswers.expireLapsed()).toBeGreaterThanOrEqual(1);
    expect(await available(plane)).toBe(before);
    const [row] = await shop.database.db.select().from(quotes).where(eq(quotes.id, made._id));
    expect(row?.state).toBe('expired');
    expect(await ledgerSum(plane)).toBe(await available(plane));
    // Run again, nothing more goes back.
    await shop.services.quoteAnswers.expireLapsed();
    expect(await available(plane)).toBe(before);
  });
});

describe('accepting and expiring at once', () => {
  it('lets exactly one win, round after round: the order with the stock taken once, or the stock back', async () => {
    // A scheduler whose clock is past every quote's time, beside the buyer's accept on the real one.
    const late = quoteAnswers({
      db: shop.database.db,
      mailer,
      log: shop.app.log,
      publicUrl: shop.config.publicUrl,
      timeZone: shop.config.shop.timeZone,
      maxUnpaidOrders: shop.config.maxUnpaidOrders,
      maxUnpaidValueCents: shop.config.maxUnpaidValueCents,
      wholeSettings: async () => (await shop.services.shopSettings.get()).settings,
      orders: shop.services.orders,
      stockChanged: async () => {},
      now: () => new Date(Date.now() + 2 * 3_600_000),
    });
    // The quotes the tests before left open are expired first: each round then races one quote.
    await late.expireLapsed();
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const before = await available(saw);
      const made = await makeQuote({ lines: [{ toolId: saw, quantity: 2, unitPrice: 15 }] });
      const [res, expired] = await Promise.all([accept(buyer, made._id), late.expireLapsed()]);
      const [row] = await shop.database.db.select().from(quotes).where(eq(quotes.id, made._id));
      const placed = await shop.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, row?.orderId ?? '00000000-0000-0000-0000-000000000000'));
      if (res.statusCode === 201) {
        outcomes.add('accepted');
        expect(expired).toBe(0);
        expect(row).toMatchObject({ state: 'accepted', orderId: res.json()._id });
        expect(placed).toHaveLength(1);
        expect(await available(saw)).toBe((before ?? 0) - 2);
      } else {
        outcomes.add('expired');
        await refusedWith(res, 409, 'quoteExpired');
        expect(expired).toBe(1);
        expect(row).toMatchObject({ state: 'expired', orderId: null });
        expect(await available(saw)).toBe(before);
      }
      expect(await ledgerSum(saw)).toBe(await available(saw));
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
