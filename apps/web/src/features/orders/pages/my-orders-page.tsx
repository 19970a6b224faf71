import { messages } from '@kanna/shared/domain/messages';
import { formatMoney } from '@kanna/shared/domain/money';
import type { Order } from '@kanna/shared/orders';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { QueryError } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { linesOf, orderAgainMessages, useOrderAgain } from '../api/order-again';
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
  const again = useOrderAgain();
  const navigate = useNavigate();
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

  const orderAgain = (order: Order) =>
    again.mutate(order, {
      onSuccess: (result) => {
        const said = orderAgainMessages(result);
        if (said.skipped) void notify('warning', said.skipped);
        if (said.full) void notify('warning', said.full);
        if (said.added) {
          void notify('success', said.added);
          navigate('/cart');
        }
      },
      onError: (error) => void notify('error', error.message),
    });

  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  let list: ReactNode;
  if (query.isPending) list = <LoadingDots label="Loading your orders" className="min-h-48 items-center" />;
  else if (!query.data) list = <QueryError query={query} title="Your orders could not be loaded." />;
  else if (orders.length === 0)
    list = (
      <p className="py-10 text-center text-base-content/80">
        <span className="flex flex-col items-center gap-4">
          You have no orders yet.
          <Link to="/allProduct" className="btn btn-primary">
            Browse our tools
          </Link>
        </span>
      </p>
    );
  else
    list = (
      <>
        <MyOrdersTable
          orders={orders}
          onCancel={setToCancel}
          onOrderAgain={orderAgain}
          orderingAgainId={again.isPending ? (again.variables?._id ?? null) : null}
        />
        {query.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? 'Loading more…' : 'Load more'}
            </button>
          </div>
        )}
        {query.isFetchNextPageError && (
          <p role="alert" className="mt-2 text-center text-error">
            More orders could not be loaded: {query.error?.message}
          </p>
        )}
      </>
    );

  return (
    <>
      <p className="mt-2 mb-6 max-w-prose text-base-content/80">
        We hold the pieces of an unpaid order for you until the time shown; pay before then, or cancel to give
        them back.
      </p>
      <div ref={listRef} tabIndex={-1} className="outline-none">
        {list}
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
            {linesOf(toCancel)
              .map((line) => `${line.quantity} × ${line.productName}`)
              .join(', ')}
            , {formatMoney(toCancel.amountDue)}. The reserved pieces go back on sale and the order cannot be
            paid any more.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
