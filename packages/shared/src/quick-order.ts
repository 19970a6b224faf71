import { z } from 'zod';
import { issueOf, says, told } from './domain/messages';
import { QUICK_ORDER_MAX_ROWS } from './domain/quick-order';
import { orderLineRequest } from './orders';

/**
 * Quick order and saved lists (docs/rules.md, "Quick order"; decision 0055): the schemas of
 * POST /api/quick-order/resolve and of /api/lists.
 */

/** At most this many saved lists per account… */
export const MAX_SAVED_LISTS = 50;
/** …each of at most this many lines… */
export const MAX_LIST_LINES = 500;
/** …and a name of at most this many characters. */
export const LIST_NAME_MAX_LENGTH = 80;

/**
 * One row to resolve: a code (SKU or JAN, as typed, pasted or scanned) and how many. Without a
 * quantity, the tool's minimum order is meant. A quantity that is no whole number, or below 1, is
 * answered as that row's problem, not refused for the whole request.
 */
const quickOrderRow = z.object({
  code: z.string().max(100),
  quantity: z.number().min(-1_000_000_000).max(1_000_000_000).nullish(),
});

export const resolveRequest = z.object({
  rows: z
    .array(quickOrderRow)
    .max(QUICK_ORDER_MAX_ROWS, told(says.quickOrderTooManyRows(QUICK_ORDER_MAX_ROWS))),
});
export type ResolveRequest = z.infer<typeof resolveRequest>;

/**
 * One row resolved, in the request's order: `row` is its number (from 1); the tool the code names
 * (on sale), its name in the reader's language, the quantity priced (as sent, or the minimum),
 * the unit price at that quantity (its volume break) and the line's total; `problem` (in the
 * reader's language) when it cannot be ordered as it is: an unknown code, a quantity off the
 * pack size or below the minimum, more than is in stock.
 */
export const resolvedRow = z.object({
  row: z.number().int(),
  code: z.string(),
  toolId: z.uuid().optional(),
  productName: z.string().optional(),
  quantity: z.number().optional(),
  packSize: z.number().int().optional(),
  minQuantity: z.number().int().optional(),
  unitPrice: z.number().optional(),
  totalPrice: z.number().optional(),
  problem: z.string().optional(),
});
export type ResolvedRow = z.infer<typeof resolvedRow>;
export const resolveResponse = z.array(resolvedRow);

/** Each tool once in a list: a second line of the same tool is refused where it stands. */
function eachToolOnce(lines: { toolId: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    if (seen.has(line.toolId))
      ctx.addIssue({ code: 'custom', path: [i, 'toolId'], ...issueOf(says.duplicateLine) });
    seen.add(line.toolId);
  });
}

const listName = z
  .string(told(says.listNameRequired))
  .trim()
  .min(1, told(says.listNameRequired))
  .max(LIST_NAME_MAX_LENGTH, told(says.atMostCharacters(LIST_NAME_MAX_LENGTH)));

const listLines = z
  .array(orderLineRequest)
  .max(MAX_LIST_LINES, told(says.listLinesTooMany(MAX_LIST_LINES)))
  .superRefine(eachToolOnce);

/** A new list: its name and lines (from the cart, an order or quick order). */
export const createListRequest = z.object({ name: listName, lines: listLines });
export type CreateListRequest = z.infer<typeof createListRequest>;

/** A new list made from one of the buyer's orders: its name; the lines are the order's. */
export const listFromOrderRequest = z.object({ name: listName });
export type ListFromOrderRequest = z.infer<typeof listFromOrderRequest>;

/** A list's new name, or its new lines (all of them), or both. */
export const updateListRequest = z
  .object({ name: listName.optional(), lines: listLines.optional() })
  .refine((v) => v.name !== undefined || v.lines !== undefined, told(says.nothingToChange));
export type UpdateListRequest = z.infer<typeof updateListRequest>;

/** A list as GET /api/lists shows it: no prices, only how many lines. */
export const savedListSummary = z.object({
  _id: z.uuid(),
  name: z.string(),
  lineCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const savedListSummaries = z.array(savedListSummary);
export type SavedListSummary = z.infer<typeof savedListSummary>;

/** One line of a list at today's price, with its problem (in the reader's language) or null. */
export const savedListLine = z.object({
  toolId: z.uuid(),
  quantity: z.number().int(),
  productName: z.string(),
  perPrice: z.number(),
  totalPrice: z.number(),
  problem: z.string().nullable(),
});
/** A list whole: its lines at today's prices; `totalPrice` sums the lines that can be bought as they are. */
export const savedList = savedListSummary.extend({ lines: z.array(savedListLine), totalPrice: z.number() });
export type SavedList = z.infer<typeof savedList>;
