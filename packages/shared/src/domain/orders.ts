import { inEnglish, says } from './messages';
import { type Currency, centsToDollars, MAX_ORDER_MINOR } from './money';
import type { Said } from './translation';

/**
 * The order and trade rules (docs/rules.md, "Where every rule lives"), free of zod so the
 * browser's first download can use them. The server applies the same functions to the rows it
 * has locked, so what a screen says about a line and what the server decides cannot differ.
 */

export const orderStatuses = [
  'unpaid',
  'paid',
  'shipped',
  'cancelled',
  'on_account',
  'account_shipped',
  'awaiting_approval',
] as const;
export type OrderStatusName = (typeof orderStatuses)[number];

/**
 * The words the screens use for each state, one source for every place that shows a state: the
 * buyer's (spec §4: 'Paid' after payment), and the admin's, which the CSV export writes too
 * (spec §2, §4: 'unpaid' versus 'Pending').
 */
export const customerStateLabel: Record<OrderStatusName, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  on_account: 'On account',
  account_shipped: 'Shipped — on account',
  awaiting_approval: 'Awaiting approval',
};
export const adminStateLabel: Record<OrderStatusName, string> = {
  unpaid: 'unpaid',
  paid: 'Pending',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  on_account: 'On account',
  account_shipped: 'Shipped — on account',
  awaiting_approval: 'Awaiting approval',
};

/**
 * What can happen to an order, as its history (`events`) lists them (docs/rules.md, "The order desk"). 'placed' comes
 * from the order itself; 'payment recorded' is kept for money an admin records (a bank transfer).
 */
export const orderEventTypes = [
  'placed',
  'paid',
  'payment recorded',
  'shipped',
  'cancelled',
  'refunded',
  'note',
] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

/** An order's number as people read it: `K-` and at least six digits (`K-000123`). */
export const formatOrderNumber = (n: number): string => `K-${String(n).padStart(6, '0')}`;

/** The order number a search names — `K-000123`, `k123` or `000123` — or null. */
export function orderNumberIn(search: string): number | null {
  const digits = /^\s*(?:k-?)?(\d{1,15})\s*$/i.exec(search)?.[1];
  return digits === undefined ? null : Number(digits);
}

/** What the pricing and quantity rules need to know about a tool; prices in any one unit. */
export type PricedTool = {
  minQuantity: number;
  /** How many are available (the spec's maxQuantity). */
  available: number;
  packSize: number;
  price: number;
  /** Price breaks: from `minQuantity` pieces, `price` each; `minQuantity` increasing. */
  breaks: readonly { minQuantity: number; price: number }[];
};

/** Sold out when less is available than the minimum order. */
export const isSoldOut = (tool: Pick<PricedTool, 'minQuantity' | 'available'>): boolean =>
  tool.available < tool.minQuantity;

/** The unit price of `quantity` pieces: the price of the largest break it reaches, else the base price. */
export function unitPrice(tool: Pick<PricedTool, 'price' | 'breaks'>, quantity: number): number {
  let price = tool.price;
  for (const b of tool.breaks) if (quantity >= b.minQuantity) price = b.price;
  return price;
}

/** The next break above `quantity`, with how many more pieces reach it; null when none is left. */
export function nextBreak(
  tool: Pick<PricedTool, 'breaks' | 'packSize'>,
  quantity: number,
): { more: number; price: number; minQuantity: number } | null {
  const next = tool.breaks.find((b) => b.minQuantity > quantity);
  if (!next) return null;
  const target = Math.ceil(next.minQuantity / tool.packSize) * tool.packSize;
  return { more: target - quantity, price: next.price, minQuantity: next.minQuantity };
}

/** The nearest quantity on the pack size at or above `quantity` (the stepper's correction). */
export const roundToPack = (quantity: number, packSize: number): number =>
  Math.max(packSize, Math.ceil(quantity / packSize) * packSize);

type LineProblemCode =
  | 'not_whole'
  | 'sold_out'
  | 'below_minimum'
  | 'pack_size'
  | 'above_available'
  | 'too_large';
export type LineProblem = { code: LineProblemCode; status: 400 | 409; message: string };
/** A line's problem with its message by key, which the server answers in the reader's language. */
export type LineProblemSaid = { code: LineProblemCode; status: 400 | 409; said: Said };

const problem = (code: LineProblemCode, status: 400 | 409, said: Said): LineProblemSaid => ({
  code,
  status,
  said,
});

/** A problem of one field of a tool's terms: where, and its message by key. */
export type FieldProblemSaid = { path: string; said: Said };

const fieldProblem = (path: string, said: Said): FieldProblemSaid => ({ path, said });

/**
 * The minimum order value (docs/rules.md, "Shop settings"), on the goods total: what the buyer is told when an order's
 * goods (cents) come to less than the shop's minimum (cents; null: none), else null. The cart
 * says it before checkout and the server refuses with it (400), in the same words.
 */
export function minimumOrderSaid(
  goodsCents: number,
  minimumCents: number | null,
  currency: Currency = 'USD',
): Said | null {
  if (minimumCents === null || goodsCents >= minimumCents) return null;
  if (currency === 'JPY') return says.belowMinimumOrderYen(minimumCents, minimumCents - goodsCents);
  return says.belowMinimumOrder(centsToDollars(minimumCents), centsToDollars(minimumCents - goodsCents));
}

/** `minimumOrderSaid` in English (the cart says it in the reader's language). */
export function minimumOrderProblem(
  goodsCents: number,
  minimumCents: number | null,
  currency: Currency = 'USD',
): string | null {
  const found = minimumOrderSaid(goodsCents, minimumCents, currency);
  return found && inEnglish(found);
}

/**
 * Why `quantity` pieces of `tool` cannot be ordered as asked, or null when they can. Rules that
 * do not depend on stock (whole number, minimum, pack size, the order limit) are 400; stock is
 * 409. `totalCents` is the line's total when known, to keep one order within a card payment.
 */
export function lineProblemSaid(
  tool: PricedTool,
  quantity: number,
  totalCents?: number,
): LineProblemSaid | null {
  if (!Number.isInteger(quantity) || quantity < 1) return problem('not_whole', 400, says.quantityWhole);
  if (isSoldOut(tool)) return problem('sold_out', 409, says.soldOut);
  if (quantity < tool.minQuantity)
    return problem('below_minimum', 400, says.belowMinimumOf(tool.minQuantity));
  if (quantity % tool.packSize !== 0) return problem('pack_size', 400, says.packSize(tool.packSize));
  if (quantity > tool.available) return problem('above_available', 409, says.onlyLeft(tool.available));
  if (totalCents !== undefined && totalCents > MAX_ORDER_MINOR)
    return problem('too_large', 400, says.orderTooLarge);
  return null;
}

/** `lineProblemSaid` with its message in English (the web's form says it in the reader's language). */
export function lineProblem(tool: PricedTool, quantity: number, totalCents?: number): LineProblem | null {
  const found = lineProblemSaid(tool, quantity, totalCents);
  return found && { code: found.code, status: found.status, message: inEnglish(found.said) };
}

/** At most this many price breaks on one tool. */
export const MAX_PRICE_BREAKS = 5;

/** A tool's trade terms as an admin sets them (prices in dollars or cents, one unit throughout). */
export type TradeTerms = {
  minQuantity: number;
  price: number;
  packSize: number;
  breaks: readonly { minQuantity: number; price: number }[];
};

/**
 * What is wrong with a tool's trade terms, each problem with the field it belongs to (`path`,
 * e.g. `volumePrices.1.minQuantity`): the minimum on the pack size; at most five breaks, each
 * starting above the minimum, at increasing quantities on the pack size, each cheaper than the
 * one before and than the base price. The product form and the server (after merging an edit
 * with the stored tool) ask the same question.
 */
export function tradeTermsProblemsSaid(terms: TradeTerms): FieldProblemSaid[] {
  const problems: FieldProblemSaid[] = [];
  const { packSize, breaks } = terms;
  if (!Number.isInteger(packSize) || packSize < 1) return [fieldProblem('packSize', says.packSizeInvalid)];
  if (terms.minQuantity % packSize !== 0)
    problems.push(fieldProblem('minQuantity', says.minimumNotOnPack(packSize)));
  if (breaks.length > MAX_PRICE_BREAKS)
    problems.push(fieldProblem('volumePrices', says.breaksTooMany(MAX_PRICE_BREAKS)));
  let lastQuantity = terms.minQuantity;
  let lastPrice = terms.price;
  breaks.forEach((b, i) => {
    const at = `volumePrices.${i}`;
    if (b.minQuantity <= terms.minQuantity)
      problems.push(fieldProblem(`${at}.minQuantity`, says.breakNotAboveMinimum));
    else if (b.minQuantity <= lastQuantity)
      problems.push(fieldProblem(`${at}.minQuantity`, says.breaksNotIncreasing));
    else if (b.minQuantity % packSize !== 0)
      problems.push(fieldProblem(`${at}.minQuantity`, says.breakNotOnPack(packSize)));
    if (b.price >= lastPrice) problems.push(fieldProblem(`${at}.perPrice`, says.breakNotCheaper));
    lastQuantity = Math.max(lastQuantity, b.minQuantity);
    lastPrice = Math.min(lastPrice, b.price);
  });
  return problems;
}

/** `tradeTermsProblemsSaid` with each message in English (the product form says it in the reader's language). */
export function tradeTermsProblems(terms: TradeTerms): { path: string; message: string }[] {
  return tradeTermsProblemsSaid(terms).map(({ path, said }) => ({ path, message: inEnglish(said) }));
}

/**
 * How an order is paid: by card through the payment provider, by bank transfer recorded by an
 * admin, or on its company's account (decision 0067: a member of an approved company with terms,
 * paid later through the company's statement).
 */
export const paymentMethods = ['card', 'transfer', 'account'] as const;
/** The ways an unpaid order may be switched between (an order is on account only as placed). */
export const switchablePaymentMethods = ['card', 'transfer'] as const;
/** No tax (tax is off), tax charged (delivered inside the shop's country), or an export (tax exempt). */
export const taxTreatments = ['none', 'domestic', 'export'] as const;
