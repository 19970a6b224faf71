import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useState } from 'react';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { paymentTexts } from '../i18n';
import { PaySubmit } from './pay-submit';

/**
 * Stripe mode only: this module (and Stripe's SDK with it) is its own chunk, which the payment
 * page loads when the shop's settings say 'stripe' — never in test mode. Card data goes from
 * Stripe's own frame to Stripe; it never touches our server (docs/ARCHITECTURE.md, "The stack and why"). The page's CSP must
 * allow https://js.stripe.com (the server adds it when Stripe keys are set).
 */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string | undefined;
  amount: string;
  billing: { name: string; email: string };
  onPaid: (transactionId: string) => void;
}

export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  // Stripe's own frame speaks the page's language too.
  const language = useLanguage();
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ locale: language }}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, amount, billing, onPaid }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const t = useTexts(paymentTexts);
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setError(null);
    setPaying(true);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (result.error) setError(result.error.message ?? t.didNotGoThrough);
      else if (result.paymentIntent.status === 'succeeded') onPaid(result.paymentIntent.id);
      else setError(t.notCompleted);
    } catch {
      setError(t.providerUnreachable);
    } finally {
      setPaying(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-1 font-semibold">{t.card}</legend>
        <div className="input h-auto w-full py-3">
          <CardElement className="w-full" options={{ style: { base: { fontSize: '16px' } } }} />
        </div>
      </fieldset>
      <PaySubmit
        amount={amount}
        clientSecret={clientSecret}
        ready={Boolean(stripe)}
        paying={paying}
        error={error}
      />
    </form>
  );
}
