import { zodResolver } from '@hookform/resolvers/zod';
import { testCardPayment } from '@kanna/shared/orders';
import { FlaskConical } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useConfirmTestCard } from '../api/confirm-test-card';

const cardFields = testCardPayment.pick({ cardNumber: true, expiry: true, cvc: true });
type CardFields = { cardNumber: string; expiry: string; cvc: string };

/** Stripe's documented test cards, as the built-in test processor follows them. */
export const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
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
  const ids = { number: useId(), expiry: useId(), cvc: useId(), notice: useId() };
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

  const onSubmit = handleSubmit((card) => {
    if (!clientSecret) return;
    confirm.mutate({ clientSecret, ...card }, { onSuccess: (result) => onPaid(result.transactionId) });
  });

  const paying = confirm.isPending;
  const fieldError = (id: string, message: string | undefined) =>
    message ? (
      <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
        {message}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-describedby={ids.notice}>
      <section
        id={ids.notice}
        aria-label="Test mode"
        className="rounded-box border-2 border-dashed border-info bg-info/10 p-4 text-sm"
      >
        <p className="flex items-center gap-2 font-bold text-info">
          <FlaskConical className="size-4" aria-hidden="true" />
          Test mode
        </p>
        <p className="mt-1">
          No real card is charged. Use one of these test cards with any future expiry and any CVC:
        </p>
        <ul className="mt-2 flex flex-col gap-1">
          {testCards.map((card) => (
            <li key={card.number}>
              <code className="font-mono font-semibold whitespace-nowrap">{card.number}</code> {card.outcome}
            </li>
          ))}
        </ul>
      </section>

      <div>
        <label htmlFor={ids.number} className="mb-1 block font-semibold">
          Card number
        </label>
        <input
          id={ids.number}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className={`input w-full font-mono ${errors.cardNumber ? 'input-error' : ''}`}
          aria-invalid={errors.cardNumber ? true : undefined}
          aria-describedby={errors.cardNumber ? `${ids.number}-error` : undefined}
          {...register('cardNumber')}
        />
        {fieldError(ids.number, errors.cardNumber?.message)}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor={ids.expiry} className="mb-1 block font-semibold">
            Expiry
          </label>
          <input
            id={ids.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            className={`input w-full font-mono ${errors.expiry ? 'input-error' : ''}`}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={errors.expiry ? `${ids.expiry}-error` : `${ids.expiry}-hint`}
            {...register('expiry')}
          />
          {errors.expiry ? (
            fieldError(ids.expiry, errors.expiry.message)
          ) : (
            <p id={`${ids.expiry}-hint`} className="sr-only">
              Month and year, as MM/YY
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.cvc} className="mb-1 block font-semibold">
            CVC
          </label>
          <input
            id={ids.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            className={`input w-full font-mono ${errors.cvc ? 'input-error' : ''}`}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={errors.cvc ? `${ids.cvc}-error` : undefined}
            {...register('cvc')}
          />
          {fieldError(ids.cvc, errors.cvc?.message)}
        </div>
      </div>

      {confirm.error && (
        <p
          role="alert"
          className="rounded-box border border-error/50 bg-error/5 px-4 py-3 font-semibold text-error"
        >
          {confirm.error.message}
        </p>
      )}

      <button type="submit" className="btn btn-primary btn-lg" disabled={!clientSecret || paying}>
        {paying ? 'Paying…' : `Pay ${amount}`}
      </button>
      {!clientSecret && (
        <p role="status" className="text-center text-sm text-base-content/80">
          Preparing the payment…
        </p>
      )}
    </form>
  );
}
