import { z } from 'zod';
import { dollarsToCents } from './common';
import { messages } from './messages';

export const orderStatus = z.enum(['unpaid', 'paid', 'shipped', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatus>;

/**
 * The most one order may total, in cents ($999,999.99): what a single card payment carries. The
 * server refuses more (messages.orderTooLarge); the purchase form stops its quantity there.
 */
export const MAX_ORDER_CENTS = 99_999_999;

/** How many pieces at this price (dollars) fit in one order. */
export const piecesWithinOrderLimit = (perPrice: number): number =>
  Math.floor(MAX_ORDER_CENTS / Math.max(1, dollarsToCents(perPrice)));

const quantity = z
  .number({ message: messages.quantityWhole })
  .int({ message: messages.quantityWhole })
  .min(1, { message: messages.belowMinimum })
  .max(1_000_000, { message: messages.aboveAvailable });

export const phoneField = z
  .string({ message: 'phone is required' })
  .trim()
  .min(1, { message: 'phone is required' })
  .regex(/^\+?[0-9]{6,20}$/, { message: 'the phone number must contain digits only' });

export const addressField = z
  .string({ message: 'address is required' })
  .trim()
  .min(1, { message: 'address is required' })
  .max(500, { message: 'the address must be at most 500 characters long' });

/**
 * POST /api/order. The server takes name and e-mail from the session and price and product from
 * the database; a `perPrice`/`totalPrice` the client sends is only compared (409 if it differs).
 */
export const placeOrderRequest = z.object({
  toolId: z.uuid({ message: 'The tool id is not a valid id.' }),
  quantity,
  phone: phoneField,
  address: addressField,
  perPrice: z.number().optional(),
  totalPrice: z.number().optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

/** The order form on the purchase page (the server-side request without the tool). */
export const orderForm = z.object({ quantity, phone: phoneField, address: addressField });
export type OrderForm = z.infer<typeof orderForm>;

export const order = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  toolId: z.uuid(),
  productName: z.string(),
  quantity: z.number().int(),
  phone: z.string(),
  address: z.string(),
  perPrice: z.number(),
  totalPrice: z.number(),
  paid: z.boolean(),
  status: orderStatus,
  transactionId: z.string().nullable(),
  holdUntil: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** Paid through the built-in test processor: no real money moved. */
  testPayment: z.boolean(),
  /** When a payment that arrived after the order was cancelled or expired was given back. */
  refundedAt: z.string().nullable(),
});
export type Order = z.infer<typeof order>;
export const orderList = z.array(order);

export const insertedResponse = z.object({ acknowledged: z.literal(true), insertedId: z.uuid() });
export const deletedResponse = z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() });

export const adminOrdersQuery = z.object({ status: orderStatus.optional() });

export const paymentIntentRequest = z.object({
  orderId: z.uuid({ message: 'The order id is not a valid id.' }),
});
export const paymentIntentResponse = z.object({ clientSecret: z.string() });

/** PATCH /api/order/{id}: the browser reports a payment; the server verifies it with the provider. */
export const confirmPaymentRequest = z.object({
  transactionId: z.string().min(1).max(200),
  order_id: z.string().optional(),
});

/** Test-mode card form (Stripe's test-card numbers). Never used in Stripe mode. */
export const testCardPayment = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { message: 'Your card number is incomplete.' })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, { message: "Your card's expiration date is incomplete." }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { message: "Your card's security code is incomplete." }),
});
export type TestCardPayment = z.input<typeof testCardPayment>;
export const testCardResult = z.object({ status: z.literal('succeeded'), transactionId: z.string() });

/** Contact Supplier on the purchase page. */
export const enquiryRequest = z.object({
  toolId: z.uuid({ message: 'The tool id is not a valid id.' }),
  quantityWanted: z
    .number({ message: messages.quantityWhole })
    .int({ message: messages.quantityWhole })
    .min(1, { message: messages.quantityWhole })
    .max(10_000_000),
  message: z
    .string()
    .trim()
    .min(1, { message: 'message is required' })
    .max(2000, { message: 'the message must be at most 2,000 characters long' }),
});
export type EnquiryRequest = z.input<typeof enquiryRequest>;
export const enquiryResponse = z.object({
  acknowledged: z.literal(true),
  insertedId: z.uuid(),
  quoteRequest: z.boolean(),
  message: z.string(),
});

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
