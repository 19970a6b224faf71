import { z } from 'zod';
import { pageQuery } from './common';
import { destinationSaid } from './domain/destination';
import {
  CANCEL_REASON_MAX_LENGTH,
  MAX_ORDER_LINES,
  ORDER_NOTE_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  TRACKING_MAX_LENGTH,
} from './domain/limits';
import { issueOf, says, told } from './domain/messages';
import { currencies, dollarsToCents, MAX_ORDER_CENTS } from './domain/money';
import {
  orderEventTypes,
  orderStatuses,
  paymentMethods,
  switchablePaymentMethods,
  taxTreatments,
} from './domain/orders';
import { isRealTimestamp } from './domain/timestamps';
import { MAX_RECORDED_PAYMENT_CENTS, PAYMENT_REFERENCE_MAX_LENGTH } from './domain/transfers';
import { phoneField } from './phone-field';
import { optionalText } from './profile';
import { countryCode } from './shop-settings';
import { emailField } from './users';

export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/** How many pieces at this price (dollars) one card payment carries (the purchase page pays by card). */
export const piecesWithinOrderLimit = (perPrice: number): number =>
  Math.floor(MAX_ORDER_CENTS / Math.max(1, dollarsToCents(perPrice)));

const quantity = z
  .number(told(says.quantityWhole))
  .int(told(says.quantityWhole))
  .min(1, told(says.belowMinimum))
  .max(1_000_000, told(says.aboveAvailable));

export const addressField = z
  .string(told(says.addressRequired))
  .trim()
  .min(1, told(says.addressRequired))
  .max(500, told(says.addressTooLong));

const toolId = z.uuid(told(says.toolIdInvalid));

/** One line of a cart or a trade order: a tool and how many pieces. */
export const orderLineRequest = z.object({
  toolId,
  quantity: z
    .number(told(says.quantityWhole))
    .int(told(says.quantityWhole))
    .min(1, told(says.quantityWhole))
    .max(1_000_000, told(says.aboveAvailable)),
});
export type OrderLineRequest = z.infer<typeof orderLineRequest>;

/** Each tool on one line only: a second line of the same tool is refused where it stands. */
export function eachToolOnce(lines: Pick<OrderLineRequest, 'toolId'>[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    if (seen.has(line.toolId))
      ctx.addIssue({ code: 'custom', path: [i, 'toolId'], ...issueOf(says.duplicateLine) });
    seen.add(line.toolId);
  });
}

/** At most 50 lines, each tool once, in the order the buyer listed them. */
const lineList = z
  .array(orderLineRequest)
  .max(MAX_ORDER_LINES, told(says.tooManyLines(MAX_ORDER_LINES)))
  .superRefine(eachToolOnce);

/** An order's lines: at least one. */
const orderLines = lineList.min(1, told(says.emptyOrder));

/** One line of printable text: no control, format or line-separator characters. */
const printableLine = /^[^\p{C}\p{Zl}\p{Zp}]+$/u;

/** The buyer's purchase-order number (発注番号): 1–40 printable characters on one line; '' is none. */
const poNumberField = z
  .string(told(says.poNumberInvalid))
  .trim()
  .max(40, told(says.poNumberInvalid))
  .refine((v) => v === '' || printableLine.test(v), told(says.poNumberInvalid))
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** The delivery date the buyer asks for, as a day (`2026-12-24`); whether it is past is the server's to judge (the shop's day). */
const requestedDateField = z
  .string(told(says.requestedDateInvalid))
  .trim()
  .refine((v) => v === '' || z.iso.date().safeParse(v).success, told(says.requestedDateInvalid))
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/**
 * The buyer as a business on one order (docs/rules.md, "The buyer's company and address book"),
 * each optional: where the invoice goes when not where the goods go, the company and department
 * it is issued to (the profile's when none is sent), the receipt's addressee (宛名; the company when
 * none) and note (但し書き; "for goods" when none), the purchase-order number and the delivery date
 * asked for. Sent by the checkout; the purchase page sends none of them.
 */
export const orderParties = {
  billingAddress: z
    .string(told(says.addressRequired))
    .trim()
    .max(500, told(says.addressTooLong))
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  company: optionalText(100),
  department: optionalText(100),
  receiptAddressee: optionalText(100),
  receiptNote: optionalText(60),
  poNumber: poNumberField,
  requestedDate: requestedDateField,
};

export const paymentMethod = z.enum(paymentMethods, told(says.paymentMethodInvalid));
export type PaymentMethod = z.infer<typeof paymentMethod>;
/** The ways an unpaid order may be switched between, and a payment's: never the account. */
export const switchablePaymentMethod = z.enum(switchablePaymentMethods, told(says.paymentMethodInvalid));
export type SwitchablePaymentMethod = z.infer<typeof switchablePaymentMethod>;

/**
 * POST /api/order: the spec's one tool (`toolId`, `quantity`) or a trade order's `lines`, with
 * phone and address. The server takes name and e-mail from the session and prices from the
 * database; a `perPrice`/`totalPrice` the client sends is only compared (409 if it differs).
 * Other fields the spec's client sends (email, name, productName) are ignored.
 */
export const placeOrderRequest = z
  .object({
    toolId: toolId.optional(),
    quantity: quantity.optional(),
    lines: orderLines.optional(),
    phone: phoneField,
    address: addressField,
    perPrice: z.number().optional(),
    totalPrice: z.number().optional(),
    /** Where the order goes (ISO 3166-1 alpha-2); the shop's own country when not given. */
    country: countryCode.optional(),
    /** How the buyer will pay: by card (the default) or by bank transfer. */
    paymentMethod: paymentMethod.optional(),
    /**
     * The currency the client priced the order in, when it knows one: the server decides it from
     * the destination and refuses (409) an order whose client priced it in another.
     */
    currency: z.enum(currencies, told(says.currencyInvalid)).optional(),
    ...orderParties,
  })
  .superRefine((v, ctx) => {
    if (v.lines) {
      if (v.toolId !== undefined || v.quantity !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['lines'],
          ...issueOf(says.linesOrTool),
        });
      return;
    }
    if (v.toolId === undefined)
      ctx.addIssue({ code: 'custom', path: ['toolId'], ...issueOf(says.toolIdInvalid) });
    if (v.quantity === undefined)
      ctx.addIssue({ code: 'custom', path: ['quantity'], ...issueOf(says.quantityWhole) });
  });
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

/**
 * POST /api/orders/entered (admin): an order the shop enters for a buyer — a phone or fax order
 * (docs/rules.md, "Orders entered by the shop"). The buyer by their account's e-mail address, then
 * what the buyer's own checkout sends; priced and judged by the same rules, as that buyer.
 */
export const enterOrderRequest = z.object({
  buyerEmail: emailField,
  lines: orderLines,
  phone: phoneField,
  address: addressField,
  country: countryCode.optional(),
  paymentMethod: paymentMethod.optional(),
  ...orderParties,
});
export type EnterOrderRequest = z.input<typeof enterOrderRequest>;
export type EnterOrderForm = z.infer<typeof enterOrderRequest>;

/** The order form on the purchase page (the server-side request without the tool). */
export const orderForm = z.object({ quantity, phone: phoneField, address: addressField });
export type OrderForm = z.infer<typeof orderForm>;
/**
 * The checkout form: where the whole cart goes, and how it is paid. The country must agree with the
 * address (`destinationProblem`, as the server judges it), said on the country.
 */
export const checkoutForm = z
  .object({
    phone: phoneField,
    address: addressField,
    country: countryCode,
    paymentMethod,
    ...orderParties,
  })
  .superRefine((v, ctx) => {
    const elsewhere = destinationSaid(v.address, v.country);
    if (elsewhere) ctx.addIssue({ code: 'custom', path: ['country'], ...issueOf(elsewhere) });
  });
export type CheckoutForm = z.infer<typeof checkoutForm>;
export type CheckoutFormInput = z.input<typeof checkoutForm>;

export const orderLine = z.object({
  toolId: z.uuid(),
  productName: z.string(),
  /** The tool's Japanese name as it was ordered; absent when it had none (names kept as ordered). */
  productNameJa: z.string().nullish(),
  /** The tool's SKU (品番) as it was ordered; absent when it had none, or was ordered before codes were kept. */
  sku: z.string().optional(),
  /** The tool's JAN as it was ordered; absent likewise. */
  jan: z.string().optional(),
  quantity: z.number().int(),
  perPrice: z.number(),
  totalPrice: z.number(),
});
export type OrderLine = z.infer<typeof orderLine>;

/**
 * An order. `toolId`, `productName`, `quantity` and `perPrice` are the spec's one-tool fields:
 * for a trade order they describe its first line; `lines` has them all, `totalPrice` is the
 * whole order's.
 */
export const order = z.object({
  _id: z.uuid(),
  /** What people call the order: `K-000123` (`formatOrderNumber`). */
  number: z.string(),
  name: z.string(),
  email: z.string(),
  toolId: z.uuid(),
  productName: z.string(),
  /** The first line's Japanese name as it was ordered; absent when it had none. */
  productNameJa: z.string().nullish(),
  quantity: z.number().int(),
  phone: z.string(),
  address: z.string(),
  perPrice: z.number(),
  totalPrice: z.number(),
  lines: z.array(orderLine),
  paid: z.boolean(),
  status: orderStatus,
  transactionId: z.string().nullable(),
  holdUntil: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** Paid through the built-in test processor: no real money moved. */
  testPayment: z.boolean(),
  /** The carrier of a shipped order, when the admin gave one; null otherwise. */
  carrier: z.string().nullable(),
  /** The carrier's tracking number, when the admin gave one; null otherwise. */
  trackingNumber: z.string().nullable(),
  /** When the order was cancelled: by the buyer, by an admin, or when its hold ran out. */
  cancelledAt: z.string().nullable(),
  /** Why an admin cancelled the order (null when the buyer did, or the hold ran out). */
  cancelReason: z.string().nullable(),
  /**
   * When the order's payment was given back: an admin cancelled the paid order, or the payment
   * arrived after the order was cancelled or expired.
   */
  refundedAt: z.string().nullable(),
  /** How much was given back, in dollars ("Cancelled — refunded $X"); null when nothing was. */
  refundAmount: z.number().nullable(),
  /** Where the order goes (ISO 3166-1 alpha-2). */
  country: z.string(),
  /**
   * The order's currency, which every amount of it is in (dollars with cents, or whole yen): yen
   * for a destination the shop prices in yen, dollars elsewhere and for every order placed before.
   */
  currency: z.enum(currencies),
  /** Shipping charged, in dollars (0 when free or the shop charges none). */
  shippingPrice: z.number(),
  /** Consumption tax charged, in dollars. */
  taxPrice: z.number(),
  /** The tax rate applied, in percent (0 unless domestic). */
  taxRatePercent: z.number(),
  /** No tax (off), domestic (charged) or export (exempt). */
  taxTreatment: z.enum(taxTreatments),
  /** Goods + shipping + tax: what the buyer pays. `totalPrice` stays the goods. */
  amountDue: z.number(),
  /**
   * The buyer as a business on this order (`orderParties`), each absent when the order has none:
   * where the invoice goes (absent: where the goods go), the company and department documents are
   * issued to, the receipt's addressee and note as chosen, the purchase-order number and the
   * delivery date asked for (`2026-12-24`).
   */
  billingAddress: z.string().optional(),
  company: z.string().optional(),
  department: z.string().optional(),
  receiptAddressee: z.string().optional(),
  receiptNote: z.string().optional(),
  poNumber: z.string().optional(),
  requestedDate: z.string().optional(),
  /** The admin who entered the order for its buyer (a phone or fax order); absent: the buyer placed it. */
  enteredBy: z.string().optional(),
  paymentMethod,
  /**
   * What has reached the amount due, in dollars: the card payment, or the bank transfers recorded
   * so far ("partly paid $X of $Y" while it is less). Money owed back is not counted.
   */
  amountPaid: z.number(),
  /** Money recorded by bank transfer that the shop owes back (on a cancelled order, or beyond the amount due); 0: none. */
  refundOwed: z.number(),
});
export type Order = z.infer<typeof order>;
export const orderList = z.array(order);

/*
 * The order desk (docs/rules.md, "The order desk"): one order whole, shipping with tracking, an admin's cancel with
 * refund, notes.
 */

/** Control characters other than tabs and line breaks: reasons and notes are plain text. */
const controlCharacters = /[^\P{Cc}\t\n\r]/u;

const trackingField = (field: 'carrier' | 'tracking number') =>
  z
    .string(told(says.trackingInvalid(field, TRACKING_MAX_LENGTH)))
    .trim()
    .min(1, told(says.trackingInvalid(field, TRACKING_MAX_LENGTH)))
    .max(TRACKING_MAX_LENGTH, told(says.trackingInvalid(field, TRACKING_MAX_LENGTH)))
    .regex(printableLine, told(says.trackingInvalid(field, TRACKING_MAX_LENGTH)));

/**
 * PATCH /api/order/{id}/ship: the body is optional (the spec's call sends none; the server
 * reads a missing body as null), and so is each field: a carrier alone, a tracking number alone,
 * both or neither. Each is trimmed, 1–64 printable characters on one line.
 */
export const shipRequest = z
  .object({
    carrier: trackingField('carrier').optional(),
    trackingNumber: trackingField('tracking number').optional(),
  })
  .nullish();
export type ShipRequest = z.input<typeof shipRequest>;

/** POST /api/orders/{id}/cancel: an admin cancels an unpaid order, or refunds and cancels a paid one. */
export const cancelOrderRequest = z.object(
  {
    reason: z
      .string(told(says.cancelReasonRequired))
      .trim()
      .min(1, told(says.cancelReasonRequired))
      .max(CANCEL_REASON_MAX_LENGTH, told(says.cancelReasonTooLong(CANCEL_REASON_MAX_LENGTH)))
      .refine((v) => !controlCharacters.test(v), told(says.cancelReasonInvalid)),
  },
  told(says.cancelReasonRequired),
);
export type CancelOrderRequest = z.input<typeof cancelOrderRequest>;

/**
 * POST /api/orders/{id}/decline: the company owner (or an admin) declines an order awaiting
 * approval, saying why; the member is mailed the reason. Trimmed, 1–500 characters, one line or several.
 */
export const declineOrderRequest = z.object(
  {
    reason: z
      .string(told(says.orderDeclineReasonRequired))
      .trim()
      .min(1, told(says.orderDeclineReasonRequired))
      .max(CANCEL_REASON_MAX_LENGTH, told(says.orderDeclineReasonTooLong(CANCEL_REASON_MAX_LENGTH)))
      .refine((v) => !controlCharacters.test(v), told(says.cancelReasonInvalid)),
  },
  told(says.orderDeclineReasonRequired),
);
export type DeclineOrderRequest = z.input<typeof declineOrderRequest>;

/** POST /api/orders/{id}/notes: an admin's note on an order, seen by admins only. */
export const orderNoteRequest = z.object(
  {
    text: z
      .string(told(says.noteRequired))
      .trim()
      .min(1, told(says.noteRequired))
      .max(ORDER_NOTE_MAX_LENGTH, told(says.noteTooLong(ORDER_NOTE_MAX_LENGTH)))
      .refine((v) => !controlCharacters.test(v), told(says.noteInvalid)),
  },
  told(says.noteRequired),
);
export type OrderNoteRequest = z.input<typeof orderNoteRequest>;

/**
 * One thing that happened to an order, oldest first. `by` is "buyer", "shop" (the shop itself: a
 * hold that ran out, the payment processor's webhook) or the admin's name; `note` is the cancel's
 * reason, the carrier and tracking number of a shipment, the amount refunded, or a note's text.
 */
/**
 * A recorded bank transfer's history note as facts, for a page to say in its own language (the
 * `note` says it in English): the amount (dollars), the day it arrived, its reference, and what it
 * did — counted in full, partly paid `paid` of `due`, `refund` beyond the amount due owed back, or
 * all of it owed back because the order was cancelled or already paid.
 */
export const paymentRecordedDetail = z.object({
  kind: z.literal('payment recorded'),
  amount: z.number(),
  receivedOn: z.string(),
  reference: z.string(),
  outcome: z.enum(['counted', 'partly paid', 'overpaid', 'cancelled', 'already paid']),
  paid: z.number().optional(),
  due: z.number().optional(),
  refund: z.number().optional(),
});
export type PaymentRecordedDetail = z.infer<typeof paymentRecordedDetail>;

/**
 * A cancel's history note as facts, where it holds the shop's own words: the reason someone gave
 * (as typed; null when the hold ran out), and what of the transfers recorded is owed back (dollars).
 */
export const cancelledDetail = z.object({
  kind: z.literal('cancelled'),
  reason: z.string().nullable(),
  holdRanOut: z.boolean(),
  owedBack: z.number().optional(),
});
export type CancelledDetail = z.infer<typeof cancelledDetail>;

export const orderEvent = z.object({
  at: z.string(),
  type: z.enum(orderEventTypes),
  by: z.string(),
  note: z.string().nullable(),
  /** The note as facts, where the shop wrote it from them (a recorded transfer, a cancel's own words). */
  detail: z.discriminatedUnion('kind', [paymentRecordedDetail, cancelledDetail]).optional(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

/**
 * A payment on an order; `amount` in dollars: the card payment, or a bank transfer an admin
 * recorded (with the day it arrived, its reference, who recorded it, and what of it is owed back).
 */
export const orderPayment = z.object({
  method: switchablePaymentMethod,
  amount: z.number(),
  /** 'refunded' once the money was given back. */
  status: z.enum(['succeeded', 'refunded']),
  transactionId: z.string().nullable(),
  /** Paid through the built-in test processor: no real money moved. */
  test: z.boolean(),
  /** When it was paid (a card) or recorded (a transfer). */
  at: z.string(),
  /** A transfer: the day the money arrived (`2026-11-27`), as the bank statement says. */
  receivedOn: z.string().optional(),
  /** A transfer: its reference, as the bank statement shows it. */
  reference: z.string().optional(),
  /** A transfer: the admin who recorded it. */
  recordedBy: z.string().optional(),
  /** A transfer: what of it the shop owes back, in dollars (0: none). */
  refundOwed: z.number().optional(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/** An admin's note on an order (admins only), as POST /api/orders/{id}/notes answers it. */
export const orderNote = z.object({ at: z.string(), by: z.string(), text: z.string() });
export type OrderNote = z.infer<typeof orderNote>;

/**
 * GET /api/orders/{id}: the order's JSON plus who bought it, its payments and its history. Admins
 * also get `notes` (and the 'note' events); for the buyer the key is absent.
 */
export const orderDesk = order.extend({
  buyer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  payments: z.array(orderPayment),
  events: z.array(orderEvent),
  notes: z.array(orderNote).optional(),
});
export type OrderDesk = z.infer<typeof orderDesk>;

/**
 * A date (`2026-11-24`, the whole day in the shop's time zone) or an ISO date-time that names a real instant
 * (`isRealTimestamp`), which JavaScript reads too: the repository turns it into a `Date`.
 */
const isoDate = (edge: 'from' | 'to') =>
  z
    .string()
    .trim()
    .refine((v) => isRealTimestamp(v) && !Number.isNaN(Date.parse(v)), {
      ...told(says.dateInvalid(edge)),
    });

/** The admin's filters on all orders; the CSV export takes the same. */
export const orderFilters = z.object({
  status: orderStatus.optional(),
  q: z.string().trim().max(SEARCH_MAX_LENGTH, told(says.searchTooLong)).optional(),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
});
export type OrderFilters = z.infer<typeof orderFilters>;
export const adminOrdersQuery = orderFilters.extend(pageQuery.shape);
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;
export const myOrdersQuery = pageQuery;
/** The export's body: CSV text. */
export const csvText = z.string().describe('text/csv; charset=utf-8, with a byte-order mark');

export const paymentIntentRequest = z.object({
  orderId: z.uuid(told(says.orderIdInvalid)),
});
export const paymentIntentResponse = z.object({ clientSecret: z.string() });

/** PATCH /api/order/{id}: the browser reports a payment; the server verifies it with the provider. */
export const confirmPaymentRequest = z.object({
  transactionId: z.string().min(1).max(200),
  /** The spec's client sends the order id again; the path's id is the one used. */
  order_id: z.string().optional(),
});

export const webhookReceived = z.object({ received: z.literal(true) });

/** A signed-in buyer's cart: tools and quantities; prices are always today's. */
export const cartRequest = z.object({ lines: lineList });
export type CartRequest = z.infer<typeof cartRequest>;

export const cartLine = z.object({
  toolId: z.uuid(),
  quantity: z.number().int(),
  productName: z.string(),
  perPrice: z.number(),
  totalPrice: z.number(),
  /** Why this line cannot be bought as it is ("only 40 left"), or null. */
  problem: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;
/** `totalPrice` sums the lines that can be bought as they are. */
export const cart = z.object({ lines: z.array(cartLine), totalPrice: z.number() });
export type Cart = z.infer<typeof cart>;

/** Test-mode card form (Stripe's test-card numbers). Never used in Stripe mode. */
export const testCardPayment = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, told(says.cardNumberIncomplete))),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, told(says.cardExpiryIncomplete)),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, told(says.cardCvcIncomplete)),
});
export type TestCardPayment = z.input<typeof testCardPayment>;
export const testCardResult = z.object({ status: z.literal('succeeded'), transactionId: z.string() });

/** Contact Supplier on the purchase page. */
export const enquiryRequest = z.object({
  toolId: z.uuid(told(says.toolIdInvalid)),
  quantityWanted: z
    .number(told(says.quantityWhole))
    .int(told(says.quantityWhole))
    .min(1, told(says.quantityWhole))
    .max(10_000_000),
  message: z
    .string()
    .trim()
    .min(1, told(says.enquiryMessageRequired))
    .max(2000, told(says.enquiryMessageTooLong)),
});
export type EnquiryRequest = z.input<typeof enquiryRequest>;
export const enquiryResponse = z.object({
  acknowledged: z.literal(true),
  insertedId: z.uuid(),
  quoteRequest: z.boolean(),
  message: z.string(),
});

/** The enquiries inbox: `new` until an admin marks it answered (and back, if need be). */
export const enquiryStatuses = ['new', 'answered'] as const;
export const enquiryStatus = z.enum(enquiryStatuses, told(says.enquiryStatusInvalid));
export type EnquiryStatus = z.infer<typeof enquiryStatus>;

export const enquiry = z.object({
  _id: z.uuid(),
  toolId: z.uuid(),
  productName: z.string(),
  name: z.string(),
  email: z.string(),
  quantityWanted: z.number().int(),
  message: z.string(),
  quoteRequest: z.boolean(),
  createdAt: z.string(),
  status: enquiryStatus,
  /** When it was marked answered, and by which admin (their name); null while new. */
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
});
export type Enquiry = z.infer<typeof enquiry>;
export const enquiryList = z.array(enquiry);
/** GET /api/enquiries: one page, newest first; `status` narrows it to the new or the answered ones. */
export const enquiriesQuery = pageQuery.extend({ status: enquiryStatus.optional() });
export type EnquiriesQuery = z.infer<typeof enquiriesQuery>;
/** PATCH /api/enquiries/{id}: mark an enquiry answered, or new again. */
export const enquiryStatusRequest = z.object({ status: enquiryStatus });
export type EnquiryStatusRequest = z.infer<typeof enquiryStatusRequest>;

/** Luhn checksum, as card networks define it. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/*
 * Bank transfers (docs/orders.md, "Bank transfers"): money an admin records, how an unpaid
 * order is to be paid, and what its buyer needs to pay it by transfer.
 */

/** At most two decimals, judged on the number as written. */
const centsOnly = (v: number) => /^\d+(\.\d{1,2})?$/.test(String(v));

/**
 * POST /api/orders/{id}/payments: money received by bank transfer — how much (dollars), the day
 * it arrived (a calendar day, not later than today in the shop's time zone: the server checks),
 * and the reference the bank statement shows.
 */
export const recordPaymentRequest = z.object({
  amount: z
    .number(told(says.amountInvalid('amount received')))
    .positive(told(says.amountInvalid('amount received')))
    // In the order's currency; what one order may still take in it is judged on the server (`recordableCents`).
    .max(MAX_RECORDED_PAYMENT_CENTS, told(says.amountInvalid('amount received')))
    .refine(centsOnly, told(says.amountInvalid('amount received'))),
  receivedOn: z.iso.date(told(says.receivedOnInvalid)),
  reference: z
    .string(told(says.referenceRequired))
    .trim()
    .min(1, told(says.referenceRequired))
    .max(PAYMENT_REFERENCE_MAX_LENGTH, told(says.referenceInvalid(PAYMENT_REFERENCE_MAX_LENGTH)))
    .regex(printableLine, told(says.referenceInvalid(PAYMENT_REFERENCE_MAX_LENGTH))),
});
export type RecordPaymentRequest = z.input<typeof recordPaymentRequest>;

/** PUT /api/orders/{id}/payment-method: how an unpaid order is to be paid. */
export const paymentMethodRequest = z.object({ paymentMethod: switchablePaymentMethod });

/**
 * GET /api/orders/{id}/transfer: what the buyer needs to pay the order by bank transfer — the
 * shop's account, the order number as the reference, what is still to pay (dollars), and the
 * deadline: the order's hold as it is, or as choosing transfer would make it.
 */
export const transferInstructions = z.object({
  bank: z.object({
    bankName: z.string(),
    branch: z.string(),
    accountType: z.string(),
    accountNumber: z.string(),
    accountHolder: z.string(),
    swift: z.string(),
  }),
  reference: z.string(),
  /** The order's currency: the amounts below and the transfer are in it. */
  currency: z.enum(currencies),
  amountDue: z.number(),
  amountPaid: z.number(),
  amountLeft: z.number(),
  deadline: z.string(),
});
export type TransferInstructions = z.infer<typeof transferInstructions>;
