import { zodResolver } from '@hookform/resolvers/zod';
import { testCardPayment } from '@kanna/shared/orders';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { bindFields, InputField } from '../../../components/ui/form-field';
import { useTexts } from '../../../lib/i18n';
import { useConfirmTestCard } from '../api/confirm-test-card';
import { paymentTexts } from '../i18n';
import { PaySubmit } from './pay-submit';

const cardFields = testCardPayment.pick({ cardNumber: true, expiry: true, cvc: true });
type CardFields = { cardNumber: string; expiry: string; cvc: string };

/** Stripe's documented test cards, as the built-in test processor follows them. */
const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
] as const;

interface TestCardFormProps {
  /** The payment intent's secret; the Pay button waits for it (spec §4). */
  clientSecret: string | undefined;
  /** The amount on the Pay button ('$1,250'). */
  amount: string;
  onPaid: (transactionId: string) => void;
}

/**
 * The card form in test mode (no Stripe keys): a clearly marked notice with the test cards, and
 * 'Card number', 'Expiry' (MM/YY) and 'CVC'. The provider's refusal is shown in red.
 */
export function TestCardForm({ clientSecret, amount, onPaid }: TestCardFormProps) {
  const t = useTexts(paymentTexts);
  const noticeId = useId();
  const confirm = useConfirmTestCard();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardFields>({
    resolver: zodResolver(cardFields),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
    mode: 'onTouched',
  });
  const bound = bindFields(register, errors);

  const onSubmit = handleSubmit((card) => {
    if (!clientSecret) return;
    confirm.mutate({ clientSecret, ...card }, { onSuccess: (result) => onPaid(result.transactionId) });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-describedby={noticeId}>
      <section
        id={noticeId}
        aria-label={t.testMode}
        className="rounded-box border-2 border-dashed border-info bg-info/10 p-4 text-sm"
      >
        <p className="flex items-center gap-2 font-bold text-info">
          <FlaskConical className="size-4" aria-hidden="true" />
          {t.testMode}
        </p>
        <p className="mt-1">{t.noRealCard}</p>
        <ul className="mt-2 flex flex-col gap-1">
          {testCards.map((card) => (
            <li key={card.number}>
              <code className="font-mono font-semibold whitespace-nowrap">{card.number}</code>{' '}
              {t.outcomes[card.outcome]}
            </li>
          ))}
        </ul>
      </section>

      <InputField
        label={t.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        className="font-mono"
        {...bound('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4">
        <InputField
          label={t.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          hint={t.expiryHint}
          hintPlacement="screen-reader"
          className="font-mono"
          {...bound('expiry')}
        />
        <InputField
          label={t.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          className="font-mono"
          {...bound('cvc')}
        />
      </div>

      <PaySubmit
        amount={amount}
        clientSecret={clientSecret}
        paying={confirm.isPending}
        error={confirm.error?.message}
      />
    </form>
  );
}
