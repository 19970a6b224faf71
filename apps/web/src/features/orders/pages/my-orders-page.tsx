import { messages } from '@kanna/shared/domain/messages';
import { formatMoney } from '@kanna/shared/domain/money';
import type { Order } from '@kanna/shared/orders';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { QueryState } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { MyOrdersTable } from '../components/my-orders-table';

/** /dashboard/myOrders (spec §2): the buyer's orders with Pay and Cancel. */
export function MyOrdersPage() {
  usePageMeta(
    'My orders',
    'Your Kanna orders: pay for reserved tools, cancel unpaid orders and follow shipping.',
  );
  const session = useSession();
  return (
    <div className="w-full px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 className="text-2xl font-bold sm:text-3xl">My orders</h1>
      {session.status === 'signed-in' ? (
        <MyOrders email={session.user.email} />
      ) : (
        <LoadingDots label="Loading your account" />
      )}
    </div>
  );
}

function MyOrders({ email }: { email: string }) {
  const query = useMyOrders(email);
  const cancel = useCancelOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const closeDialog = () => {
    setToCancel(null);
    cancel.reset();
  };
  const confirmCancel = () => {
    if (!toCancel) return;
    cancel.mutate(toCancel._id, {
      onSuccess: () => {
        void notify('success', messages.orderCancelled);
        setToCancel(null);
        cancel.reset();
        // The row and its button are gone: keep the keyboard user in the list.
        listRef.current?.focus();
      },
    });
  };

  return (
    <>
      <p className="mt-2 mb-6 max-w-prose text-base-content/80">
        We hold the pieces of an unpaid order for you until the time shown; pay before then, or cancel to give
        them back.
      </p>
      <div ref={listRef} tabIndex={-1} className="outline-none">
        <QueryState
          query={query}
          loadingLabel="Loading your orders"
          errorTitle="Your orders could not be loaded."
          empty={
            <span className="flex flex-col items-center gap-4">
              You have no orders yet.
              <Link to="/allProduct" className="btn btn-primary">
                Browse our tools
              </Link>
            </span>
          }
        >
          {(orders) => <MyOrdersTable orders={orders} onCancel={setToCancel} />}
        </QueryState>
      </div>

      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel this order?"
        confirmLabel="Yes, cancel order"
        pendingLabel="Cancelling…"
        cancelLabel="Keep order"
        onConfirm={confirmCancel}
        onCancel={closeDialog}
        pending={cancel.isPending}
        error={cancel.error?.message}
      >
        {toCancel && (
          <p>
            {toCancel.quantity} × {toCancel.productName}, {formatMoney(toCancel.totalPrice)}. The reserved
            pieces go back on sale and the order cannot be paid any more.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
