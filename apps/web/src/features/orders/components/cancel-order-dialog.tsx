import { CANCEL_REASON_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { formatIn } from '@kanna/shared/domain/money';
import { cancelRefunds, owesCardRefund } from '@kanna/shared/domain/order-state';
import type { Translation } from '@kanna/shared/domain/translation';
import { cancelOrderRequest, type OrderDesk } from '@kanna/shared/orders';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextareaField } from '../../../components/ui/form-field';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { useCancelOrderByShop } from '../api/cancel-order-by-shop';
import { adminOrderTexts } from '../i18n/admin';
import type adminEn from '../i18n/admin.en';

/** What a paid order gives back: what its payments took, or its total when none is listed. */
const paidAmount = (order: OrderDesk): number => {
  const cents = order.payments
    .filter((payment) => payment.status === 'succeeded')
    .reduce((sum, payment) => sum + Math.round(payment.amount * 100), 0);
  return cents > 0 ? cents / 100 : order.amountDue;
};

/** What cancelling does to this order, said before it is done. */
function consequence(order: OrderDesk, t: Translation<typeof adminEn>): string {
  const buyer = order.buyer.name;
  if (owesCardRefund(order)) return t.owedRefund(formatIn(paidAmount(order), order.currency), buyer);
  if (cancelRefunds(order) && order.transactionId === null) {
    // Paid by bank transfer: the shop sends the money back itself (docs/orders.md, "Bank transfers").
    return t.transferGivenBack(formatIn(order.amountPaid, order.currency), buyer);
  }
  if (cancelRefunds(order))
    return t.cardRefunded(formatIn(paidAmount(order), order.currency), order.testPayment, buyer);
  return t.unpaidCancelled(buyer);
}

/**
 * "Cancel order" on an admin's order page (unpaid, or paid and not shipped): asks for the
 * reason and says what will happen, money included, then cancels. The reason is judged by the
 * contract's rules before anything is sent; the server's refusal stays in the dialog.
 */
export function CancelOrderByShop({ order }: { order: OrderDesk }) {
  const t = useTexts(adminOrderTexts);
  const say = useSay();
  const cancel = useCancelOrderByShop();
  const [open, setOpen] = useState(false);
  const refundOnly = owesCardRefund(order);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const start = () => {
    // The refund of a cancelled order goes with the reason it was cancelled for.
    setReason(refundOnly ? (order.cancelReason ?? '') : '');
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setReason('');
    setProblem(null);
    cancel.reset();
  };
  const confirm = () => {
    const parsed = cancelOrderRequest.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    cancel.mutate(
      { id: order._id, reason: parsed.data.reason },
      {
        onSuccess: (cancelled) => {
          void notify(
            'success',
            say(
              messages.orderCancelledByShop(
                cancelled.number,
                cancelled.refundAmount === null ? null : formatIn(cancelled.refundAmount, order.currency),
              ),
            ),
          );
          close();
        },
      },
    );
  };

  return (
    <>
      <button type="button" className="btn btn-outline btn-error max-sm:flex-1" onClick={start}>
        {t.cancelOrder}
        {refundOnly && <span className="sr-only">{t.refundStillOwed}</span>}
      </button>
      <ConfirmDialog
        open={open}
        title={refundOnly ? t.refundTitle(order.number) : t.cancelTitle(order.number)}
        confirmLabel={refundOnly ? t.yesRefund : cancelRefunds(order) ? t.yesCancelAndRefund : t.yesCancel}
        pendingLabel={t.cancelling}
        cancelLabel={t.keepOrder}
        onConfirm={confirm}
        onCancel={close}
        pending={cancel.isPending}
        error={cancel.error?.message}
      >
        <p className="mb-4">{consequence(order, t)}</p>
        <TextareaField
          label={t.reason}
          required
          hint={t.reasonHint}
          rows={3}
          maxLength={CANCEL_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
          error={problem ? { type: 'validate', message: problem } : undefined}
        />
      </ConfirmDialog>
    </>
  );
}
