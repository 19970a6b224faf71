import { reportPayment } from '@kanna/shared/api/orders';
import { confirmTestCard, createPaymentIntent, stripeWebhook } from '@kanna/shared/api/payments';
import type { FastifyPluginAsync } from 'fastify';
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

    const { confirmTestCard: confirm } = payments;
    // Test mode only: the built-in processor takes Stripe's test cards. Never present with Stripe keys.
    if (confirm) await route(app, guards, confirmTestCard, async ({ body }) => confirm(body));

    if (provider.verifyWebhook) {
      await app.register(async (scope) => {
        // The signature covers the exact bytes, so this route keeps the raw body.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
          done(null, body),
        );
        await route(scope, guards, stripeWebhook, async ({ request }) => {
          const signature = request.headers['stripe-signature'];
          await payments.webhook(
            request.body as Buffer,
            typeof signature === 'string' ? signature : undefined,
            request.log,
          );
          return { received: true as const };
        });
      });
    }
  };
