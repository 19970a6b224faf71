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

export type PaymentIntent = { id: string; orderId: string | null; amountCents: number; status: IntentStatus };

export interface PaymentProvider {
  readonly kind: 'test' | 'stripe';
  /** One intent per order: asking again for the same order returns the same intent. */
  createIntent(order: {
    id: string;
    amountCents: number;
    email: string;
  }): Promise<{ id: string; clientSecret: string }>;
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
}
