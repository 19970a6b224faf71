import { randomUUID } from 'node:crypto';
import {
  billingApart,
  type Charges,
  type Currency,
  centsToDollars,
  destinationSaid,
  type EnterOrderForm,
  formatOrderNumber,
  holdEnd,
  isOnAccount,
  type LineProblemSaid,
  lineProblemSaid,
  MAX_ORDER_MINOR,
  minimumIn,
  minimumOrderSaid,
  type OrderTerms,
  orderCharges,
  orderCurrency,
  overCardLimit,
  type PaymentMethod,
  type PlaceOrderRequest,
  type Pricing,
  placedState,
  requestedDateSaid,
  says,
  shopDay,
  toMajor,
  toMinor,
  transferRefused,
  unitPrice,
  yenFromCents,
} from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import type { PriceListTerms } from '@kanna/shared/domain/price-lists';
import { batched } from '../../lib/batch';
import { AppError, type FieldError, fieldError, fieldsRefused, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { recordAudit } from '../audit/audit.service';
import { pricedToolIn } from '../catalog/priced-tool';
import type { OrdersContext } from './orders.deps';
import { buyerLanguage, languageToKeep } from './orders.language';
import { type JudgedOrder, type PlaceOutcome, placingRepository } from './orders.placing.repository';
import { type NewLine, ordersRepository as repo, type ToolRow, type Tx } from './orders.repository';

/** Judge-and-write attempts on a fresh read before an order that keeps meeting changed tools is refused. */
const MAX_PLACE_ATTEMPTS = 5;

/**
 * Calls writing orders at once, and orders per call (decision 0022). Two: while one call is in
 * the database, the orders for the next one gather. Calls that share tools queue on their locks.
 */
const PLACE_BATCHING = { maxInFlight: 2, maxBatch: 50 };

/** Placing an order takes the parsed body of POST /api/order. */
type PlaceInput = Omit<PlaceOrderRequest, 'quantity'> & { quantity?: number };

/** Whom an order is for: the signed-in buyer, or the buyer an admin enters it for. */
type Buyer = Pick<SessionUser, 'id' | 'email' | 'name' | 'language'>;

/**
 * An order made from a quote (docs/orders.md, "Quotes"): its lines at the quoted unit prices (minor
 * units of `currency`), the quoted shipping (null: the zones'), and `claim`, run in the order's own
 * transaction before place_orders: it moves the quote to accepted by one guarded update (throwing
 * when it is no longer open) and gives back the stock it holds, so the order takes that stock once.
 * The order is placed, or nothing is: a refused order leaves the quote open and its stock held.
 */
export type Quoted = {
  lines: { toolId: string; quantity: number; perPriceCents: number }[];
  currency: Currency;
  shippingCents: number | null;
  claim: (tx: Tx) => Promise<void>;
  /** Run in the same transaction once the order is placed: the quote names its order. */
  settle: (tx: Tx, orderId: string) => Promise<void>;
};

/** An order place_orders did not place inside a quote's transaction: thrown to roll the claim back. */
class NotPlaced extends Error {
  constructor(readonly placed: PlaceOutcome) {
    super(placed.outcome);
  }
}

/** The spec's one-tool order keeps its answers: the spec's messages, the spec's statuses. */
function oneToolRefusal(problem: LineProblemSaid): AppError {
  switch (problem.code) {
    case 'sold_out':
      return new AppError('conflict', says.soldOut);
    case 'below_minimum':
      return new AppError('invalid', says.belowMinimum);
    case 'above_available':
      return new AppError('invalid', says.aboveAvailable);
    default:
      return new AppError('invalid', problem.said);
  }
}

/**
 * Placing an order (docs/orders.md, "How an order is placed today"): every line judged
 * with the shared rules (packages/shared/src/domain/orders.ts) on the tools as last read, then
 * written by `place_orders` only if everything it was judged on still holds.
 */
export function orderPlacing(ctx: OrdersContext) {
  const { db } = ctx;

  /**
   * The lines priced and checked against the locked tools; throws when any cannot be had as
   * asked, naming each (`lines.N.quantity`), or — for the spec's one-tool body — with its answers.
   */
  function priceLines(
    input: PlaceInput,
    wanted: { toolId: string; quantity: number }[],
    found: ToolRow[],
    minimumCents: number | null,
    pricing: Pricing,
    buyerTerms: PriceListTerms | null,
  ) {
    const { currency } = pricing;
    const oneTool = !input.lines;
    const byId = new Map(found.map((t) => [t.id, t]));
    const problems: (FieldError & { status: 400 | 409 })[] = [];
    const lines: NewLine[] = [];
    wanted.forEach((w, i) => {
      const tool = byId.get(w.toolId);
      if (!tool || tool.archived) {
        if (oneTool) throw notFound('This tool');
        problems.push({ path: `lines.${i}.toolId`, said: says.toolNotForSale, status: 409 });
        return;
      }
      // At the buyer's prices in the order's currency (their price list, decision 0060).
      const priced = pricedToolIn(tool, pricing, buyerTerms);
      // A yen order is only ever made by a shop with a yen rate (`orderCurrency`): every tool has a yen price.
      if (!priced) throw new Error(`tool ${tool.id} has no price in ${currency}`);
      const perPriceCents = unitPrice(priced, w.quantity);
      if (oneTool) {
        // The prices sent are in the order's currency (dollars, or whole yen for a yen order).
        const perSent = input.perPrice === undefined ? null : toMinor(input.perPrice, currency);
        const totalSent = input.totalPrice === undefined ? null : toMinor(input.totalPrice, currency);
        if (
          (perSent !== null && perSent !== perPriceCents) ||
          (totalSent !== null && totalSent !== perPriceCents * w.quantity)
        ) {
          throw new AppError('conflict', says.priceChanged);
        }
      }
      const problem = lineProblemSaid(priced, w.quantity, perPriceCents * w.quantity);
      if (problem) {
        if (oneTool) throw oneToolRefusal(problem);
        problems.push({ path: `lines.${i}.quantity`, said: problem.said, status: problem.status });
        return;
      }
      lines.push({
        toolId: tool.id,
        productName: tool.productName,
        productNameJa: tool.productNameJa,
        quantity: w.quantity,
        perPriceCents,
      });
    });
    const first = problems[0];
    if (first) {
      // A rule broken regardless of stock (400) is the request's to fix first; else stock (409).
      const invalid = problems.filter((p) => p.status === 400);
      const [shown = first, ...others] = (invalid.length ? invalid : problems).map(({ path, said }) => ({
        path,
        said,
      }));
      throw fieldsRefused(invalid.length ? 'invalid' : 'conflict', [shown, ...others]);
    }
    const totalCents = lines.reduce((sum, l) => sum + l.perPriceCents * l.quantity, 0);
    if (totalCents > MAX_ORDER_MINOR) throw new AppError('invalid', says.orderTooLarge);
    // The shop's minimum order value (docs/rules.md, "Shop settings"), on the goods total, before anything is written.
    const belowMinimum = minimumOrderSaid(totalCents, minimumCents, currency);
    if (belowMinimum) throw new AppError('invalid', belowMinimum);
    if (!oneTool && input.totalPrice !== undefined && toMinor(input.totalPrice, currency) !== totalCents) {
      throw new AppError('conflict', says.totalChanged);
    }
    return { lines, totalCents };
  }

  /**
   * A quote's lines as the order's (at the quoted unit prices), on the tools as read now: a tool
   * gone or off sale is refused at its line (409); stock, the unpaid caps and the half-of-stock
   * rule are place_orders', as for any order. No minimum order value: the shop quoted it.
   */
  function quotedLines(quoted: Quoted, found: ToolRow[]) {
    const byId = new Map(found.map((t) => [t.id, t]));
    const problems: FieldError[] = [];
    const lines: NewLine[] = [];
    quoted.lines.forEach((q, i) => {
      const tool = byId.get(q.toolId);
      if (!tool || tool.archived) {
        problems.push({ path: `lines.${i}.toolId`, said: says.toolNotForSale });
        return;
      }
      lines.push({
        toolId: tool.id,
        productName: tool.productName,
        productNameJa: tool.productNameJa,
        quantity: q.quantity,
        perPriceCents: q.perPriceCents,
      });
    });
    const [first, ...others] = problems;
    if (first) throw fieldsRefused('conflict', [first, ...others]);
    const totalCents = lines.reduce((sum, l) => sum + l.perPriceCents * l.quantity, 0);
    if (totalCents > MAX_ORDER_MINOR) throw new AppError('invalid', says.orderTooLarge);
    return { lines, totalCents };
  }

  type Placed = {
    email: string;
    name: string;
    number: number;
    lines: NewLine[];
    totalCents: number;
    charges: Charges;
    holdUntil: Date;
    paymentMethod: PaymentMethod;
    currency: Currency;
    /** Above the buyer's spending limit: it waits for the company owner's approval. */
    awaitingApproval: boolean;
  };

  /**
   * Where the order goes (the shop's country when the buyer names none): it must agree with the
   * address (an address in Japan sent elsewhere, `destinationProblem`), since shipping, tax and
   * the currency follow it.
   */
  function destinationOf(input: PlaceInput, terms: OrderTerms): string {
    const country = input.country ?? terms.shopCountry;
    const elsewhere = destinationSaid(input.address, country);
    if (elsewhere) throw fieldError('invalid', 'country', elsewhere);
    return country;
  }

  /**
   * The order's currency and prices, decided here alone (docs/rules.md, "Yen and dollars"): yen
   * for a destination the settings price in yen, dollars elsewhere. A client that names another
   * currency is refused, as one that sends another price is.
   */
  function pricingOf(input: PlaceInput, terms: OrderTerms): Pricing {
    const currency = orderCurrency(destinationOf(input, terms), terms.charges);
    if (input.currency !== undefined && input.currency !== currency)
      throw fieldError('conflict', 'currency', says.currencyIs(currency));
    return { currency, yenPerDollar: terms.charges.yenPerDollar ?? null };
  }

  /**
   * The order's parties as the buyer gave them (docs/rules.md, "The buyer's company and address
   * book"): a billing address that is the delivery address is none; a delivery date asked for is
   * a day from today (the shop's) to a year ahead. The company and department the order names
   * none of are the profile's, read by place_orders under the buyer's lock.
   */
  function partiesOf(input: PlaceInput, placedAt: Date) {
    if (input.requestedDate !== undefined) {
      const said = requestedDateSaid(input.requestedDate, shopDay(placedAt, ctx.shop.timeZone));
      if (said) throw fieldError('invalid', 'requestedDate', said);
    }
    return {
      billingAddress: billingApart(input.billingAddress, input.address),
      company: input.company ?? null,
      department: input.department ?? null,
      receiptAddressee: input.receiptAddressee ?? null,
      receiptNote: input.receiptNote ?? null,
      poNumber: input.poNumber ?? null,
      requestedDate: input.requestedDate ?? null,
    };
  }

  /**
   * What the order charges besides its goods, where it goes and how it is paid (docs/rules.md,
   * "Paying like a business"): refused when the country disagrees with the address (an address
   * in Japan sent elsewhere, `destinationProblem`), when the shop ships to no zone holding it, when
   * bank transfer is asked of a shop that takes none, and when a card would carry more than it can.
   */
  function chargesOf(
    input: PlaceInput,
    totalCents: number,
    terms: OrderTerms,
    currency: Currency,
    shippingCents: number | null,
  ) {
    const country = destinationOf(input, terms);
    const paymentMethod = input.paymentMethod ?? 'card';
    if (transferRefused(paymentMethod, terms.bankTransfer))
      throw new AppError('invalid', says.noBankTransfer, [
        { path: 'paymentMethod', said: says.noBankTransfer },
      ]);
    const charges = orderCharges(totalCents, country, terms.charges, currency, shippingCents);
    if (!charges)
      throw new AppError('invalid', says.noShippingTo(country), [
        { path: 'country', said: says.noShippingTo(country) },
      ]);
    if (overCardLimit(paymentMethod, charges.amountDueCents)) {
      const said = terms.bankTransfer ? says.cardLimitTransferOnly : says.orderTooLarge;
      throw fieldError('invalid', 'paymentMethod', said);
    }
    return { country, paymentMethod, charges };
  }

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
   * or refused on its own, as if it had gone alone; each placed one with the language it was placed
   * in, in the same statement (migration 0030).
   */
  const caps = () => ({ orders: ctx.maxUnpaidOrders, valueCents: ctx.maxUnpaidValueCents });
  const placeJudged = batched(
    async (judged: JudgedOrder[]) => placingRepository.placeJudged(db, judged, caps()),
    PLACE_BATCHING,
  );

  /**
   * A quote's order, written alone in one transaction with the quote's claim (`Quoted`): the claim
   * first, then place_orders; an order it does not place rolls the claim back, and says why.
   */
  async function placeClaimed(judged: JudgedOrder, quoted: Quoted): Promise<PlaceOutcome> {
    try {
      return await db.transaction(async (tx) => {
        await quoted.claim(tx);
        const [placed] = await placingRepository.placeJudged(tx, [judged], caps());
        if (!placed) throw new Error('place_orders answered nothing');
        if (placed.outcome !== 'placed' && placed.outcome !== 'awaiting_approval')
          throw new NotPlaced(placed);
        await quoted.settle(tx, judged.order.id);
        return placed;
      });
    } catch (error) {
      if (error instanceof NotPlaced) return error.placed;
      throw error;
    }
  }

  /** The tools to judge an order on: as last read (`remembered`, when every one is known), else read now. */
  async function toolsToJudge(ids: string[], remembered: boolean): Promise<ToolRow[] | null> {
    if (remembered) {
      const known = ids.map((id) => lastRead.get(id));
      return known.every((t) => t !== undefined) ? known : null;
    }
    const read = await placingRepository.toolsForOrder(db, ids);
    for (const t of read) lastRead.set(t.id, t);
    return read;
  }

  /**
   * One attempt at placing an order: judged on the tools (as last read on a first attempt, else
   * as read now), then written in one call that checks the buyer and writes only if every tool is
   * still as judged (`placingRepository.placeJudged`). Null when a tool changed meanwhile (another order took
   * its stock, an admin edited it), or when the remembered tools would refuse it: the next attempt
   * judges again on a fresh read — and then refuses with the reason, or succeeds (docs/decisions/0014, 0017, 0020).
   */
  async function placeOnce(
    caller: Buyer,
    input: PlaceInput,
    id: string,
    placedAt: Date,
    terms: OrderTerms,
    remembered: boolean,
    language: Language,
    enteredBy: string | null,
    quoted: Quoted | null,
  ): Promise<Placed | null> {
    const wanted = quoted?.lines ??
      input.lines ?? [{ toolId: input.toolId ?? '', quantity: input.quantity ?? 0 }];
    const tools = await toolsToJudge(
      wanted.map((w) => w.toolId),
      remembered,
    );
    if (!tools) return null;
    // The buyer's price list, kept in memory once read (decision 0060): their prices on the lines;
    // place_orders still checks each tool's list price as judged.
    const readTerms = ctx.termsOf(caller.id);
    const buyerTerms = readTerms instanceof Promise ? await readTerms : readTerms;
    // The settings are kept in memory once read: a number here, a promise only on their first read.
    let priced: ReturnType<typeof priceLines> & ReturnType<typeof chargesOf> & { pricing: Pricing };
    let parties: ReturnType<typeof partiesOf>;
    try {
      parties = partiesOf(input, placedAt);
      const pricing = pricingOf(input, terms);
      const goods = quoted
        ? quotedLines(quoted, tools)
        : priceLines(
            input,
            wanted,
            tools,
            minimumIn(terms.minimum, pricing.currency, pricing.yenPerDollar),
            pricing,
            buyerTerms,
          );
      const shipping = quoted?.shippingCents ?? null;
      priced = {
        ...goods,
        ...chargesOf(input, goods.totalCents, terms, pricing.currency, shipping),
        pricing,
      };
    } catch (refusal) {
      if (remembered) return null;
      if (refusal instanceof AppError) ctx.metrics.orderRefused(`judged_${refusal.kind}`);
      throw refusal;
    }
    const { lines, totalCents, charges, country, paymentMethod, pricing } = priced;
    const { currency } = pricing;
    const order = {
      id,
      userId: caller.id,
      phone: input.phone,
      address: input.address,
      ...parties,
      enteredBy,
      // A bank-transfer order holds its stock for the shop's transfer hold days, a card order for the card's hold.
      holdUntil: holdEnd(placedAt, paymentMethod, {
        cardHoldMs: ctx.holdMs,
        transferHoldDays: terms.transferHoldDays,
      }),
      totalCents,
      country,
      shippingCents: charges.shippingCents,
      taxCents: charges.taxCents,
      taxRateBp: charges.taxRateBp,
      taxTreatment: charges.taxTreatment,
      paymentMethod,
      // On account it is accepted at once (decision 0067); else it waits for its money.
      status: placedState(paymentMethod),
      language: languageToKeep(language),
      currency,
    };
    // Whether the address is confirmed is read there, never from a cached session, so a buyer
    // who has just opened the link can order at once.
    // A yen order's cap on unpaid yen orders: the dollar cap at the shop's rate, rounded up to ¥10.
    const maxUnpaidYen =
      currency === 'JPY' && pricing.yenPerDollar
        ? yenFromCents(ctx.maxUnpaidValueCents, pricing.yenPerDollar)
        : null;
    // An overdue statement stops an order on account (decision 0076): judged by place_orders under
    // the company's lock, on the shop's day it is placed; said by the statements service (`accountHold`).
    const shopDayNow =
      isOnAccount(paymentMethod) && ctx.accountHold ? shopDay(placedAt, ctx.shop.timeZone) : null;
    const judged = { order, lines, tools, maxUnpaidYen, shopDay: shopDayNow };
    const placed = quoted ? await placeClaimed(judged, quoted) : await placeJudged(judged);
    if (placed.outcome !== 'placed' && placed.outcome !== 'awaiting_approval' && placed.outcome !== 'changed')
      ctx.metrics.orderRefused(placed.outcome);
    switch (placed.outcome) {
      case 'placed':
      case 'awaiting_approval':
        // place_orders draws a placed order's number and returns it (migration 0013).
        if (placed.number === null) throw new Error('place_orders placed an order without its number');
        return {
          email: placed.email ?? caller.email,
          name: placed.name ?? caller.name,
          number: placed.number,
          lines,
          totalCents,
          charges,
          holdUntil: order.holdUntil,
          paymentMethod,
          currency,
          awaitingApproval: placed.outcome === 'awaiting_approval',
        };
      case 'changed':
        return null;
      case 'no_buyer':
        throw new AppError('unauthenticated', says.noUserLoggedIn);
      case 'unverified':
        throw new AppError('forbidden', says.verifyEmailToOrder);
      case 'too_many_unpaid':
        throw new AppError('conflict', says.tooManyUnpaidOrders(ctx.maxUnpaidOrders));
      case 'too_much_unpaid':
        throw new AppError(
          'conflict',
          maxUnpaidYen === null
            ? says.unpaidValueTooHigh(
                centsToDollars(ctx.maxUnpaidValueCents),
                centsToDollars(placed.allowed ?? 0),
              )
            : says.unpaidYenTooHigh(maxUnpaidYen, placed.allowed ?? 0),
        );
      case 'no_account':
        throw fieldError('invalid', 'paymentMethod', says.onAccountNotAllowed);
      case 'account_currency':
      case 'over_credit':
        throw await accountRefusal(caller.id, placed.outcome, placed.allowed ?? 0);
      case 'statement_overdue':
        // Throws 409 naming the oldest overdue statement; paid meanwhile, the order is tried again.
        await ctx.accountHold?.(caller.id);
        return null;
      case 'over_half': {
        const line = placed.line ?? 0;
        const said = says.overHalfOfStock(lines[line]?.productName ?? '', placed.allowed ?? 0);
        if (!input.lines) throw new AppError('conflict', said);
        throw fieldsRefused('conflict', [{ path: `lines.${line}.quantity`, said }]);
      }
    }
  }

  /**
   * Mails the owner of the company on a just placed order waiting for approval, in the company's
   * language; a failure to find them is logged (the order stands, and waits on their company page).
   */
  async function askApproval(order: Parameters<typeof ctx.orderMail.mailApprovalAsked>[0], lines: NewLine[]) {
    try {
      const owner = await placingRepository.approverOf(db, order.id);
      if (owner) ctx.orderMail.mailApprovalAsked(order, lines, owner, owner.language ?? 'en');
    } catch (err) {
      ctx.log.error({ err, orderId: order.id }, 'the approval mail could not be sent');
    }
  }

  /**
   * Why an order on account was refused, in the account's currency: not the account's currency
   * (said at the country, which decides it), or over its credit limit — the limit, the open
   * balance and what is left (`left`, as place_orders found it under the company's lock).
   */
  async function accountRefusal(
    userId: string,
    outcome: 'account_currency' | 'over_credit',
    left: number,
  ): Promise<AppError> {
    const account = await placingRepository.accountOf(db, userId);
    const currency = account?.currency ?? 'USD';
    if (outcome === 'account_currency')
      return fieldError('invalid', 'country', says.accountCurrencyIs(currency));
    const limit = account?.creditLimitMinor ?? 0;
    return fieldError(
      'conflict',
      'paymentMethod',
      says.overCreditLimit(
        toMajor(limit, currency),
        toMajor(Math.max(0, limit - left), currency),
        toMajor(left, currency),
        currency,
      ),
    );
  }

  return {
    /**
     * `language`: the one the buyer reads the shop in as they place it (the request's).
     * `enteredBy`: the admin who enters the order for `caller` (docs/rules.md, "Orders entered by
     * the shop"), priced and judged exactly as the buyer's own.
     */
    async place(caller: Buyer, input: PlaceInput, language: Language): Promise<string> {
      return (await placeFor(caller, input, language, null)).id;
    },

    /**
     * POST /api/orders/entered: an admin enters an order for the buyer whose account has
     * `buyerEmail` (docs/rules.md, "Orders entered by the shop"): placed as that buyer's own —
     * their price list, caps and confirmed address, the same refusals — recorded as entered by the
     * admin, mailed to the buyer, and in the audit log.
     */
    async enterFor(admin: SessionUser, input: EnterOrderForm, language: Language): Promise<string> {
      const { buyerEmail, ...order } = input;
      const buyer = await repo.buyerByEmail(db, buyerEmail);
      if (!buyer) throw fieldError('invalid', 'buyerEmail', says.noSuchBuyer);
      // The order keeps, and its mails speak, the buyer's language (their account's, else the admin's page's).
      const placed = await placeFor(buyer, order, buyer.language ?? language, admin.name);
      await recordAudit(db, admin, {
        kind: 'order.enter',
        target: { type: 'order', id: placed.id, label: formatOrderNumber(placed.number) },
        before: null,
        after: { buyer: buyer.name, buyerEmail: buyer.email },
      });
      return placed.id;
    },

    /**
     * Accepting a quote (docs/orders.md, "Quotes"): `caller`'s order of the quote's lines at its
     * prices and shipping, placed by this same path — tax, the way to pay, the caps and the credit
     * limit as for any order — in one transaction with the quote's claim. The order's id.
     */
    async placeQuoted(caller: Buyer, input: PlaceInput, quoted: Quoted, language: Language): Promise<string> {
      return (await placeFor(caller, { ...input, currency: quoted.currency }, language, null, quoted)).id;
    },
  };

  /**
   * `language`: the one the buyer reads the shop in as they place it (the request's).
   * `enteredBy`: the admin who enters the order for `caller`, priced and judged exactly as the buyer's own.
   */
  async function placeFor(
    caller: Buyer,
    input: PlaceInput,
    language: Language,
    enteredBy: string | null,
    quoted: Quoted | null = null,
  ): Promise<{ id: string; number: number }> {
    const id = randomUUID();
    const placedAt = ctx.now();
    // The settings are kept in memory once read: an object here, a promise only on their first read.
    const read = ctx.settings.orderTerms();
    const terms = read instanceof Promise ? await read : read;
    let placed: Placed | null = null;
    // Attempt 0 is judged on the tools as last read; each of the next (at most
    // MAX_PLACE_ATTEMPTS) on a fresh read.
    for (let attempt = 0; !placed; attempt++) {
      // A quote's order is judged on a fresh read each time: its stock is held, not on sale.
      const remembered = attempt === 0 && !quoted;
      placed = await placeOnce(caller, input, id, placedAt, terms, remembered, language, enteredBy, quoted);
      if (!placed && attempt >= MAX_PLACE_ATTEMPTS) {
        ctx.metrics.orderRefused('changed');
        throw new AppError('conflict', says.priceChanged);
      }
    }
    ctx.metrics.orderPlaced();
    await ctx.stockChanged();
    // Ordered from the cart: the order stands whatever happens to the cart, which the browser empties too.
    if (input.lines && ctx.takeFromCart && !enteredBy && !quoted) {
      await ctx.takeFromCart(caller.id, input.lines).catch((error: unknown) => {
        ctx.log.warn({ err: error, order: id }, 'the ordered lines could not be taken out of the cart');
      });
    }
    const { email, name, number, lines, totalCents, charges } = placed;
    const { phone, address } = input;
    const mailed = {
      id,
      number,
      name,
      email,
      createdAt: placedAt,
      phone,
      address,
      totalCents,
      ...charges,
      paymentMethod: placed.paymentMethod,
      currency: placed.currency,
      poNumber: input.poNumber ?? null,
    };
    ctx.orderMail.mailPlaced(
      mailed,
      lines,
      placed.holdUntil,
      buyerLanguage(caller.language, language),
      placed.awaitingApproval,
    );
    if (placed.awaitingApproval) await askApproval(mailed, lines);
    return { id, number };
  }
}
