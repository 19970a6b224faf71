import { z } from 'zod';
import { pageQuery } from './common';
import { MAX_ORDER_LINES, MAX_QUOTE_QUANTITY, QUOTE_NOTE_MAX_LENGTH } from './domain/limits';
import { issueOf, says, told } from './domain/messages';
import { currencies, quotedAmountFits } from './domain/money';
import { quoteRequestStates, quoteStates } from './domain/order-state';
import { addressField, eachToolOnce, order, orderParties, paymentMethod } from './orders';
import { phoneField } from './phone-field';
import { countryCode } from './shop-settings';
import { emailField } from './users';

/*
 * Requests for a quote (見積依頼, modules/quotes/): a buyer asks the shop to quote for the lines of
 * their cart; the shop reads them in its inbox and answers with a quote (見積書), which the buyer
 * accepts into an order or declines.
 */

const whole = told(says.quantityWhole);

/** One line asked about: a tool and how many pieces. */
export const quoteLineRequest = z.object({
  toolId: z.uuid(told(says.toolIdInvalid)),
  quantity: z
    .number(whole)
    .int(whole)
    .min(1, whole)
    .max(MAX_QUOTE_QUANTITY, told(says.quoteQuantityTooLarge(MAX_QUOTE_QUANTITY))),
});

/** POST /api/quote-requests: 1–50 lines, each tool once, and an optional note (trimmed; '' is none). */
export const quoteRequestRequest = z.object({
  lines: z
    .array(quoteLineRequest, told(says.quoteLinesRequired))
    .min(1, told(says.quoteLinesRequired))
    .max(MAX_ORDER_LINES, told(says.quoteLinesTooMany(MAX_ORDER_LINES)))
    .superRefine(eachToolOnce),
  note: z
    .string()
    .trim()
    .max(QUOTE_NOTE_MAX_LENGTH, told(says.quoteNoteTooLong(QUOTE_NOTE_MAX_LENGTH)))
    .optional(),
});
export type QuoteRequestRequest = z.input<typeof quoteRequestRequest>;
export const quoteRequestCreated = z.object({ _id: z.uuid() });

/**
 * A line as asked: the tool's names and list price per unit (minor unit of `currency`) at the time;
 * `listPriceYen`, the tool's yen list price now (whole yen; null: the shop prices in no yen, or the
 * tool is gone), for a quote in yen.
 */
export const quoteRequestLine = z.object({
  /** Null once the tool is deleted; its names stay as asked. */
  toolId: z.uuid().nullable(),
  productName: z.string(),
  productNameJa: z.string().nullable(),
  quantity: z.number().int(),
  listPrice: z.number().int(),
  currency: z.enum(currencies),
  listPriceYen: z.number().int().nullable(),
});
export type QuoteRequestLine = z.infer<typeof quoteRequestLine>;

export const quoteRequest = z.object({
  _id: z.uuid(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  createdAt: z.string(),
  note: z.string().nullable(),
  /**
   * Open until the shop answers it (again, once its quote was withdrawn); answered while its quote
   * is open; closed once that quote was accepted, declined or has expired (`quoteRequestStateAt`).
   */
  status: z.enum(quoteRequestStates),
  /** Its latest quote (number and state as at reading), or null before the shop answered it. */
  quote: z.object({ _id: z.uuid(), number: z.string(), state: z.enum(quoteStates) }).nullable(),
  /**
   * The currency the shop charges this buyer's orders in (`orderCurrency` of the country on their
   * profile, else of the shop's own): the currency a quote answering it starts in.
   */
  orderCurrency: z.enum(currencies),
  lines: z.array(quoteRequestLine),
});
export type QuoteRequest = z.infer<typeof quoteRequest>;
export const quoteRequestList = z.array(quoteRequest);

/** GET /api/quote-requests and …/mine: one page, newest first. */
export const quoteRequestsQuery = pageQuery;
export type QuoteRequestsQuery = z.infer<typeof quoteRequestsQuery>;

/** One line of a quote as the shop makes it: a tool, how many, and the unit price quoted (major unit). */
export const quoteLineInput = quoteLineRequest.extend({ unitPrice: z.number() });

/**
 * POST /api/quotes (admin): the shop's answer — to a request (`requestId`), or of its own — for the
 * buyer whose account has `buyerEmail`: 1–50 lines each with its quoted unit price (dollars with
 * two decimals, or whole yen, above zero), shipping (none: free), valid until a time still to
 * come, whether it holds its stock until then, and a note. The currency is dollars unless said.
 */
export const createQuoteRequest = z
  .object({
    requestId: z.uuid(told(says.idInvalid)).optional(),
    buyerEmail: emailField,
    currency: z.enum(currencies, told(says.currencyInvalid)).default('USD'),
    lines: z
      .array(quoteLineInput, told(says.quoteLinesRequired))
      .min(1, told(says.quoteLinesRequired))
      .max(MAX_ORDER_LINES, told(says.quoteLinesTooMany(MAX_ORDER_LINES)))
      .superRefine(eachToolOnce),
    shippingPrice: z.number().optional(),
    validUntil: z.iso.datetime({ offset: true, ...told(says.quoteValidUntilInvalid) }),
    holdsStock: z.boolean(),
    note: z
      .string()
      .trim()
      .max(QUOTE_NOTE_MAX_LENGTH, told(says.quoteNoteTooLong(QUOTE_NOTE_MAX_LENGTH)))
      .optional(),
  })
  .superRefine((v, ctx) => {
    const yen = v.currency === 'JPY';
    v.lines.forEach((l, i) => {
      if (!quotedAmountFits(l.unitPrice, v.currency, 'above zero'))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'unitPrice'],
          ...issueOf(yen ? says.quoteUnitYenInvalid : says.quoteUnitPriceInvalid),
        });
    });
    if (v.shippingPrice !== undefined && !quotedAmountFits(v.shippingPrice, v.currency, 0))
      ctx.addIssue({
        code: 'custom',
        path: ['shippingPrice'],
        ...issueOf(yen ? says.quoteShippingYenInvalid : says.quoteShippingInvalid),
      });
  });
export type CreateQuoteRequest = z.input<typeof createQuoteRequest>;
export type CreateQuoteForm = z.infer<typeof createQuoteRequest>;
export const quoteCreated = z.object({ _id: z.uuid(), number: z.string() });

/** A quote's line: the tool's names as quoted, how many, the quoted and the list unit price (minor units). */
export const quoteLine = z.object({
  /** Null once the tool is deleted; its names stay as quoted. */
  toolId: z.uuid().nullable(),
  productName: z.string(),
  productNameJa: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  listPrice: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

/**
 * A quote as its buyer and the shop read it. `state` is as at the time of reading: an open quote
 * past its valid-until time reads `expired` before the scheduler gets to it. Amounts in minor units.
 */
export const quote = z.object({
  _id: z.uuid(),
  number: z.string(),
  requestId: z.uuid().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  currency: z.enum(currencies),
  lines: z.array(quoteLine),
  goodsTotal: z.number().int(),
  /** Null: shipping as the shop's zones charge it when the quote is accepted. */
  shippingPrice: z.number().int().nullable(),
  validUntil: z.string(),
  note: z.string().nullable(),
  holdsStock: z.boolean(),
  state: z.enum(quoteStates),
  orderId: z.uuid().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type Quote = z.infer<typeof quote>;
export const quoteList = z.array(quote);

/** GET /api/quotes: one page, newest first (the buyer's own; an admin's: every quote). */
export const quotesQuery = pageQuery;
export type QuotesQuery = z.infer<typeof quotesQuery>;

/**
 * POST /api/quotes/{id}/accept: how the buyer pays (card, transfer, or on account where their
 * company has terms) and where the goods go, as the checkout asks; a purchase-order number.
 */
export const acceptQuoteRequest = z.object({
  paymentMethod,
  phone: phoneField,
  address: addressField,
  country: countryCode,
  poNumber: orderParties.poNumber,
});
export type AcceptQuoteRequest = z.input<typeof acceptQuoteRequest>;
export type AcceptQuoteForm = z.infer<typeof acceptQuoteRequest>;
export const acceptedQuote = order;
export const quoteMoved = z.object({ _id: z.uuid(), state: z.enum(quoteStates) });
