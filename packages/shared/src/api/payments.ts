import { endpoint } from './endpoint';

const tags = ['payments'];
const schemas = () => import('../orders');

export const createPaymentIntent = endpoint({
  method: 'POST',
  path: '/api/create-payment-intent',
  refusals: {
    404: "the order does not exist (or is not the caller's)",
    409: 'the order is paid or cancelled, bank transfer was chosen for it, or its hold has expired',
  },
  access: 'user',
  summary: "A payment intent for the order's own amount",
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.paymentIntentRequest, response: s.paymentIntentResponse };
  },
});

/** Test mode only: the built-in processor takes Stripe's test cards. Not served with Stripe keys. */
export const confirmTestCard = endpoint({
  method: 'POST',
  path: '/api/test-payments/confirm',
  refusals: {
    402: 'the card was declined, is expired or its number is invalid',
    404: 'the payment intent does not exist',
    409: 'the payment was cancelled',
  },
  access: 'user',
  perMinute: 30,
  summary: 'Pay with a test card (test mode)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { body: s.testCardPayment, response: s.testCardResult };
  },
});

/** Stripe mode only; the body is Stripe's signed event, read as raw bytes. */
export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/api/webhooks/stripe',
  access: 'public',
  summary: 'Stripe webhook (signed)',
  tags,
  schemas: async () => ({ response: (await schemas()).webhookReceived }),
});
