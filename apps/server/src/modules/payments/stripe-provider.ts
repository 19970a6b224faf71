import Stripe from 'stripe';
import type { Config } from '../../config';
import { type IntentStatus, type PaymentIntent, type PaymentProvider, providerCurrency } from './provider';

type StripeConfig = NonNullable<Config['stripe']>;

const known: IntentStatus[] = ['requires_payment_method', 'processing', 'succeeded', 'canceled'];

const toIntent = (intent: Stripe.PaymentIntent): PaymentIntent => ({
  id: intent.id,
  orderId: intent.metadata?.orderId ?? null,
  // The money Stripe received, once it says it has; never the amount asked for in its place.
  amountCents: intent.status === 'succeeded' ? intent.amount_received : intent.amount,
  currency: intent.currency,
  status: known.includes(intent.status as IntentStatus) ? (intent.status as IntentStatus) : 'other',
});

/** Stripe PaymentIntents; card data never touches our server (Elements in the browser). */
export function stripePaymentProvider(config: StripeConfig) {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  const provider: PaymentProvider = {
    kind: 'stripe',
    async createIntent(order) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.amountCents,
          currency: providerCurrency(order.currency),
          allowed_payment_method_types: ['card'],
          receipt_email: order.email,
          metadata: { orderId: order.id },
        },
        { idempotencyKey: `kanna-order-${order.id}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return {
        id: intent.id,
        clientSecret: intent.client_secret,
        amountCents: intent.amount,
        currency: intent.currency,
      };
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async cancelIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        if (err.statusCode === 404) return null;
        // Already succeeded or already canceled: Stripe refuses the cancel; say where it stands.
        if (err.code === 'payment_intent_unexpected_state') return provider.retrieveIntent(id);
        throw err;
      }
    },
    async refund(intentId) {
      const refund = await stripe.refunds.create(
        { payment_intent: intentId, metadata: { reason: 'order cancelled' } },
        { idempotencyKey: `kanna-refund-${intentId}` },
      );
      return { id: refund.id };
    },
    verifyWebhook,
  };

  /** Checks the signature of a webhook call; returns the event, or null when it is not genuine. */
  function verifyWebhook(rawBody: Buffer, signature: string | undefined) {
    if (!config.webhookSecret || !signature) return null;
    try {
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      return { type: event.type, objectId: (event.data.object as { id: string }).id };
    } catch {
      return null;
    }
  }

  return provider;
}
