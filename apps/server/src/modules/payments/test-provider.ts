import { randomBytes } from 'node:crypto';
import { inEnglish, luhnValid, says } from '@kanna/shared';
import type { Said } from '@kanna/shared/domain/translation';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { testPaymentIntents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  type IntentStatus,
  intentRefunded,
  intentStopped,
  type PaymentProvider,
  providerCurrency,
  type TestCard,
} from './provider';

/** Outcomes of Stripe's documented test cards; any other number is refused as in Stripe's test mode. */
const testCards: Record<string, 'succeeded' | Said> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': says.cardDeclined,
  '4000000000009995': says.insufficientFunds,
};

/** Canceled, or refunded after a late payment (`lastError` 'canceled' is how older rows said canceled). */
const isStopped = (intent: typeof testPaymentIntents.$inferSelect) =>
  intentStopped(intent) || intent.lastError === 'canceled';

/**
 * The built-in test-mode processor: intents live in the database (so any instance can confirm
 * them), and cards follow Stripe's test numbers, with Luhn and expiry checked.
 */
export function testPaymentProvider(db: Database, now: () => Date = () => new Date()) {
  const provider: PaymentProvider = {
    kind: 'test',
    async createIntent(order) {
      await db
        .insert(testPaymentIntents)
        .values({
          id: `pi_test_${randomBytes(12).toString('hex')}`,
          orderId: order.id,
          amountCents: order.amountCents,
          currency: providerCurrency(order.currency),
          clientSecret: `seti_${randomBytes(18).toString('base64url')}`,
        })
        .onConflictDoNothing({ target: testPaymentIntents.orderId });
      const [intent] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.orderId, order.id));
      if (!intent) throw new Error('test intent missing after insert');
      return {
        id: intent.id,
        clientSecret: `${intent.id}_secret_${intent.clientSecret}`,
        amountCents: intent.amountCents,
        currency: intent.currency,
      };
    },
    async retrieveIntent(id) {
      const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
      if (!intent) return null;
      return {
        id: intent.id,
        orderId: intent.orderId,
        amountCents: intent.amountCents,
        currency: intent.currency,
        status: (intent.lastError === 'canceled' && intent.status === 'requires_payment_method'
          ? 'canceled'
          : intent.status) as IntentStatus,
      };
    },
    async cancelIntent(id) {
      // Conditional, like the confirmation below: of a cancel and a payment at the same moment,
      // exactly one changes the intent, and the other sees what it became.
      await db
        .update(testPaymentIntents)
        .set({ status: 'canceled' })
        .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'requires_payment_method')));
      return provider.retrieveIntent(id);
    },
    async refund(intentId) {
      await db
        .update(testPaymentIntents)
        .set({ status: 'refunded' })
        .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, 'succeeded')));
      const intent = await provider.retrieveIntent(intentId);
      if (!intent || !intentRefunded(intent)) throw new Error(`test intent ${intentId} cannot be refunded`);
      return { id: `re_test_${intentId.replace(/^pi_test_/, '')}` };
    },
    confirmTestCard,
  };

  /** Charges a test card against the intent named by its client secret. */
  async function confirmTestCard(card: TestCard) {
    const id = card.clientSecret.split('_secret_')[0] ?? '';
    const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    if (!intent || `${intent.id}_secret_${intent.clientSecret}` !== card.clientSecret) {
      throw new AppError('not_found', says.testPaymentNotFound);
    }
    if (isStopped(intent)) throw new AppError('conflict', says.cancelledCannotBePaid);
    if (intent.status === 'succeeded') return { status: 'succeeded' as const, transactionId: intent.id };
    if (!luhnValid(card.cardNumber)) throw new AppError('payment_failed', says.cardNumberInvalid);
    const [, mm, yy] = card.expiry.match(/^(\d{2})\s*\/\s*(\d{2})$/) ?? [];
    const today = now();
    const expiresEnd = new Date(Date.UTC(2000 + Number(yy), Number(mm), 1));
    if (expiresEnd <= today) throw new AppError('payment_failed', says.cardExpired);
    const outcome = testCards[card.cardNumber];
    if (!outcome) {
      throw new AppError('payment_failed', says.testCardDeclined);
    }
    if (outcome !== 'succeeded') {
      await db
        .update(testPaymentIntents)
        .set({ lastError: inEnglish(outcome) })
        .where(eq(testPaymentIntents.id, intent.id));
      throw new AppError('payment_failed', outcome);
    }
    const [paid] = await db
      .update(testPaymentIntents)
      .set({ status: 'succeeded', lastError: null })
      .where(
        and(eq(testPaymentIntents.id, intent.id), eq(testPaymentIntents.status, 'requires_payment_method')),
      )
      .returning({ id: testPaymentIntents.id });
    if (!paid) {
      // The order was cancelled (its intent stopped) while the card was being checked.
      const [current] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.id, intent.id));
      if (current?.status !== 'succeeded') throw new AppError('conflict', says.cancelledCannotBePaid);
    }
    return { status: 'succeeded' as const, transactionId: intent.id };
  }

  return provider;
}
