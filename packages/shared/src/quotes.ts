import { z } from 'zod';
import { pageQuery } from './common';
import { MAX_ORDER_LINES, MAX_QUOTE_QUANTITY, QUOTE_NOTE_MAX_LENGTH } from './domain/limits';
import { says, told } from './domain/messages';
import { currencies } from './domain/money';
import { eachToolOnce } from './orders';

/*
 * Requests for a quote (見積依頼, modules/quotes/): a buyer asks the shop to quote for the lines of
 * their cart; the shop reads them in its inbox. Answering with a quote comes later.
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

/** Open until the shop answers it (the only state for now). */
export const quoteRequestStatuses = ['open'] as const;

/** A line as asked: the tool's names and list price per unit (minor unit of `currency`) at the time. */
export const quoteRequestLine = z.object({
  /** Null once the tool is deleted; its names stay as asked. */
  toolId: z.uuid().nullable(),
  productName: z.string(),
  productNameJa: z.string().nullable(),
  quantity: z.number().int(),
  listPrice: z.number().int(),
  currency: z.enum(currencies),
});
export type QuoteRequestLine = z.infer<typeof quoteRequestLine>;

export const quoteRequest = z.object({
  _id: z.uuid(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  createdAt: z.string(),
  note: z.string().nullable(),
  status: z.enum(quoteRequestStatuses),
  lines: z.array(quoteRequestLine),
});
export type QuoteRequest = z.infer<typeof quoteRequest>;
export const quoteRequestList = z.array(quoteRequest);

/** GET /api/quote-requests and …/mine: one page, newest first. */
export const quoteRequestsQuery = pageQuery;
export type QuoteRequestsQuery = z.infer<typeof quoteRequestsQuery>;
