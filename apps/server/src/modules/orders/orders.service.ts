import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type AdminOrdersQuery,
  type Cart,
  type CartRequest,
  centsToDollars,
  dollarsToCents,
  type Enquiry,
  type EnquiryRequest,
  formatAmount,
  isPaidStatus,
  type LineProblem,
  lineProblem,
  MAX_ORDER_CENTS,
  messages,
  type Order,
  type OrderFilters,
  type PageQuery,
  type PlaceOrderRequest,
  unitPrice,
} from '@kanna/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import { batched } from '../../lib/batch';
import { AppError, type FieldError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { DEFAULT_PAGE_SIZE, type Page } from '../../lib/paging';
import type { Mailer } from '../mail/mailer';
import {
  type CsvBatch,
  csvBatches,
  download,
  EXPORT_BATCH_LINES,
  EXPORT_BATCH_ORDERS,
  EXPORT_STALL_MS,
  exportPlaces,
} from './orders.export';
import {
  type JudgedOrder,
  type NewLine,
  type OrderRow,
  ordersRepository as repo,
  type ToolRow,
} from './orders.repository';

/** Judge-and-write attempts on a fresh read before an order that keeps meeting changed tools is refused. */
const MAX_PLACE_ATTEMPTS = 5;

/**
 * Calls writing orders at once, and orders per call (decision 0022). Two: while one call is in
 * the database, the orders for the next one gather. Calls that share tools queue on their locks.
 */
const PLACE_BATCHING = { maxInFlight: 2, maxBatch: 50 };

/** Placing an order takes the parsed body of POST /api/order. */
type PlaceInput = Omit<PlaceOrderRequest, 'quantity'> & { quantity?: number };

/**
 * What orders need from payments, without depending on them (the payments module implements it):
 * make sure no payment can land on an order any more before its stock goes back on sale.
 */
export interface PaymentGate {
  /**
   * 'stopped' when the intent is canceled (or there is none); 'paid' when the payment got there
   * first and the order was settled instead. Throws a conflict when the provider cannot say.
   */
  stop(intentId: string | null): Promise<'stopped' | 'paid'>;
}

export type OrdersDeps = {
  db: Database;
  /** Writes a query's rows as CSV (the export): the database's `copyCsv`. */
  copyCsv: Db['copyCsv'];
  /** How long an export's client may read nothing before it is cut off (tests shorten it). */
  exportStallMs?: number;
  gate: PaymentGate;
  mailer: Mailer;
  log: FastifyBaseLogger;
  holdMs: number;
  /** Unpaid orders one account may hold at once. */
  maxUnpaidOrders: number;
  /** The value (cents) of the unpaid orders one account may hold, unless approved. */
  maxUnpaidValueCents: number;
  shopEmail: string;
  publicUrl: string;
  /** Tells the catalogue that available quantities changed. */
  stockChanged: () => Promise<void>;
  now?: () => Date;
};

const dollars = (cents: number) => formatAmount(centsToDollars(cents));

/** The pricing and quantity rules' view of a tool row (cents). */
const pricedTool = (t: ToolRow) => ({
  minQuantity: t.minQuantity,
  available: t.available,
  packSize: t.packSize,
  price: t.priceCents,
  breaks: t.volumePrices.map((b) => ({ minQuantity: b.minQuantity, price: b.priceCents })),
});

function toOrderDto(o: OrderRow, lines: NewLine[] = [o]): Order {
  return {
    _id: o.id,
    name: o.name,
    email: o.email,
    toolId: o.toolId,
    productName: o.productName,
    quantity: o.quantity,
    phone: o.phone,
    address: o.address,
    perPrice: centsToDollars(o.perPriceCents),
    totalPrice: centsToDollars(o.totalCents),
    lines: lines.map((l) => ({
      toolId: l.toolId,
      productName: l.productName,
      quantity: l.quantity,
      perPrice: centsToDollars(l.perPriceCents),
      totalPrice: centsToDollars(l.perPriceCents * l.quantity),
    })),
    paid: isPaidStatus(o.status),
    status: o.status,
    transactionId: o.transactionId,
    holdUntil: o.holdUntil.toISOString(),
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    testPayment: o.testPayment,
    refundedAt: o.refundedAt?.toISOString() ?? null,
  };
}

/** The lines of an order as e-mails list them. */
export const describeLines = (lines: NewLine[]) =>
  lines.map((l) => `${l.quantity} × ${l.productName} (${dollars(l.perPriceCents)} each)`).join('\n');

/** The spec's one-tool order keeps its answers: the spec's messages, the spec's statuses. */
function oneToolRefusal(problem: LineProblem): AppError {
  switch (problem.code) {
    case 'sold_out':
      return new AppError('conflict', messages.soldOut);
    case 'below_minimum':
      return new AppError('invalid', messages.belowMinimum);
    case 'above_available':
      return new AppError('invalid', messages.aboveAvailable);
    default:
      return new AppError('invalid', problem.message);
  }
}

/**
 * Orders and their stock (docs/ARCHITECTURE.md, "How an order is placed today"): placing checks
 * every line with the shared rules (packages/shared/src/domain/orders.ts), then locks the order's
 * tools in id order and reserves every line or none; cancelling or an expired hold gives every line
 * back, but only once the payment gate says no payment can land any more.
 */
export function ordersService(deps: OrdersDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** The exports running on this instance (at most two). */
  const exportsRunning = exportPlaces();

  function mail(to: string, subject: string, text: string) {
    deps.mailer.send({ to, subject, text }).catch((err) => log.error({ err, to, subject }, 'mail failed'));
  }

  async function withLines(rows: OrderRow[]): Promise<Order[]> {
    const lines = await repo.linesOf(db, rows);
    return rows.map((r) => toOrderDto(r, lines.get(r.id)));
  }

  /** One order as the API shows it, with its lines. */
  async function one(row: OrderRow): Promise<Order> {
    return toOrderDto(row, (await repo.linesOf(db, [row])).get(row.id));
  }

  /** Someone else's order answers exactly like a missing one. */
  async function findOwned(id: string, caller: SessionUser): Promise<OrderRow> {
    const row = await repo.find(db, id);
    if (!row || (row.userId !== caller.id && caller.role !== 'admin')) throw notFound('This order');
    return row;
  }

  /**
   * The lines priced and checked against the locked tools; throws when any cannot be had as
   * asked, naming each (`lines.N.quantity`), or — for the spec's one-tool body — with its answers.
   */
  function priceLines(input: PlaceInput, wanted: { toolId: string; quantity: number }[], found: ToolRow[]) {
    const oneTool = !input.lines;
    const byId = new Map(found.map((t) => [t.id, t]));
    const problems: (FieldError & { status: 400 | 409 })[] = [];
    const lines: NewLine[] = [];
    wanted.forEach((w, i) => {
      const tool = byId.get(w.toolId);
      if (!tool || tool.archived) {
        if (oneTool) throw notFound('This tool');
        problems.push({ path: `lines.${i}.toolId`, message: messages.toolNotForSale, status: 409 });
        return;
      }
      const priced = pricedTool(tool);
      const perPriceCents = unitPrice(priced, w.quantity);
      if (oneTool) {
        const perSent = input.perPrice === undefined ? null : dollarsToCents(input.perPrice);
        const totalSent = input.totalPrice === undefined ? null : dollarsToCents(input.totalPrice);
        if (
          (perSent !== null && perSent !== perPriceCents) ||
          (totalSent !== null && totalSent !== perPriceCents * w.quantity)
        ) {
          throw new AppError('conflict', messages.priceChanged);
        }
      }
      const problem = lineProblem(priced, w.quantity, perPriceCents * w.quantity);
      if (problem) {
        if (oneTool) throw oneToolRefusal(problem);
        problems.push({ path: `lines.${i}.quantity`, message: problem.message, status: problem.status });
        return;
      }
      lines.push({ toolId: tool.id, productName: tool.productName, quantity: w.quantity, perPriceCents });
    });
    const first = problems[0];
    if (first) {
      // A rule broken regardless of stock (400) is the request's to fix first; else stock (409).
      const invalid = problems.filter((p) => p.status === 400);
      const shown = invalid.length ? invalid : problems;
      throw new AppError(
        invalid.length ? 'invalid' : 'conflict',
        `${shown[0]?.path}: ${shown[0]?.message}`,
        shown.map(({ path, message }) => ({ path, message })),
      );
    }
    const totalCents = lines.reduce((sum, l) => sum + l.perPriceCents * l.quantity, 0);
    if (totalCents > MAX_ORDER_CENTS) throw new AppError('invalid', messages.orderTooLarge);
    if (!oneTool && input.totalPrice !== undefined && dollarsToCents(input.totalPrice) !== totalCents) {
      throw new AppError('conflict', messages.totalChanged);
    }
    return { lines, totalCents };
  }

  /** Returns a cancelled or expired order's stock, once. */
  async function release(id: string): Promise<OrderRow | null> {
    const released = await db.transaction((tx) => repo.cancelAndRestock(tx, id, now()));
    if (released) await deps.stockChanged();
    return released;
  }

  /**
   * Cancels an unpaid order: first its payment is stopped, then its stock returned. Returns the
   * cancelled row, or null when the order was not cancelled here (paid or cancelled meanwhile).
   */
  async function cancelUnpaid(row: OrderRow): Promise<OrderRow | null> {
    if ((await deps.gate.stop(row.paymentIntentId)) === 'paid') return null;
    const released = await release(row.id);
    // An intent created while this ran (a payment page opened at the same moment) shows in the
    // cancelled row: stop it too. A payment that got through anyway is refunded on settlement.
    if (released?.paymentIntentId && released.paymentIntentId !== row.paymentIntentId) {
      await deps.gate
        .stop(released.paymentIntentId)
        .catch((err) =>
          log.warn({ err, orderId: row.id }, 'payment intent of a cancelled order not stopped'),
        );
    }
    return released;
  }

  /** Today's price and problem of each wanted line (the cart), from the tools as they are now. */
  async function priceCart(wanted: CartRequest['lines']): Promise<Cart> {
    const tools = new Map(
      (
        await repo.toolsByIds(
          db,
          wanted.map((w) => w.toolId),
        )
      ).map((t) => [t.id, t]),
    );
    let totalCents = 0;
    const lines = wanted.flatMap((w) => {
      const tool = tools.get(w.toolId);
      if (!tool) return [];
      const priced = pricedTool(tool);
      const perPriceCents = unitPrice(priced, w.quantity);
      const problem = tool.archived
        ? messages.toolNotForSale
        : (lineProblem(priced, w.quantity, perPriceCents * w.quantity)?.message ?? null);
      if (!problem) totalCents += perPriceCents * w.quantity;
      return [
        {
          toolId: tool.id,
          quantity: w.quantity,
          productName: tool.productName,
          perPrice: centsToDollars(perPriceCents),
          totalPrice: centsToDollars(perPriceCents * w.quantity),
          problem,
        },
      ];
    });
    return { lines, totalPrice: centsToDollars(totalCents) };
  }

  type Placed = { email: string; name: string; lines: NewLine[]; totalCents: number };

  /**
   * The tools as this instance last read them for an order, by id (decision 0020). An order is
   * first judged on these, with no read: `place_orders` takes it only if every tool still holds
   * what it was judged on (enough stock, the same price, terms and name), so a tool that changed
   * meanwhile costs one more attempt, never a wrong order. Nothing is refused on them: a refusal
   * is only ever given on a fresh read. Only tools that exist are kept, so the catalogue bounds it.
   */
  const lastRead = new Map<string, ToolRow>();

  /**
   * Judged orders written together (decision 0022): while a call is writing, the orders judged
   * meanwhile wait and go in the next call, one transaction for all of them; each is still taken
   * or refused on its own, as if it had gone alone.
   */
  const placeJudged = batched(
    (judged: JudgedOrder[]) =>
      repo.placeJudged(db, judged, { orders: deps.maxUnpaidOrders, valueCents: deps.maxUnpaidValueCents }),
    PLACE_BATCHING,
  );

  /** The tools to judge an order on: as last read (`remembered`, when every one is known), else read now. */
  async function toolsToJudge(ids: string[], remembered: boolean): Promise<ToolRow[] | null> {
    if (remembered) {
      const known = ids.map((id) => lastRead.get(id));
      return known.every((t) => t !== undefined) ? known : null;
    }
    const read = await repo.toolsForOrder(db, ids);
    for (const t of read) lastRead.set(t.id, t);
    return read;
  }

  /**
   * One attempt at placing an order: judged on the tools (as last read on a first attempt, else
   * as read now), then written in one call that checks the buyer and writes only if every tool is
   * still as judged (`repo.placeJudged`). Null when a tool changed meanwhile (another order took
   * its stock, an admin edited it), or when the remembered tools would refuse it: the next attempt
   * judges again on a fresh read — and then refuses with the reason, or succeeds (docs/decisions/0014, 0017, 0020).
   */
  async function placeOnce(
    caller: SessionUser,
    input: PlaceInput,
    id: string,
    holdUntil: Date,
    remembered: boolean,
  ): Promise<Placed | null> {
    const wanted = input.lines ?? [{ toolId: input.toolId ?? '', quantity: input.quantity ?? 0 }];
    const tools = await toolsToJudge(
      wanted.map((w) => w.toolId),
      remembered,
    );
    if (!tools) return null;
    let priced: ReturnType<typeof priceLines>;
    try {
      priced = priceLines(input, wanted, tools);
    } catch (refusal) {
      if (remembered) return null;
      throw refusal;
    }
    const { lines, totalCents } = priced;
    const order = {
      id,
      userId: caller.id,
      phone: input.phone,
      address: input.address,
      holdUntil,
      totalCents,
    };
    // Whether the address is confirmed is read there, never from a cached session, so a buyer
    // who has just opened the link can order at once.
    const placed = await placeJudged({ order, lines, tools });
    switch (placed.outcome) {
      case 'placed':
        return { email: placed.email ?? caller.email, name: placed.name ?? caller.name, lines, totalCents };
      case 'changed':
        return null;
      case 'no_buyer':
        throw new AppError('unauthenticated', messages.noUserLoggedIn);
      case 'unverified':
        throw new AppError('forbidden', messages.verifyEmailToOrder);
      case 'too_many_unpaid':
        throw new AppError('conflict', messages.tooManyUnpaidOrders(deps.maxUnpaidOrders));
      case 'too_much_unpaid':
        throw new AppError(
          'conflict',
          messages.unpaidValueTooHigh(
            centsToDollars(deps.maxUnpaidValueCents),
            centsToDollars(placed.allowed ?? 0),
          ),
        );
      case 'over_half': {
        const line = placed.line ?? 0;
        const message = messages.overHalfOfStock(lines[line]?.productName ?? '', placed.allowed ?? 0);
        if (!input.lines) throw new AppError('conflict', message);
        const path = `lines.${line}.quantity`;
        throw new AppError('conflict', `${path}: ${message}`, [{ path, message }]);
      }
    }
  }

  return {
    findOwned,
    cancelUnpaid,
    one,

    async place(caller: SessionUser, input: PlaceInput): Promise<string> {
      const id = randomUUID();
      const holdUntil = new Date(now().getTime() + deps.holdMs);
      let placed: Placed | null = null;
      // Attempt 0 is judged on the tools as last read; each of the next (at most
      // MAX_PLACE_ATTEMPTS) on a fresh read.
      for (let attempt = 0; !placed; attempt++) {
        placed = await placeOnce(caller, input, id, holdUntil, attempt === 0);
        if (!placed && attempt >= MAX_PLACE_ATTEMPTS) throw new AppError('conflict', messages.priceChanged);
      }
      await deps.stockChanged();
      const [first] = placed.lines;
      mail(
        placed.email,
        placed.lines.length === 1 && first
          ? `Your Kanna order: ${first.quantity} × ${first.productName}`
          : `Your Kanna order: ${placed.lines.length} tools`,
        `Hello ${placed.name},\n\nThank you for your order:\n${describeLines(placed.lines)}\n\n${dollars(placed.totalCents)} in total.\n\nWe hold the stock for you until ${holdUntil.toUTCString()}. Pay for it here:\n${deps.publicUrl}/dashboard/payment/${id}\n`,
      );
      return id;
    },

    /**
     * One page of the orders an account placed, newest first; cancelled ones are kept for the
     * record but not shown. `email` names the account: the caller's own, or (for an admin)
     * whichever account has that address now. Orders belong to the account, not the address.
     */
    async listFor(caller: SessionUser, email: string, page: PageQuery = {}): Promise<Page<Order>> {
      const ownerId =
        caller.email.toLowerCase() === email.toLowerCase()
          ? caller.id
          : await repo.accountIdByEmail(db, email);
      if (!ownerId) return { items: [], next: null };
      const found = await repo.page(db, repo.placedBy(ownerId), page.cursor, page.limit ?? DEFAULT_PAGE_SIZE);
      return { items: await withLines(found.items), next: found.next };
    },

    /** One page of every order matching the admin's filters, newest first. */
    async listAll(query: AdminOrdersQuery = {}): Promise<Page<Order>> {
      const found = await repo.page(db, repo.matching(query), query.cursor, query.limit ?? DEFAULT_PAGE_SIZE);
      return { items: await withLines(found.items), next: found.next };
    },

    /**
     * The CSV export (admin): every matching order line, newest order first, UTF-8 with a
     * byte-order mark (so spreadsheet programs read names right) and a header row. Orders are
     * found a batch at a time as the lists find them, and the database writes each batch's CSV,
     * read whole (the next batch is read while this one is written): memory stays flat however
     * many rows there are, and a slow client holds the export back, never a connection
     * (orders.export.ts). Resolves once the first batch is read, so anything that fails before
     * the first byte is an ordinary error answer. At most two run at once: a third is refused
     * (`busy`, 429).
     */
    async exportCsv(
      filters: OrderFilters,
      batchSize = EXPORT_BATCH_ORDERS,
      batchLines = EXPORT_BATCH_LINES,
    ): Promise<Readable> {
      const release = exportsRunning.take();
      try {
        const where = repo.matching(filters);
        const read = async (cursor?: string): Promise<CsvBatch> => {
          const ids = await repo.exportIds(db, where, cursor, batchSize, batchLines);
          // The first batch, even an empty one, carries the header row.
          const csv = await deps.copyCsv(repo.exportRows(ids.items), { header: cursor === undefined });
          return { csv, next: ids.next };
        };
        const batches = csvBatches(await read(), read);
        return download(batches, deps.exportStallMs ?? EXPORT_STALL_MS, release);
      } catch (err) {
        release();
        throw err;
      }
    },

    /** Contact Supplier enquiries, newest first (admin). */
    async enquiries(page: PageQuery = {}): Promise<Page<Enquiry>> {
      const found = await repo.enquiriesPage(db, page.cursor, page.limit ?? DEFAULT_PAGE_SIZE);
      return {
        items: found.items.map(({ row, productName }) => ({
          _id: row.id,
          toolId: row.toolId,
          productName,
          name: row.name,
          email: row.email,
          quantityWanted: row.quantityWanted,
          message: row.message,
          quoteRequest: row.isQuoteRequest,
          createdAt: row.createdAt.toISOString(),
        })),
        next: found.next,
      };
    },

    async get(id: string, caller: SessionUser): Promise<Order> {
      return one(await findOwned(id, caller));
    },

    /**
     * Cancels an unpaid order and returns the stock of every line; `{ deletedCount: 1 }` like the
     * spec's DELETE. A payment that got there first makes it paid instead (409).
     */
    async cancel(id: string, caller: SessionUser): Promise<number> {
      const row = await findOwned(id, caller);
      if (isPaidStatus(row.status)) throw new AppError('conflict', messages.paidCannotCancel);
      if (row.status === 'cancelled') return 0;
      if (await cancelUnpaid(row)) return 1;
      const current = await repo.find(db, id);
      if (current && isPaidStatus(current.status)) throw new AppError('conflict', messages.paidCannotCancel);
      return 0;
    },

    /**
     * Releases unpaid orders whose hold has run out, each once its payment is stopped; one whose
     * payment cannot be stopped now keeps its stock until a later sweep. Returns how many.
     */
    async releaseExpiredHolds(): Promise<number> {
      let released = 0;
      for (const row of await repo.expiredHolds(db, now(), 500)) {
        try {
          if (await cancelUnpaid(row)) released++;
        } catch (err) {
          log.warn({ err, orderId: row.id }, 'expired hold kept until the next sweep');
        }
      }
      return released;
    },

    /** Admin: a paid order leaves the workshop. */
    async ship(orderId: string): Promise<Order> {
      const shipped = await repo.markShipped(db, orderId, now());
      if (!shipped) {
        const row = await repo.find(db, orderId);
        if (!row) throw notFound('This order');
        if (row.status === 'shipped') return one(row);
        throw new AppError('conflict', messages.onlyPaidShips);
      }
      const lines = (await repo.linesOf(db, [shipped])).get(shipped.id) ?? [];
      mail(
        shipped.email,
        'Your Kanna order has shipped',
        `Hello ${shipped.name},\n\nYour order left our workshop today:\n${describeLines(lines)}\n`,
      );
      return toOrderDto(shipped, lines);
    },

    /** Contact Supplier: stored, and mailed to the shop; a quote request when more is wanted than available. */
    async enquire(
      caller: SessionUser,
      input: EnquiryRequest,
    ): Promise<{ id: string; quoteRequest: boolean }> {
      const tool = await repo.toolOnSale(db, input.toolId);
      if (!tool) throw notFound('This tool');
      const quoteRequest = input.quantityWanted > tool.available;
      const id = randomUUID();
      await repo.insertEnquiry(db, {
        id,
        toolId: tool.id,
        userId: caller.id,
        email: caller.email,
        name: caller.name,
        quantityWanted: input.quantityWanted,
        message: input.message,
        isQuoteRequest: quoteRequest,
      });
      mail(
        deps.shopEmail,
        `${quoteRequest ? 'Quote request' : 'Enquiry'}: ${input.quantityWanted} × ${tool.productName}`,
        `From: ${caller.name} <${caller.email}>\nTool: ${tool.productName} (${tool.available} available)\nQuantity wanted: ${input.quantityWanted}\n\n${input.message}\n`,
      );
      return { id, quoteRequest };
    },

    /** The signed-in buyer's cart at today's prices. */
    async cart(caller: SessionUser): Promise<Cart> {
      return priceCart(await repo.cartOf(db, caller.id));
    },

    /** Replaces the cart; unknown tools are refused (400), archived ones kept with their problem. */
    async saveCart(caller: SessionUser, input: CartRequest): Promise<Cart> {
      const known = new Set(
        (
          await repo.toolsByIds(
            db,
            input.lines.map((l) => l.toolId),
          )
        ).map((t) => t.id),
      );
      const errors = input.lines.flatMap((l, i) =>
        known.has(l.toolId) ? [] : [{ path: `lines.${i}.toolId`, message: messages.notFound('This tool') }],
      );
      if (errors.length) throw new AppError('invalid', errors[0]?.message ?? '', errors);
      await repo.saveCart(db, caller.id, input.lines, now());
      return priceCart(input.lines);
    },
  };
}
export type OrdersService = ReturnType<typeof ordersService>;
