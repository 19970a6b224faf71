import { messages } from '@kanna/shared/domain/messages';
import { isCard, isTransfer, paymentMethodRefusal } from '@kanna/shared/domain/order-state';
import type { Order, SwitchablePaymentMethod } from '@kanna/shared/orders';
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
 * arrived by transfer; transfer not once less than half of a card order's hold is left. The
 * server's refusal shows under the choice.
 */
export function PaymentMethodChoice({ order, transferHoldDays }: { order: Order; transferHoldDays: number }) {
  const t = useTexts(paymentTexts);
  const say = useSay();
  const save = useSetPaymentMethod();
  // This choice is shown only when the shop takes transfers (or the order is one): the shop's offer is not asked again.
  const money = {
    amountDueCents: Math.round(order.amountDue * 100),
    transferPaidCents: Math.round(order.amountPaid * 100),
    bankTransfer: true,
  };
  const hold = {
    createdAt: new Date(order.createdAt),
    holdUntil: new Date(order.holdUntil),
    transferHoldDays,
    now: new Date(),
  };
  const cardRefusal = paymentMethodRefusal(order, 'card', money, hold);
  const overCardLimit = cardRefusal === 'over the card limit';
  const cardAllowed = cardRefusal === null;
  // A card order becomes a transfer order only while most of its card hold is left (decision 0042).
  const transferTooLate =
    isCard(order.paymentMethod) &&
    paymentMethodRefusal(order, 'transfer', money, hold) === 'too late for transfer';
  const chosen = save.isPending && save.variables ? save.variables.paymentMethod : order.paymentMethod;

  const choose = (paymentMethod: SwitchablePaymentMethod) => {
    if (paymentMethod === order.paymentMethod || save.isPending) return;
    save.mutate(
      { orderId: order._id, paymentMethod },
      {
        onSuccess: () => void notify('success', say(messages.paymentMethodSaved(isTransfer(paymentMethod)))),
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
          checked={isCard(chosen)}
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
          checked={isTransfer(chosen)}
          disabled={transferTooLate || save.isPending}
          onChange={() => choose('transfer')}
        />
        <span>
          {t.bankTransfer}
          <span className="block text-sm text-base-content/80">
            {transferTooLate ? say(messages.transferTooLate) : t.againstProforma}
          </span>
        </span>
      </label>
      <FormAlert>{save.error?.message}</FormAlert>
    </fieldset>
  );
}
