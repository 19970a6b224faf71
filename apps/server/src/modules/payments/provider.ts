import type { Currency } from '@kanna/shared';
/**
 * A card payment processor (docs/ARCHITECTURE.md, "The stack and why"): Stripe when its keys are set, the built-in test-mode
 * processor otherwise. The server only ever believes what the provider says about an intent.
 */
export type IntentStatus =
  | 'requires_payment_method'
  | 'processing'
  | 'succeeded'
  | 'canceled'
  | 'refunded'
  | 'other';

/**
 * An order's currency as providers write it (ISO 4217, lower-cased as Stripe does): the intent's
 * amount is in its minor unit — cents for usd, yen for jpy (a zero-decimal currency for Stripe).
 */
export const providerCurrency = (currency: Currency): string => currency.toLowerCase();

/**
 * An intent as the provider tells it: `amountCents` is the money it confirmed once it succeeded
 * (what it asked for before), in `currency`.
 */
export type PaymentIntent = {
  id: string;
  orderId: string | null;
  amountCents: number;
  currency: string;
  status: IntentStatus;
};

/** The provider's word that an intent can take no money any more: canceled, or refunded after a late payment. */
export const intentStopped = (intent: { status: string }): boolean =>
  (['canceled', 'refunded'] as readonly string[]).includes(intent.status);

/** The provider's word that an intent's money was given back. */
export const intentRefunded = (intent: { status: string }): boolean =>
  intentStopped(intent) && intent.status !== 'canceled';

export type TestCard = { clientSecret: string; cardNumber: string; expiry: string; cvc: string };

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  /**
   * One intent per order: asking again for the same order returns the same intent — with the
   * amount and currency it was made for, which may not be the ones asked now (another release
   * may have made it).
   */
  createIntent(order: {
    id: string;
    amountCents: number;
    currency: Currency;
    email: string;
  }): Promise<{ id: string; clientSecret: string; amountCents: number; currency: string }>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Stops an intent so that it can no longer be paid, and says where it stands afterwards:
   * 'canceled' when stopped (or it already was), 'succeeded' when the payment got there first,
   * null when the provider does not know the intent. Throws when the provider cannot be asked;
   * the caller must then assume a payment may still land.
   */
  cancelIntent(id: string): Promise<PaymentIntent | null>;
  /** Gives a succeeded payment back in full; asking again for the same intent returns the same refund. */
  refund(intentId: string): Promise<{ id: string }>;
  /** Test mode only: charges one of Stripe's test cards against the intent of `clientSecret`. */
  confirmTestCard?(card: TestCard): Promise<{ status: 'succeeded'; transactionId: string }>;
  /**
   * Providers that call back (Stripe): the event in a webhook call whose signature is genuine
   * (its type, and the id of the object it is about), or null when it is not.
   */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): { type: string; objectId: string } | null;
}
