import { reportPayment } from '@kanna/shared/api/orders';
import { confirmTestCard, createPaymentIntent, stripeWebhook } from '@kanna/shared/api/payments';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { PaymentsService } from './payments.service';
import type { PaymentProvider } from './provider';

export const paymentsRoutes =
  (payments: PaymentsService, provider: PaymentProvider, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, createPaymentIntent, async ({ body, user }) => ({
      clientSecret: await payments.paymentIntent(body.orderId, user),
    }));

    // PATCH /api/order/{id} (the spec's path): the buyer reports a payment, checked with the provider.
    await route(app, guards, reportPayment, async ({ params, body, user }) =>
      payments.confirmPaid(params.id, user, body.transactionId),
    );

    const { confirmTestCard: confirm, verifyWebhook } = provider;
    // Test mode only: the built-in processor takes Stripe's test cards. Never present with Stripe keys.
    if (confirm) await route(app, guards, confirmTestCard, async ({ body }) => confirm(body));

    if (verifyWebhook) {
      await app.register(async (scope) => {
        // The signature covers the exact bytes, so this route keeps the raw body.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
          done(null, body),
        );
        await route(scope, guards, stripeWebhook, async ({ request }) => {
          const event = verifyWebhook(
            request.body as Buffer,
            request.headers['stripe-signature'] as string | undefined,
          );
          if (!event) throw new AppError('invalid', 'The webhook signature is not valid.');
          if (event.type === 'payment_intent.succeeded') {
            // Ask the provider rather than trusting the event body, then take the one idempotent step.
            const intent = await provider.retrieveIntent(event.objectId);
            if (intent?.status === 'succeeded') {
              // A payment that does not match its order needs a person, not Stripe's retries.
              await payments.settle(intent).catch((err) => {
                if (!(err instanceof AppError)) throw err;
                request.log.warn({ intent: intent.id, reason: err.message }, 'webhook payment not settled');
              });
            }
          }
          return { received: true as const };
        });
      });
    }
  };
