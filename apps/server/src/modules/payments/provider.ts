/**
 * A card payment processor (DESIGN §1): Stripe when its keys are set, the built-in test-mode
 * processor otherwise. The server only ever believes what the provider says about an intent.
 */
export type IntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled' | 'other';

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
  /** Best effort: an intent whose order was cancelled can no longer be paid. */
  cancelIntent(id: string): Promise<void>;
}
