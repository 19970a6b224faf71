import { CANCEL_REASON_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { formatAmount } from '@kanna/shared/domain/money';
import { cancelOrderRequest, type OrderDesk } from '@kanna/shared/orders';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextareaField } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useCancelOrderByShop } from '../api/cancel-order-by-shop';

/** What a paid order gives back: what its payments took, or its total when none is listed. */
const paidAmount = (order: OrderDesk): number => {
  const cents = order.payments
    .filter((payment) => payment.status === 'succeeded')
    .reduce((sum, payment) => sum + Math.round(payment.amount * 100), 0);
  return cents > 0 ? cents / 100 : order.amountDue;
};

/**
 * A paid order the shop cancelled whose refund failed: cancelled, its stock back, its money not
 * yet returned. Cancel order again makes the refund.
 */
export const owesRefund = (order: OrderDesk): boolean =>
  order.status === 'cancelled' &&
  order.paidAt !== null &&
  order.transactionId !== null &&
  order.refundedAt === null;

/** What cancelling does to this order, said before it is done. */
function consequence(order: OrderDesk): string {
  if (owesRefund(order)) {
    return `This order is cancelled, but its payment was not refunded yet: ${formatAmount(paidAmount(order))} will be refunded to the buyer's card now. ${order.buyer.name} is e-mailed.`;
  }
  if (order.status === 'paid' && order.transactionId === null) {
    // Paid by bank transfer: the shop sends the money back itself (docs/ARCHITECTURE.md, "Bank transfers").
    return `The stock is returned and the ${formatAmount(order.amountPaid)} received by bank transfer is flagged to be given back to the buyer. ${order.buyer.name} is e-mailed.`;
  }
  if (order.status === 'paid') {
    const test = order.testPayment ? ' (a test payment: no real money moves)' : '';
    return `${formatAmount(paidAmount(order))} will be refunded to the buyer's card${test} and the stock returned. ${order.buyer.name} is e-mailed.`;
  }
  return `The order can no longer be paid and the stock returns to sale. ${order.buyer.name} is e-mailed.`;
}

/**
 * "Cancel order" on an admin's order page (unpaid, or paid and not shipped): asks for the
 * reason and says what will happen, money included, then cancels. The reason is judged by the
 * contract's rules before anything is sent; the server's refusal stays in the dialog.
 */
export function CancelOrderByShop({ order }: { order: OrderDesk }) {
  const cancel = useCancelOrderByShop();
  const [open, setOpen] = useState(false);
  const refundOnly = owesRefund(order);
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
            messages.orderCancelledByShop(
              cancelled.number,
              cancelled.refundAmount === null ? null : formatAmount(cancelled.refundAmount),
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
        Cancel order
        {refundOnly && <span className="sr-only"> (its refund is still owed)</span>}
      </button>
      <ConfirmDialog
        open={open}
        title={refundOnly ? `Refund order ${order.number}?` : `Cancel order ${order.number}?`}
        confirmLabel={
          refundOnly
            ? 'Yes, refund'
            : order.status === 'paid'
              ? 'Yes, cancel and refund'
              : 'Yes, cancel order'
        }
        pendingLabel="Cancelling…"
        cancelLabel="Keep order"
        onConfirm={confirm}
        onCancel={close}
        pending={cancel.isPending}
        error={cancel.error?.message}
      >
        <p className="mb-4">{consequence(order)}</p>
        <TextareaField
          label="Reason"
          required
          hint="The buyer sees it in the order's history."
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
