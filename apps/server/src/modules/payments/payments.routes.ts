import { paymentIntentRequest, paymentIntentResponse, testCardPayment, testCardResult } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { type Guards, userOf } from '../../plugins/auth';
import type { OrdersService } from '../orders/orders.service';
import type { StripePaymentProvider } from './stripe-provider';
import type { TestPaymentProvider } from './test-provider';

const tags = ['payments'];

export const paymentsRoutes =
  (
    ordersService: OrdersService,
    provider: TestPaymentProvider | StripePaymentProvider,
    guards: Guards,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/create-payment-intent',
      {
        onRequest: guards.requireUser,
        schema: {
          tags,
          summary: "A payment intent for the order's own amount",
          body: paymentIntentRequest,
          response: { 200: paymentIntentResponse },
        },
      },
      async (request) => ({
        clientSecret: await ordersService.paymentIntent(request.body.orderId, userOf(request)),
      }),
    );

    if (provider.kind === 'test') {
      // Test mode only: the built-in processor takes Stripe's test cards. Never present with Stripe keys.
      app.post(
        '/test-payments/confirm',
        {
          onRequest: guards.requireUser,
          config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
          schema: {
            tags,
            summary: 'Pay with a test card (test mode)',
            body: testCardPayment,
            response: { 200: testCardResult },
          },
        },
        async (request) => {
          userOf(request);
          return provider.confirmCard(request.body);
        },
      );
    }

    if (provider.kind === 'stripe') {
      await app.register(async (scope) => {
        // The signature covers the exact bytes, so this route keeps the raw body.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
          done(null, body),
        );
        scope.post(
          '/webhooks/stripe',
          {
            schema: {
              tags,
              summary: 'Stripe webhook (signed)',
              response: { 200: z.object({ received: z.literal(true) }) },
            },
          },
          async (request) => {
            const event = provider.verifyWebhook(
              request.body as Buffer,
              request.headers['stripe-signature'] as string | undefined,
            );
            if (!event) throw new AppError(400, 'The webhook signature is not valid.');
            if (event.type === 'payment_intent.succeeded') {
              // Ask Stripe rather than trusting the event body, then take the one idempotent step.
              const intent = await provider.retrieveIntent((event.data.object as { id: string }).id);
              if (intent?.status === 'succeeded') {
                // A payment that does not match its order needs a person, not Stripe's retries.
                await ordersService.settle(intent).catch((err) => {
                  if (!(err instanceof AppError)) throw err;
                  request.log.warn({ intent: intent.id, reason: err.message }, 'webhook payment not settled');
                });
              }
            }
            return { received: true as const };
          },
        );
      });
    }
  };
