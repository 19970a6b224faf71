import { messages } from '@kanna/shared/domain/messages';
import { formatIn } from '@kanna/shared/domain/money';
import {
  isAwaitingApproval,
  isTransfer,
  isUnpaid,
  mayCancel,
  mayReviewTools,
  mayShip,
  takesTransfer,
} from '@kanna/shared/domain/order-state';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { Translation } from '@kanna/shared/domain/translation';
import type { OrderDesk, OrderStatus } from '@kanna/shared/orders';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTransferInstructions } from '../../../api/get-transfer-instructions';
import { useSaveOrderAsList } from '../../../api/save-list';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { QueryError } from '../../../components/ui/query-state';
import { SaveListForm } from '../../../components/ui/save-list-form';
import { TransferDetails } from '../../../components/ui/transfer-details';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useReaderLanguage } from '../../../lib/reader-language';
import { useSay } from '../../../lib/say';
import { useShopTime } from '../../../lib/shop-time';
import { notify } from '../../../lib/toast';
import { withNodes } from '../../../lib/with-nodes';
import { useCancelOrder } from '../api/cancel-order';
import { useOrderDesk } from '../api/get-order-desk';
import { linesOf } from '../api/order-again';
import { CancelOrderByShop } from '../components/cancel-order-dialog';
import {
  AddressSection,
  BuyerSection,
  LinesSection,
  OrderHeading,
  PaymentsSection,
  TimelineSection,
  TrackingSection,
} from '../components/order-details';
import { OrderDocuments } from '../components/order-documents';
import { OrderNotes } from '../components/order-notes';
import { RecordPayment } from '../components/record-payment-dialog';
import { ReviewTools } from '../components/review-tools';
import { ShipOrder } from '../components/ship-order-dialog';
import { orderDeskTexts } from '../i18n/desk';
import type deskEn from '../i18n/desk.en';

type Audience = 'admin' | 'buyer';
type DeskTexts = Translation<typeof deskEn>;

/** Where each audience's list is, what it is called, its words for the states and the page's description. */
const audienceOf = (audience: Audience, t: DeskTexts) =>
  audience === 'admin'
    ? {
        list: { to: '/dashboard/allOrders', name: t.allOrders, back: t.backToAllOrders },
        stateLabels: t.adminStates,
        description: t.adminDescription,
      }
    : {
        list: { to: '/dashboard/myOrders', name: t.myOrders, back: t.backToMyOrders },
        stateLabels: t.states,
        description: t.buyerDescription,
      };

/** /dashboard/orders/{id} (admin, reached from All orders): the whole order, its notes and its actions. */
export function AdminOrderPage() {
  return <OrderDeskPage audience="admin" />;
}

/** /dashboard/myOrders/{id} (the buyer who placed it): the whole order, with Pay and Cancel while unpaid. */
export function MyOrderPage() {
  return <OrderDeskPage audience="buyer" />;
}

function OrderDeskPage({ audience }: { audience: Audience }) {
  const { id = '' } = useParams();
  const t = useTexts(orderDeskTexts);
  const query = useOrderDesk(id);
  const { list, stateLabels, description } = audienceOf(audience, t);
  usePageMeta(query.data ? t.orderTitle(query.data.number) : t.order, description);

  let content: ReactNode;
  if (query.isPending) {
    content = <LoadingDots label={t.loadingOrder} className="min-h-64 items-center" />;
  } else if (query.isError) {
    const missing =
      query.error instanceof ApiError && (query.error.statusCode === 404 || query.error.statusCode === 400);
    content = missing ? (
      <div className="flex flex-col items-start gap-3 py-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.notFound}</h1>
        <p className="text-base-content/80">{t.notFoundHelp}</p>
        <Link to={list.to} className="btn btn-primary">
          {list.back}
        </Link>
      </div>
    ) : (
      <>
        <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t.order}</h1>
        <QueryError query={query} title={t.orderNotLoaded} />
      </>
    );
  } else {
    content = <OrderDeskContent order={query.data} audience={audience} stateLabels={stateLabels} />;
  }

  return (
    <div className="w-full px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <Link to={list.to} className="link mb-4 inline-flex items-center gap-1 text-sm">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {list.name}
      </Link>
      {content}
    </div>
  );
}

function OrderDeskContent({
  order,
  audience,
  stateLabels,
}: {
  order: OrderDesk;
  audience: Audience;
  stateLabels: Record<OrderStatus, string>;
}) {
  const actions = audience === 'admin' ? <AdminActions order={order} /> : <BuyerActions order={order} />;
  // Shipping or cancelling takes away the button that did it: the keyboard goes on from the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStatus = useRef(order.status);
  useEffect(() => {
    if (shownStatus.current === order.status) return;
    shownStatus.current = order.status;
    heading.current?.focus();
  }, [order.status]);
  return (
    <>
      <OrderHeading order={order} stateLabels={stateLabels} headingRef={heading} />
      {actions}
      {/* Phones read top to bottom: who and where, then what and what happened. From xl up the
          lines and history take the wide column and who, where and the notes the narrow one. */}
      <div className="mt-6 grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:grid-rows-[auto_1fr] xl:items-start xl:gap-6">
        <div className="flex min-w-0 flex-col gap-4 xl:col-start-2 xl:row-start-1 xl:gap-6">
          <BuyerSection order={order} />
          <AddressSection order={order} />
          <TrackingSection order={order} />
          <OrderDocuments order={order} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 xl:col-start-1 xl:row-span-2 xl:row-start-1 xl:gap-6">
          <LinesSection order={order} />
          {audience === 'buyer' && mayReviewTools(order) && <ReviewTools order={order} />}
          {audience === 'buyer' && <SaveOrderAsList order={order} />}
          <PaymentsSection order={order} />
          <TimelineSection order={order} />
        </div>
        {audience === 'admin' && (
          <div className="min-w-0 xl:col-start-2 xl:row-start-2">
            <OrderNotes order={order} />
          </div>
        )}
      </div>
    </>
  );
}

/**
 * Ship (paid orders) and Cancel order (unpaid, or paid and not shipped, or cancelled with its
 * refund still owed); none once shipped or cancelled and settled.
 */
function AdminActions({ order }: { order: OrderDesk }) {
  const canShip = mayShip(order);
  const canCancel = mayCancel(order, 'shop');
  // Money received by bank transfer: where the server takes it (never on an order paid by card).
  const canRecord = takesTransfer(order);
  if (!canShip && !canCancel && !canRecord) return null;
  return (
    <div className="mt-4 flex flex-col gap-2">
      {isUnpaid(order) && <Hold order={order} audience="admin" />}
      <div className="flex flex-wrap gap-2">
        {canShip && <ShipOrder order={order} />}
        {canRecord && <RecordPayment order={order} />}
        {canCancel && <CancelOrderByShop order={order} />}
      </div>
    </div>
  );
}

/** The buyer saves the order's tools and quantities as a list (定番リスト), to order them again in one step. */
function SaveOrderAsList({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  const save = useSaveOrderAsList();
  return (
    <div className="flex flex-col gap-2">
      <SaveListForm
        className="max-w-xl"
        button={t.saveAsList}
        initialName={t.listNameOf(order.number)}
        pending={save.isPending}
        error={save.error}
        save={(name, saved) => save.mutate({ orderId: order._id, name }, { onSuccess: saved })}
      />
      <Link to="/lists" className="link text-sm">
        {t.savedLists}
      </Link>
    </div>
  );
}

/** How long an unpaid order's pieces stay reserved, or that the reservation ran out. */
function Hold({ order, audience }: { order: OrderDesk; audience: Audience }) {
  const t = useTexts(orderDeskTexts);
  const shopTime = useShopTime();
  const expired = new Date(order.holdUntil) <= new Date();
  const until = <time dateTime={order.holdUntil}>{shopTime(order.holdUntil)}</time>;
  if (expired)
    return (
      <p className="text-sm text-error">
        {audience === 'buyer' ? t.reservationExpired : t.reservationRanOut}
      </p>
    );
  return (
    <p className="text-sm text-base-content/80">
      {withNodes(audience === 'buyer' ? t.heldForYou : t.heldForBuyer, until)}
    </p>
  );
}

/**
 * The buyer's Pay (while the hold lasts) and Cancel, as My orders has them, while the order is
 * unpaid; Cancel alone on an order on account not yet shipped.
 */
function BuyerActions({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  const language = useReaderLanguage();
  const say = useSay();
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  if (!mayCancel(order, 'buyer')) return null;
  const expired = new Date(order.holdUntil) <= new Date();

  const close = () => {
    setAsking(false);
    cancel.reset();
  };
  const confirm = () =>
    cancel.mutate(order._id, {
      onSuccess: () => {
        void notify('success', say(messages.orderCancelled));
        close();
      },
    });

  return (
    <div className="mt-4 flex flex-col gap-2">
      {/* On account nothing waits for money: no hold, nothing to pay here (decision 0067). */}
      {isUnpaid(order) && <Hold order={order} audience="buyer" />}
      {isAwaitingApproval(order) && (
        <p className="rounded-box border border-warning/40 bg-warning/10 p-3">{t.awaitingApproval}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {isUnpaid(order) && !expired && (
          <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary max-sm:flex-1">
            {t.payAmount(formatIn(order.amountDue, order.currency))}
          </Link>
        )}
        <button
          type="button"
          className="btn btn-outline btn-error max-sm:flex-1"
          onClick={() => setAsking(true)}
        >
          {t.cancelOrder}
        </button>
      </div>
      {isUnpaid(order) && isTransfer(order.paymentMethod) && !expired && (
        <BuyerTransfer orderId={order._id} />
      )}
      <ConfirmDialog
        open={asking}
        title={t.cancelTitle(order.number)}
        confirmLabel={t.yesCancel}
        pendingLabel={t.cancelling}
        cancelLabel={t.keepOrder}
        onConfirm={confirm}
        onCancel={close}
        pending={cancel.isPending}
        error={cancel.error?.message}
      >
        <p>
          {t.cancelWhat(
            linesOf(order)
              .map((line) => t.lineOf(line.quantity, toolName(line, language)))
              .join(t.listSeparator),
            formatIn(order.amountDue, order.currency),
          )}
          {order.amountPaid > 0 && t.sentBack(formatIn(order.amountPaid, order.currency))}
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** How to pay a transfer order on the buyer's page while it is unpaid (its pro-forma is under Documents). */
function BuyerTransfer({ orderId }: { orderId: string }) {
  const t = useTexts(orderDeskTexts);
  const instructions = useTransferInstructions(orderId);
  if (instructions.isPending) return <LoadingDots label={t.loadingBank} />;
  if (instructions.isError) return <QueryError query={instructions} title={t.bankNotLoaded} />;
  return (
    <div className="mt-2 max-w-2xl">
      <TransferDetails instructions={instructions.data} />
    </div>
  );
}
