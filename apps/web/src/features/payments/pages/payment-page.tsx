import { documentPath } from '@kanna/shared/domain/documents';
import { messages } from '@kanna/shared/domain/messages';
import { formatPriceIn } from '@kanna/shared/domain/money';
import {
  isCancelled,
  isCard,
  isOwedOnAccount,
  isShipped,
  isTransfer,
} from '@kanna/shared/domain/order-state';
import type { Order } from '@kanna/shared/orders';
import type { ShopSettings } from '@kanna/shared/users';
import { CircleCheck } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useShopSettings } from '../../../api/get-settings';
import { useTransferInstructions } from '../../../api/get-transfer-instructions';
import { ErrorMessage } from '../../../components/ui/error-message';
import { HeadedSection } from '../../../components/ui/headed-section';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { QueryError } from '../../../components/ui/query-state';
import { TransferDetails } from '../../../components/ui/transfer-details';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { lazyComponent } from '../../../lib/lazy-route';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { useSession } from '../../../lib/session';
import { withNodes } from '../../../lib/with-nodes';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useOrder } from '../api/get-order';
import { useRecordPayment } from '../api/record-payment';
import { OrderSummary } from '../components/order-summary';
import { PaymentMethodChoice } from '../components/payment-method-choice';
import { TestCardForm } from '../components/test-card-form';
import { paymentTexts } from '../i18n';

// Stripe's SDK is loaded only when the shop takes real cards, never in test mode.
const StripeCardForm = lazyComponent(
  'stripeCard',
  () => import('../components/stripe-card-form'),
  (m) => m.StripeCardForm,
);

/** /dashboard/payment/{id} (spec §2): the order summary and the card form, or how to pay by bank transfer. */
export function PaymentPage() {
  const t = useTexts(paymentTexts);
  const say = useSay();
  usePageMeta(t.title, t.description);
  const { id = '' } = useParams();
  const order = useOrder(id);
  const record = useRecordPayment();
  const [transactionId, setTransactionId] = useState<string | null>(null);

  const onPaid = (paidWith: string) => {
    setTransactionId(paidWith);
    record.mutate({ orderId: id, transactionId: paidWith });
  };

  let content: ReactNode;
  if (transactionId) {
    content = (
      <PaymentCompleted
        transactionId={transactionId}
        recording={record.isPending}
        recordError={record.error?.message ?? null}
        onRetry={() => record.mutate({ orderId: id, transactionId })}
      />
    );
  } else if (order.isPending) {
    content = <LoadingDots label={t.loadingOrder} className="min-h-64 items-center" />;
  } else if (order.isError) {
    const missing =
      order.error instanceof ApiError && (order.error.statusCode === 404 || order.error.statusCode === 400);
    content = missing ? (
      <Notice title={t.notFound}>
        {withNodes(
          t.notFoundHelp,
          <Link to="/dashboard/myOrders" className="link link-primary">
            {t.myOrders}
          </Link>,
        )}
      </Notice>
    ) : (
      <QueryError query={order} title={t.orderNotLoaded} />
    );
  } else if (order.data.paid) {
    content = <AlreadyPaid order={order.data} />;
  } else if (isCancelled(order.data)) {
    content = (
      <Notice title={t.cancelled}>
        {order.data.refundedAt ? `${say(messages.paymentRefunded)} ` : ''}
        {withNodes(
          t.cannotBePaid,
          <Link to="/allProduct" className="link link-primary">
            {t.orderToolAgain}
          </Link>,
        )}
      </Notice>
    );
  } else if (isOwedOnAccount(order.data)) {
    // On the company's account (decision 0067): paid with the statement, never here.
    content = (
      <Notice title={t.onAccount}>
        {withNodes(
          t.nothingToPay,
          <Link to={`/dashboard/myOrders/${order.data._id}`} className="link link-primary">
            {t.theOrder}
          </Link>,
        )}
      </Notice>
    );
  } else {
    content = <Checkout order={order.data} onPaid={onPaid} />;
  }

  return (
    <div className="w-full max-w-2xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 className="text-2xl font-bold sm:text-3xl">{t.heading}</h1>
      {order.data && (
        <div className="mt-6">
          <OrderSummary order={order.data} />
        </div>
      )}
      <div className="mt-6">{content}</div>
    </div>
  );
}

/**
 * An unpaid order: card or bank transfer when the shop takes transfers (the choice is kept on the
 * order), then the card form or how to pay by transfer.
 */
function Checkout({ order, onPaid }: { order: Order; onPaid: (transactionId: string) => void }) {
  const t = useTexts(paymentTexts);
  const settings = useShopSettings();
  const card = isCard(order.paymentMethod);
  // Asked for with the settings, not after them: the card form is ready sooner.
  const intent = usePaymentIntent(order._id, card);
  if (card && intent.isError) {
    return <QueryError query={intent} title={t.cannotPayNow} />;
  }
  if (settings.isPending) return <LoadingDots label={t.loadingForm} />;
  if (settings.isError) {
    return <QueryError query={settings} title={t.formNotLoaded} />;
  }
  return (
    <div className="flex flex-col gap-6">
      {(settings.data.bankTransfer || isTransfer(order.paymentMethod)) && (
        <PaymentMethodChoice order={order} transferHoldDays={settings.data.transferHoldDays} />
      )}
      {card ? (
        <CardPayment
          order={order}
          clientSecret={intent.data?.clientSecret}
          settings={settings.data}
          onPaid={onPaid}
        />
      ) : (
        <TransferPayment orderId={order._id} />
      )}
    </div>
  );
}

/** A transfer order: the account, reference, amount and deadline, and its pro-forma invoice. */
function TransferPayment({ orderId }: { orderId: string }) {
  const t = useTexts(paymentTexts);
  const instructions = useTransferInstructions(orderId);
  if (instructions.isPending) return <LoadingDots label={t.loadingBank} />;
  if (instructions.isError) {
    return <QueryError query={instructions} title={t.bankNotLoaded} />;
  }
  return (
    <TransferDetails instructions={instructions.data} proformaHref={documentPath(orderId, 'proforma')} />
  );
}

function CardPayment({
  order,
  clientSecret,
  settings,
  onPaid,
}: {
  order: Order;
  clientSecret: string | undefined;
  settings: ShopSettings;
  onPaid: (transactionId: string) => void;
}) {
  const t = useTexts(paymentTexts);
  const session = useSession();
  const amount = formatPriceIn(order.amountDue, order.currency);
  return (
    <HeadedSection
      id="card-heading"
      title={t.payByCard}
      level={2}
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
      headingClassName="mb-4 text-lg font-bold"
    >
      {settings.payments === 'stripe' && settings.stripePublishableKey ? (
        <Suspense fallback={<LoadingDots label={t.loadingCardForm} />}>
          <StripeCardForm
            publishableKey={settings.stripePublishableKey}
            clientSecret={clientSecret}
            amount={amount}
            billing={{ name: session.user?.name ?? order.name, email: session.user?.email ?? order.email }}
            onPaid={onPaid}
          />
        </Suspense>
      ) : (
        <TestCardForm clientSecret={clientSecret} amount={amount} onPaid={onPaid} />
      )}
    </HeadedSection>
  );
}

function PaymentCompleted({
  transactionId,
  recording,
  recordError,
  onRetry,
}: {
  transactionId: string;
  recording: boolean;
  recordError: string | null;
  onRetry: () => void;
}) {
  const t = useTexts(paymentTexts);
  const say = useSay();
  return (
    <section
      aria-labelledby="paid-heading"
      className="flex flex-col gap-3 rounded-box border border-success/40 bg-success/5 p-5"
    >
      <h2 id="paid-heading" role="status" className="flex items-center gap-2 text-xl font-bold text-success">
        <CircleCheck className="size-6 shrink-0" aria-hidden="true" />
        {say(messages.paymentCompleted)}
      </h2>
      <p>
        {t.transactionId} <code className="font-mono font-semibold break-all">{transactionId}</code>
      </p>
      {recording ? (
        <LoadingDots label={t.recording} className="py-2" />
      ) : recordError ? (
        <ErrorMessage title={t.notRecorded} message={recordError} onRetry={onRetry} />
      ) : (
        <Link to="/dashboard/myOrders" className="btn btn-primary self-start">
          {t.seeMyOrders}
        </Link>
      )}
    </section>
  );
}

function AlreadyPaid({ order }: { order: Order }) {
  const t = useTexts(paymentTexts);
  return (
    <Notice
      title={isShipped(order) ? t.paidAndShipped : t.paid}
      action={
        <Link to="/dashboard/myOrders" className="btn btn-primary">
          {t.backToMyOrders}
        </Link>
      }
    >
      {order.transactionId ? (
        <>
          {t.transactionId} <code className="font-mono font-semibold break-all">{order.transactionId}</code>
        </>
      ) : (
        t.nothingMore
      )}
      {order.testPayment && t.paidWithTestCard}
    </Notice>
  );
}

function Notice({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section
      aria-labelledby="notice-heading"
      className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 p-5"
    >
      <h2 id="notice-heading" className="text-xl font-bold">
        {title}
      </h2>
      <p>{children}</p>
      {action}
    </section>
  );
}
