import { messages } from '@kanna/shared/domain/messages';
import { MAX_ORDER_CENTS } from '@kanna/shared/domain/money';
import type { Order, PaymentMethod } from '@kanna/shared/orders';
import { FormAlert } from '../../../components/ui/form-alert';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { useSetPaymentMethod } from '../api/set-payment-method';
import { paymentTexts } from '../i18n';

/**
 * Card or bank transfer, for an unpaid order of a shop that takes transfers (docs/orders.md,
 * "Bank transfers"). Choosing sends the choice at once: the server keeps it (and holds a transfer
 * order's stock longer). Card is not offered above the card limit, nor once part of the order has
 * arrived by transfer; the server's refusal shows under the choice.
 */
export function PaymentMethodChoice({ order }: { order: Order }) {
  const t = useTexts(paymentTexts);
  const say = useSay();
  const save = useSetPaymentMethod();
  const overCardLimit = Math.round(order.amountDue * 100) > MAX_ORDER_CENTS;
  const partlyTransferred = order.amountPaid > 0;
  const cardAllowed = !overCardLimit && !partlyTransferred;
  const chosen = save.isPending && save.variables ? save.variables.paymentMethod : order.paymentMethod;

  const choose = (paymentMethod: PaymentMethod) => {
    if (paymentMethod === order.paymentMethod || save.isPending) return;
    save.mutate(
      { orderId: order._id, paymentMethod },
      {
        onSuccess: () =>
          void notify('success', say(messages.paymentMethodSaved(paymentMethod === 'transfer'))),
      },
    );
  };

  return (
    <fieldset
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-5"
      aria-busy={save.isPending}
    >
      {/* Floated, so the legend sits inside the box as its heading rather than on its border. */}
      <legend className="float-left mb-2 w-full text-lg font-bold">{t.howToPay}</legend>
      <label className="flex items-center gap-3">
        <input
          type="radio"
          name="payment-method"
          className="radio radio-primary"
          value="card"
          checked={chosen === 'card'}
          disabled={!cardAllowed || save.isPending}
          onChange={() => choose('card')}
        />
        <span>
          {t.card}
          {!cardAllowed && (
            <span className="block text-sm text-base-content/80">
              {overCardLimit ? t.notAboveCardLimit : say(messages.partlyPaidByTransfer)}
            </span>
          )}
        </span>
      </label>
      <label className="flex items-center gap-3">
        <input
          type="radio"
          name="payment-method"
          className="radio radio-primary"
          value="transfer"
          checked={chosen === 'transfer'}
          disabled={save.isPending}
          onChange={() => choose('transfer')}
        />
        <span>
          {t.bankTransfer}
          <span className="block text-sm text-base-content/80">{t.againstProforma}</span>
        </span>
      </label>
      <FormAlert>{save.error?.message}</FormAlert>
    </fieldset>
  );
}
