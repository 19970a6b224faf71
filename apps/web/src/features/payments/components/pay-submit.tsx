import { FormAlert } from '../../../components/ui/form-alert';
import { useTexts } from '../../../lib/i18n';
import { paymentTexts } from '../i18n';

interface PaySubmitProps {
  /** The amount on the button ('$1,250'). */
  amount: string;
  /** The payment intent's secret; the button waits for it (spec §4). */
  clientSecret: string | undefined;
  /** False while the card form itself is not ready yet. */
  ready?: boolean;
  paying: boolean;
  /** The provider's refusal ('Your card was declined.'), shown in red. */
  error?: string | null | undefined;
}

/** The end of both card forms: the refusal, the Pay button, and a note while the payment is prepared. */
export function PaySubmit({ amount, clientSecret, ready = true, paying, error }: PaySubmitProps) {
  const t = useTexts(paymentTexts);
  return (
    <>
      <FormAlert>{error}</FormAlert>
      <button type="submit" className="btn btn-primary btn-lg" disabled={!clientSecret || !ready || paying}>
        {paying ? t.paying : t.pay(amount)}
      </button>
      {!clientSecret && (
        <p role="status" className="text-center text-sm text-base-content/80">
          {t.preparing}
        </p>
      )}
    </>
  );
}
