import { messages } from '@kanna/shared/domain/messages';
import { formatMoney } from '@kanna/shared/domain/money';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { Order } from '@kanna/shared/orders';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { QueryError } from '../../../components/ui/query-state';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useReaderLanguage } from '../../../lib/reader-language';
import { useSay } from '../../../lib/say';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { linesOf, orderAgainMessages, useOrderAgain } from '../api/order-again';
import { MyOrdersTable } from '../components/my-orders-table';
import { orderDeskTexts } from '../i18n/desk';

/** /dashboard/myOrders (spec §2): the buyer's orders with Pay and Cancel. */
export function MyOrdersPage() {
  const t = useTexts(orderDeskTexts);
  usePageMeta(t.myOrders, t.myOrdersDescription);
  const session = useSession();
  return (
    <div className="w-full px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 className="text-2xl font-bold sm:text-3xl">{t.myOrders}</h1>
      {session.status === 'signed-in' ? (
        <MyOrders email={session.user.email} />
      ) : (
        <LoadingDots label={t.loadingAccount} />
      )}
    </div>
  );
}

function MyOrders({ email }: { email: string }) {
  const t = useTexts(orderDeskTexts);
  const language = useReaderLanguage();
  const say = useSay();
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
        void notify('success', say(messages.orderCancelled));
        setToCancel(null);
        cancel.reset();
        // The row stays, marked cancelled, but its button is gone: keep the keyboard user in the list.
        listRef.current?.focus();
      },
    });
  };

  const orderAgain = (order: Order) =>
    again.mutate(order, {
      onSuccess: (result) => {
        const said = orderAgainMessages(result);
        if (said.skipped) void notify('warning', say(said.skipped));
        if (said.full) void notify('warning', say(said.full));
        if (said.added) {
          void notify('success', say(said.added));
          navigate('/cart');
        }
      },
      onError: (error) => void notify('error', error.message),
    });

  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  let list: ReactNode;
  if (query.isPending) list = <LoadingDots label={t.loadingOrders} className="min-h-48 items-center" />;
  else if (!query.data) list = <QueryError query={query} title={t.ordersNotLoaded} />;
  else if (orders.length === 0)
    list = (
      <p className="py-10 text-center text-base-content/80">
        <span className="flex flex-col items-center gap-4">
          {t.noOrders}
          <Link to="/allProduct" className="btn btn-primary">
            {t.browseTools}
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
              {query.isFetchingNextPage ? t.loadingMore : t.loadMore}
            </button>
          </div>
        )}
        {query.isFetchNextPageError && (
          <p role="alert" className="mt-2 text-center text-error">
            {t.moreNotLoaded(query.error?.message ?? '')}
          </p>
        )}
      </>
    );

  return (
    <>
      <p className="mt-2 mb-6 max-w-prose text-base-content/80">{t.myOrdersLead}</p>
      <div ref={listRef} tabIndex={-1} className="outline-none">
        {list}
      </div>

      <ConfirmDialog
        open={toCancel !== null}
        title={toCancel ? t.cancelTitle(toCancel.number) : ''}
        confirmLabel={t.yesCancel}
        pendingLabel={t.cancelling}
        cancelLabel={t.keepOrder}
        onConfirm={confirmCancel}
        onCancel={closeDialog}
        pending={cancel.isPending}
        error={cancel.error?.message}
      >
        {toCancel && (
          <p>
            {t.cancelWhat(
              linesOf(toCancel)
                .map((line) => t.lineOf(line.quantity, toolName(line, language)))
                .join(t.listSeparator),
              formatMoney(toCancel.amountDue),
            )}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
