import { randomUUID } from 'node:crypto';
import type { Language } from '@kanna/shared/domain/languages';
import { DEFAULT_PAGE_SIZE } from '@kanna/shared/domain/limits';
import { says } from '@kanna/shared/domain/messages';
import { type Currency, toMinor, yenFromCents } from '@kanna/shared/domain/money';
import {
  findQuoteMove,
  type QuoteActor,
  type QuoteMoveName,
  type QuoteState,
  quoteStateAt,
} from '@kanna/shared/domain/order-state';
import type { Said } from '@kanna/shared/domain/translation';
import type { Order } from '@kanna/shared/orders';
import type { AcceptQuoteForm, CreateQuoteForm, Quote, QuotesQuery } from '@kanna/shared/quotes';
import { type ShopSettingsFields, shopIdentity } from '@kanna/shared/shop-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError, type FieldError, fieldError, fieldsRefused, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import type { Page } from '../../lib/paging';
import { issueQuote } from '../archive/issue';
import { recordAudit } from '../audit/audit.service';
import { pricedToolIn } from '../catalog/priced-tool';
import type { DocumentModel } from '../documents/model';
import type { Mailer } from '../mail/mailer';
import type { Quoted } from '../orders/orders.placing';
import { type AnswersTx, type QuoteWhole, answersRepository as repo } from './quotes.answers.repository';
import { quoteMadeMail } from './quotes.mail';
import { quotesRepository as requests } from './quotes.repository';

export type QuoteAnswersDeps = {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  timeZone: string;
  maxUnpaidOrders: number;
  maxUnpaidValueCents: number;
  /** The shop's settings as they are now: the yen rate, and the legal name, address and bank its PDF prints. */
  wholeSettings: () => Promise<ShopSettingsFields>;
  /** The orders module's placing path and order view, which a quote's order goes through. */
  orders: {
    placeQuoted(
      caller: SessionUser,
      input: AcceptQuoteForm,
      quoted: Quoted,
      language: Language,
    ): Promise<string>;
    get(id: string, caller: SessionUser): Promise<Order>;
  };
  /** The catalogue's cached stock is read again. */
  stockChanged: () => Promise<void>;
  now?: () => Date;
};

/** Quotes a scheduler run expires at most (the next run takes the rest). */
const EXPIRE_BATCH = 100;

/** Why a quote in `state` can no longer be moved: said to whoever tried. */
const closedSaid = (state: QuoteState): Said => {
  switch (state) {
    case 'accepted':
      return says.quoteAccepted;
    case 'declined':
      return says.quoteDeclined;
    case 'withdrawn':
      return says.quoteWithdrawn;
    default:
      return says.quoteExpired;
  }
};

const view = ({ row, lines }: QuoteWhole, now: Date): Quote => ({
  _id: row.id,
  number: row.number,
  requestId: row.requestId,
  buyerName: row.buyerName,
  buyerEmail: row.buyerEmail,
  currency: row.currency,
  lines: lines.map((l) => ({
    toolId: l.toolId,
    productName: l.productName,
    productNameJa: l.productNameJa,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    listPrice: l.listPrice,
  })),
  goodsTotal: lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0),
  shippingPrice: row.shippingPrice,
  validUntil: row.validUntil.toISOString(),
  note: row.note,
  holdsStock: row.holdsStock,
  state: quoteStateAt(row, now),
  orderId: row.orderId,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

type Buyer = NonNullable<Awaited<ReturnType<typeof repo.buyerByEmail>>>;
type QuotedLine = { productName: string; productNameJa: string | null; quantity: number; unitPrice: number };

/**
 * The quote as its document (見積書) shows it in `language`: to the buyer as their profile names
 * them, its lines at the quoted prices, shipping (none: the rates' when accepted), no tax (the
 * order's, when accepted), valid until its time. Its number is given when it is issued.
 */
function quoteDocument(
  quote: {
    currency: Currency;
    shippingPrice: number | null;
    validUntil: Date;
    note: string | null;
    holdsStock: boolean;
  },
  lines: readonly QuotedLine[],
  buyer: Buyer,
  shop: { settings: ShopSettingsFields; timeZone: string; at: Date },
  language: Language,
): DocumentModel {
  const goodsCents = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const shippingCents = quote.shippingPrice ?? 0;
  const { settings } = shop;
  return {
    kind: 'quote',
    orderNumber: '',
    placedAt: shop.at,
    issuedAt: shop.at,
    holdUntil: quote.validUntil,
    paidAt: null,
    shipment: null,
    buyer: {
      name: buyer.name,
      email: buyer.email,
      phone: buyer.phone ?? '',
      address: buyer.address ?? '',
      country: buyer.address ? (buyer.country ?? '') : '',
      company: buyer.company,
      department: buyer.department,
    },
    lines: lines.map((l) => ({
      name: (language === 'ja' && l.productNameJa) || l.productName,
      quantity: l.quantity,
      unitCents: l.unitPrice,
    })),
    currency: quote.currency,
    goodsCents,
    shippingCents,
    taxCents: 0,
    taxRateBp: 0,
    taxTreatment: 'none',
    amountDueCents: goodsCents + shippingCents,
    paymentMethod: 'transfer',
    payments: [],
    note: quote.note,
    holdsStock: quote.holdsStock,
    shippingLater: quote.shippingPrice === null,
    shop: {
      ...shopIdentity(settings, language),
      registrationNumber: settings.registrationNumber,
      bank: settings.bank,
      yenPerDollar: settings.yenPerDollar,
    },
    timeZone: shop.timeZone,
  };
}

/**
 * Quotes (見積書, docs/orders.md, "Quotes"): the shop's answer for one buyer, which the buyer
 * accepts into an order at its prices, or declines; the shop withdraws it, the scheduler expires
 * it. A holding quote takes its stock when made and gives it back when it closes; accepted, the
 * order takes it instead, in the same transaction. Each move is one guarded update (the quote
 * table of the order-state module): of two at once, exactly one wins.
 */
export function quoteAnswers(deps: QuoteAnswersDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The lines as quoted, judged on the tools locked now: each a tool on sale, priced in `currency`
   * (its list price beside the quoted one). A holding quote also needs its pieces in stock, no
   * line over half of the stock (counting what unpaid orders and holding quotes hold), and the
   * buyer within their unpaid caps counting it as one more unpaid order — unless an admin
   * approved the buyer, as for orders.
   */
  async function judged(
    tx: AnswersTx,
    input: CreateQuoteForm,
    buyer: { id: string; approved: boolean },
    yenPerDollar: number | null,
  ) {
    const { currency } = input;
    if (currency === 'JPY' && yenPerDollar === null)
      throw fieldError('invalid', 'currency', says.quoteNoYenPrice);
    const pricing = { currency, yenPerDollar };
    const found = new Map(
      (
        await repo.lockTools(
          tx,
          input.lines.map((l) => l.toolId),
        )
      ).map((t) => [t.id, t]),
    );
    const held = input.holdsStock && !buyer.approved ? await repo.heldOf(tx, [...found.keys()]) : new Map();
    const problems: FieldError[] = [];
    const lines = input.lines.flatMap((line, position) => {
      const tool = found.get(line.toolId);
      if (!tool || tool.archived) {
        problems.push({ path: `lines.${position}.toolId`, said: says.toolNotForSale });
        return [];
      }
      const path = `lines.${position}.quantity`;
      if (input.holdsStock && tool.available < line.quantity)
        problems.push({ path, said: says.quoteNotInStock(tool.productName, tool.available) });
      else if (input.holdsStock && !buyer.approved) {
        const stock = tool.available + (held.get(tool.id) ?? 0);
        if (2 * line.quantity > stock)
          problems.push({ path, said: says.overHalfOfStock(tool.productName, Math.floor(stock / 2)) });
      }
      return [
        {
          position,
          toolId: tool.id,
          productName: tool.productName,
          productNameJa: tool.productNameJa,
          quantity: line.quantity,
          unitPrice: toMinor(line.unitPrice, currency),
          listPrice: pricedToolIn(tool, pricing, null)?.price ?? 0,
        },
      ];
    });
    const [first, ...others] = problems;
    if (first) throw fieldsRefused('conflict', [first, ...others]);
    if (input.holdsStock && !buyer.approved) {
      const unpaid = await repo.unpaidOf(tx, buyer.id, currency);
      const goods = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
      const cap =
        currency === 'JPY' && yenPerDollar
          ? yenFromCents(deps.maxUnpaidValueCents, yenPerDollar)
          : deps.maxUnpaidValueCents;
      if (unpaid.count >= deps.maxUnpaidOrders || unpaid.value + goods > cap)
        throw fieldError('conflict', 'holdsStock', says.quoteHoldsTooMuch);
    }
    return lines;
  }

  /**
   * Moves quote `id` by `move` as `by` in one transaction: the guarded update, then the stock a
   * holding quote held back on sale. Refused (409, saying why) when it is no longer open.
   */
  async function close(id: string, move: QuoteMoveName, by: QuoteActor, guard: { userId?: string } = {}) {
    const at = now();
    const moved = await db.transaction(async (tx) => {
      const row = await repo.move(tx, id, move, {
        ...guard,
        ...(by === 'scheduler' ? { lapsedBy: at } : { validAfter: at }),
      });
      if (!row) return null;
      // A withdrawn quote's request goes back to the inbox, open, to be answered again.
      await requests.afterQuoteMove(tx, id, row.requestId, move);
      if (row.holdsStock) {
        const { lines } = (await repo.byId(tx, id)) ?? { lines: [] };
        await repo.lockTools(
          tx,
          lines.flatMap((l) => (l.toolId ? [l.toolId] : [])),
        );
        await repo.moveStock(tx, id, lines, 1);
      }
      return row;
    });
    if (moved?.holdsStock) await deps.stockChanged();
    return moved;
  }

  /** The quote `id` as `caller` may read it (its buyer, their company's owner, an admin), else 404. */
  async function readable(id: string, caller: SessionUser): Promise<QuoteWhole> {
    const found = await repo.byId(db, id);
    if (!found) throw notFound('This quote');
    const { userId } = found.row;
    if (caller.role === 'admin' || userId === caller.id) return found;
    if (userId && (await repo.ownsCompanyOf(db, caller.id, userId))) return found;
    throw notFound('This quote');
  }

  /** The quote `id` that `caller` is the buyer of (404 otherwise), refused (409) once it is closed. */
  async function ownOpen(id: string, caller: SessionUser, move: QuoteMoveName): Promise<QuoteWhole> {
    const found = await repo.byId(db, id);
    if (!found || found.row.userId !== caller.id) throw notFound('This quote');
    const state = quoteStateAt(found.row, now());
    if (!findQuoteMove(move, state, 'buyer')) throw new AppError('conflict', closedSaid(state));
    return found;
  }

  /** Why `id` did not move when its guarded update found it closed: its state now. */
  async function refusedMove(id: string): Promise<AppError> {
    const found = await repo.byId(db, id);
    return new AppError('conflict', closedSaid(found ? quoteStateAt(found.row, now()) : 'expired'));
  }

  return {
    /**
     * POST /api/quotes: the shop's quote for the buyer with `buyerEmail`; a holding one takes its
     * stock now. Its document (見積書) is issued into the archive in the same transaction, in the
     * buyer's language: its number in the `QT-` series (`QT-YYYY-NNNNNN`) is the quote's. The
     * buyer is mailed in their language, with the link to the quote's page; the audit log records it.
     */
    async create(admin: SessionUser, input: CreateQuoteForm, language: Language) {
      const at = now();
      const validUntil = new Date(input.validUntil);
      if (validUntil.getTime() <= at.getTime())
        throw fieldError('invalid', 'validUntil', says.quoteValidUntilPast);
      const buyer = await repo.buyerByEmail(db, input.buyerEmail);
      if (!buyer) throw fieldError('invalid', 'buyerEmail', says.noSuchBuyer);
      const settings = await deps.wholeSettings();
      const buyerLanguage = buyer.language ?? language;
      const id = randomUUID();
      const quoted = {
        currency: input.currency,
        shippingPrice:
          input.shippingPrice === undefined ? null : toMinor(input.shippingPrice, input.currency),
        validUntil,
        note: input.note ? input.note : null,
        holdsStock: input.holdsStock,
      };
      const written = await db.transaction(async (tx) => {
        await repo.lockBuyer(tx, buyer.id);
        // The request it answers is the buyer's own and open (one open quote per request at
        // most), and answered from now on.
        const answered = input.requestId ? await requests.answer(tx, input.requestId, buyer.id) : null;
        if (answered === 'not theirs')
          throw fieldError('invalid', 'requestId', says.notFound('This request for a quote'));
        if (answered === 'not open') throw fieldError('conflict', 'requestId', says.quoteRequestNotOpen);
        const lines = await judged(tx, input, buyer, settings.yenPerDollar ?? null);
        const shop = { settings, timeZone: deps.timeZone, at };
        const models = {
          en: quoteDocument(quoted, lines, buyer, shop, 'en'),
          ja: quoteDocument(quoted, lines, buyer, shop, 'ja'),
        };
        const { number } = await issueQuote(tx, { buyerId: buyer.id, language: buyerLanguage, models }, now);
        const row = {
          ...quoted,
          id,
          number,
          userId: buyer.id,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          requestId: input.requestId ?? null,
          createdBy: admin.name,
        };
        await repo.insert(
          tx,
          row,
          lines.map((l) => ({ ...l, quoteId: id })),
        );
        if (input.holdsStock) await repo.moveStock(tx, id, lines, -1);
        await recordAudit(tx, admin, {
          kind: 'quote.create',
          target: { type: 'quote', id, label: number },
          before: null,
          after: { buyer: buyer.name, buyerEmail: buyer.email },
        });
        return { row, lines };
      });
      if (input.holdsStock) await deps.stockChanged();
      const mail = quoteMadeMail(
        written.row,
        written.lines,
        { url: `${deps.publicUrl}/dashboard/quotes/${id}`, timeZone: deps.timeZone },
        buyerLanguage,
      );
      deps.mailer.send(mail).catch((err) => deps.log.error({ err, quoteId: id }, 'mail failed'));
      return { _id: id, number: written.row.number };
    },

    /** GET /api/quotes: the caller's own quotes, newest first; an admin's: every one. */
    async list(caller: SessionUser, query: QuotesQuery = {}): Promise<Page<Quote>> {
      const userId = caller.role === 'admin' ? null : caller.id;
      const found = await repo.page(db, userId, query.cursor, query.limit ?? DEFAULT_PAGE_SIZE);
      const at = now();
      return { items: found.items.map((q) => view(q, at)), next: found.next };
    },

    async get(id: string, caller: SessionUser): Promise<Quote> {
      return view(await readable(id, caller), now());
    },

    /**
     * POST /api/quotes/{id}/accept: the buyer's order of the quote, at its prices and shipping,
     * placed by the orders' own path in one transaction with the quote's guarded move to accepted
     * (a holding quote's stock given back and taken by the order: once). The order.
     */
    async accept(
      id: string,
      caller: SessionUser,
      input: AcceptQuoteForm,
      language: Language,
    ): Promise<Order> {
      const { row, lines } = await ownOpen(id, caller, 'accept');
      const quoted: Quoted = {
        currency: row.currency as Currency,
        shippingCents: row.shippingPrice,
        lines: lines.map((l) => ({
          toolId: l.toolId ?? '',
          quantity: l.quantity,
          perPriceCents: l.unitPrice,
        })),
        claim: async (tx) => {
          const moved = await repo.move(tx, id, 'accept', { userId: caller.id, validAfter: now() });
          if (!moved) throw await refusedMove(id);
          await requests.afterQuoteMove(tx, id, moved.requestId, 'accept');
          if (!row.holdsStock) return;
          // In place_orders' order: the buyer, their company, then the tools.
          await repo.lockBuyer(tx, caller.id);
          await repo.lockCompanyOf(tx, caller.id);
          await repo.lockTools(
            tx,
            lines.flatMap((l) => (l.toolId ? [l.toolId] : [])),
          );
          await repo.moveStock(tx, id, lines, 1);
        },
        settle: (tx, orderId) => repo.setOrder(tx, id, orderId),
      };
      const orderId = await deps.orders.placeQuoted(caller, input, quoted, language);
      return deps.orders.get(orderId, caller);
    },

    /** POST /api/quotes/{id}/decline: the buyer declines it; the stock it holds goes back on sale. */
    async decline(id: string, caller: SessionUser) {
      await ownOpen(id, caller, 'decline');
      const moved = await close(id, 'decline', 'buyer', { userId: caller.id });
      if (!moved) throw await refusedMove(id);
      return { _id: id, state: 'declined' as const };
    },

    /** POST /api/quotes/{id}/withdraw (admin): the shop takes it back; its stock goes back on sale. */
    async withdraw(id: string, admin: SessionUser) {
      const found = await repo.byId(db, id);
      if (!found) throw notFound('This quote');
      const moved = await close(id, 'withdraw', 'shop');
      if (!moved) throw await refusedMove(id);
      await recordAudit(db, admin, {
        kind: 'quote.withdraw',
        target: { type: 'quote', id, label: found.row.number },
        before: { state: found.row.state },
        after: { state: 'withdrawn' },
      });
      return { _id: id, state: 'withdrawn' as const };
    },

    /** The scheduler's: every open quote past its valid-until time expired, its stock back on sale. */
    async expireLapsed(): Promise<number> {
      let expired = 0;
      for (const id of await repo.lapsed(db, now(), EXPIRE_BATCH)) {
        if (await close(id, 'expire', 'scheduler')) expired++;
      }
      return expired;
    },
  };
}
export type QuoteAnswers = ReturnType<typeof quoteAnswers>;
