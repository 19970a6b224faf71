import { and, eq, inArray, sql } from 'drizzle-orm';
import { type RowParser, rowRecord, rowsOf } from '../../db/rows';
import { companies, companyMembers, orders, tools, user } from '../../db/schema';
import type { NewLine, ToolRow, Tx } from './orders.repository';

const placeOutcomes = [
  'placed',
  'awaiting_approval',
  'no_buyer',
  'unverified',
  'too_many_unpaid',
  'too_much_unpaid',
  'over_half',
  'changed',
  'no_account',
  'account_currency',
  'over_credit',
  'statement_overdue',
] as const;

/** An order judged on `tools` (as read), to be written by `placeJudged`. */
export type JudgedOrder = {
  order: Pick<
    typeof orders.$inferInsert,
    | 'id'
    | 'userId'
    | 'phone'
    | 'address'
    | 'holdUntil'
    | 'totalCents'
    | 'country'
    | 'shippingCents'
    | 'taxCents'
    | 'taxRateBp'
    | 'taxTreatment'
    | 'paymentMethod'
    | 'language'
    | 'currency'
    | 'billingAddress'
    | 'company'
    | 'department'
    | 'receiptAddressee'
    | 'receiptNote'
    | 'poNumber'
    | 'requestedDate'
    | 'enteredBy'
    | 'status'
  >;
  /** A yen order's cap on its buyer's unpaid yen orders (yen); a dollar order's is the caps' `valueCents`. */
  maxUnpaidYen?: number | null;
  /**
   * On account: the shop's day it is placed on (YYYY-MM-DD); a statement of the company due before
   * it and not paid in full stops it (decision 0076). None: not checked.
   */
  shopDay?: string | null;
  lines: NewLine[];
  tools: ToolRow[];
};

/**
 * What `placeJudged` did with one order, and the buyer's address and name as the order records
 * them. `too_much_unpaid`: `allowed` is the value (cents) the buyer already holds unpaid;
 * `over_half`: `line` (0-based) asks for more than half of its tool's stock, `allowed` pieces at most.
 * On account (decision 0067): `no_account`, the buyer is no member of an approved company with
 * terms; `account_currency`, the order is not in the account's currency; `over_credit`, the
 * company's open balance and the order pass its credit limit, `allowed` is what is left of it;
 * `statement_overdue`, a statement of the company due before the order's `shopDay` is not paid in full.
 * `awaiting_approval`: placed, above the member's spending limit, waiting for the company owner.
 * `number`: a placed order's number (null for the others).
 */
export type PlaceOutcome = {
  outcome: (typeof placeOutcomes)[number];
  email: string | null;
  name: string | null;
  line: number | null;
  allowed: number | null;
  number: number | null;
};

const isPlaceOutcome = (value: unknown): value is PlaceOutcome['outcome'] =>
  placeOutcomes.some((o) => o === value);
const textOrNull = (value: unknown): string | null => {
  if (value === null || typeof value === 'string') return value;
  throw new TypeError('place_orders answered a field that is not text');
};
const numberOrNull = (value: unknown): number | null => {
  if (value === null || typeof value === 'number') return value;
  throw new TypeError('place_orders answered a field that is not a number');
};

/**
 * A row of `place_orders`, read by hand rather than by a schema: it is on the path of every
 * order placed (a thousand and more a second), and six fields are checked quicker this way.
 */
const placeOutcomeRow: RowParser<PlaceOutcome> = {
  parse(row) {
    const r = rowRecord(row);
    if (!isPlaceOutcome(r.outcome)) throw new Error('place_orders answered nothing known');
    return {
      outcome: r.outcome,
      email: textOrNull(r.email),
      name: textOrNull(r.name),
      line: numberOrNull(r.line),
      allowed: numberOrNull(r.allowed),
      number: numberOrNull(r.number),
    };
  },
};

const partyColumns = {
  billingAddress: 'billing_address',
  company: 'company',
  department: 'department',
  receiptAddressee: 'receipt_addressee',
  receiptNote: 'receipt_note',
  poNumber: 'po_number',
  requestedDate: 'requested_date',
  enteredBy: 'entered_by',
} as const;

/**
 * An order's parties (and the admin who entered it for its buyer) as place_orders reads them: the
 * given ones only, so an order without them costs nothing more.
 */
function partiesJson(order: JudgedOrder['order']): Record<string, string> {
  const json: Record<string, string> = {};
  for (const [field, column] of Object.entries(partyColumns)) {
    const value = order[field as keyof typeof partyColumns];
    if (value) json[column] = value;
  }
  return json;
}

/** What one account may hold unpaid: orders, and their value in cents (approved buyers: the count only). */
export type UnpaidCaps = { orders: number; valueCents: number };

/** Placing orders: the tools judged, and the one call that writes them (`place_orders`). */
export const placingRepository = {
  /** The account a buyer orders on: their company's currency and credit limit (null: none). */
  async accountOf(tx: Tx, userId: string) {
    const [found] = await tx
      .select({ currency: companies.currency, creditLimitMinor: companies.creditLimitMinor })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId));
    return found ?? null;
  },

  /**
   * Who approves an order waiting for approval: the owner of the company on the order, and the
   * company's language (its mails'); null when the order names no company or it has no owner.
   */
  async approverOf(tx: Tx, orderId: string) {
    const [found] = await tx
      .select({ email: user.email, name: user.name, language: companies.language })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .innerJoin(
        companyMembers,
        and(eq(companyMembers.companyId, companies.id), eq(companyMembers.role, 'owner')),
      )
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(eq(orders.id, orderId));
    return found ?? null;
  },

  /** The tools of an order as they are now (judged by the rules before `placeJudged`). */
  toolsForOrder(tx: Tx, ids: string[]): Promise<ToolRow[]> {
    return tx.select().from(tools).where(inArray(tools.id, ids));
  },

  /**
   * Writes judged orders in one call (migration 0009, `place_orders`; decisions 0017, 0022): locks
   * their buyers, then their tools, each in id order; then, order by order as given, checks the
   * buyer (still there, address confirmed, fewer than `caps.orders` unpaid orders, counting those
   * placed just before in the same call) and takes every line's stock only if every tool is still
   * as it was judged (stock left, price, terms, name); then, unless an admin approved the buyer,
   * that their unpaid orders stay within `caps.valueCents` (a yen order: their unpaid yen orders
   * within its `maxUnpaidYen`) and that no line holds more than half
   * of its tool's stock (migration 0010). An order that does not hold is not written and its
   * outcome says why; the others are. No lock outlives the call: it is its own transaction.
   */
  async placeJudged(db: Tx, judged: JudgedOrder[], caps: UnpaidCaps): Promise<PlaceOutcome[]> {
    const wanted = judged.map(({ order, lines, tools: asRead, maxUnpaidYen, shopDay }) => {
      const asJudged = new Map(asRead.map((t) => [t.id, t]));
      return {
        id: order.id,
        user_id: order.userId,
        phone: order.phone,
        address: order.address,
        hold_until: order.holdUntil,
        total_cents: order.totalCents,
        country: order.country,
        shipping_cents: order.shippingCents,
        tax_cents: order.taxCents,
        tax_rate_bp: order.taxRateBp,
        tax_treatment: order.taxTreatment,
        payment_method: order.paymentMethod,
        // The state it is placed in, as the order-state table says for its way to pay.
        status: order.status,
        // Written with the order (migration 0030); none for English.
        language: order.language ?? null,
        // A yen order (migration 0038): its amounts are yen, capped apart from the dollar ones.
        currency: order.currency ?? 'USD',
        max_unpaid_yen: maxUnpaidYen ?? null,
        // On account (migration 0051): the day after which an unpaid statement stops it.
        ...(shopDay ? { shop_day: shopDay } : {}),
        // The buyer as a business (migration 0041), each only when given: place_orders reads a
        // missing one as none (the company and department: the profile's).
        ...partiesJson(order),
        lines: lines.map((l) => {
          const t = asJudged.get(l.toolId);
          if (!t) throw new Error('every line needs its judged tool');
          return {
            tool_id: l.toolId,
            quantity: l.quantity,
            per_price_cents: l.perPriceCents,
            product_name: t.productName,
            price_cents: t.priceCents,
            min_quantity: t.minQuantity,
            pack_size: t.packSize,
            volume_prices: t.volumePrices,
            price_yen: t.priceYen,
            volume_prices_yen: t.volumePricesYen,
          };
        }),
      };
    });
    const result = await db.execute(sql`
      select position, outcome, buyer_email as email, buyer_name as name, line, allowed::float8 as allowed,
        number::float8 as number
      from place_orders(${caps.orders}::int, ${caps.valueCents}::bigint, ${JSON.stringify(wanted)}::jsonb)
      order by position`);
    const rows = rowsOf(result, placeOutcomeRow);
    if (rows.length !== judged.length) throw new Error('place_orders answered nothing known');
    return rows;
  },
};
