import { carrierName, trackingUrl } from '@kanna/shared/domain/carriers';
import { countryName } from '@kanna/shared/domain/countries';
import { type Currency, formatIn } from '@kanna/shared/domain/money';
import {
  isCancelled,
  isShipped,
  isTransfer,
  isUnpaid,
  paymentRefunded,
} from '@kanna/shared/domain/order-state';
import { toolName } from '@kanna/shared/domain/tool-texts';
import { partlyPaidLabel, refundOwedLabel } from '@kanna/shared/domain/transfers';
import type { Translation } from '@kanna/shared/domain/translation';
import type {
  CancelledDetail,
  OrderDesk,
  OrderPayment,
  OrderStatus,
  PaymentRecordedDetail,
} from '@kanna/shared/orders';
import type { ReactNode, Ref } from 'react';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { CopyButton } from '../../../components/ui/copy-button';
import { OrderTotals, totalsOf } from '../../../components/ui/order-totals';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { formatDay, useShopTime } from '../../../lib/shop-time';
import { withNodes } from '../../../lib/with-nodes';
import { linesOf } from '../api/order-again';
import { orderDeskTexts } from '../i18n/desk';
import type deskEn from '../i18n/desk.en';
import { StateBadge } from './state-badge';

/** A titled box of the order's page; its heading names the region for screen readers. */
export function OrderSection({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5 ${className}`}
    >
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A time of the order, in the shop's time zone and the page's language. */
function Time({ at }: { at: string }) {
  const shopTime = useShopTime();
  return <time dateTime={at}>{shopTime(at)}</time>;
}

/**
 * The order's state in the words its list uses (`labels`), and "Cancelled — refunded $X" once
 * the money was given back ("— refund pending" while it is owed).
 */
function orderStateText(
  order: OrderDesk,
  labels: Record<OrderStatus, string>,
  t: Translation<typeof deskEn>,
): string {
  if (!isCancelled(order)) return labels[order.status];
  // Paid by card, cancelled by the shop, and its refund not made yet (the provider failed). Money
  // paid by bank transfer is given back by the shop: "Refund owed" beside the state says so.
  if (!order.refundedAt)
    return order.paidAt && order.transactionId ? t.refundPending(labels.cancelled) : labels.cancelled;
  return order.refundAmount === null
    ? t.refunded(labels.cancelled)
    : t.refundedAmount(labels.cancelled, formatIn(order.refundAmount, order.currency));
}

/** The heading: the order's number, its state and when it was placed. */
export function OrderHeading({
  order,
  stateLabels,
  headingRef,
}: {
  order: OrderDesk;
  stateLabels: Record<OrderStatus, string>;
  /** Focus comes back here when the order changes under an action (its button is gone). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useTexts(orderDeskTexts);
  return (
    <div className="flex flex-col gap-2">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
        {withNodes(t.heading, <span className="font-mono">{order.number}</span>)}
      </h1>
      <p className="flex flex-wrap items-center gap-2">
        <span className="sr-only">{t.stateIs}</span>
        <StateBadge status={order.status} label={orderStateText(order, stateLabels, t)} />
        {order.testPayment && (
          <span className="badge badge-outline whitespace-nowrap" title={t.testCard}>
            {t.testPayment}
          </span>
        )}
        <TransferBadges order={order} />
        <span className="text-sm text-base-content/80">
          {withNodes(t.placed, <Time at={order.createdAt} />)}
        </span>
      </p>
    </div>
  );
}

/**
 * Bank transfers beside the state (docs/orders.md, "Bank transfers"): "Partly paid $X of $Y"
 * while the money recorded is less than due, "Refund owed $Z" while the shop must give some back.
 */
function TransferBadges({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  // The shared rules say when (the same words as the lists and mails in English); the page's language says what.
  const partly =
    partlyPaidLabel(order) &&
    t.partlyPaid(formatIn(order.amountPaid, order.currency), formatIn(order.amountDue, order.currency));
  const owed = refundOwedLabel(order.refundOwed) && t.refundOwed(formatIn(order.refundOwed, order.currency));
  return (
    <>
      {partly && <span className="badge badge-warning whitespace-nowrap">{partly}</span>}
      {owed && (
        <span className="badge badge-error whitespace-nowrap" title={t.refundOwedExplained}>
          {owed}
        </span>
      )}
    </>
  );
}

/** Who bought it, with links to write or call. */
export function BuyerSection({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  const language = useLanguage();
  const { name, email, phone } = order.buyer;
  return (
    <OrderSection id="order-buyer" title={t.buyer}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t.name}</dt>
        <dd>{name}</dd>
        <dt className="font-semibold">{t.email}</dt>
        <dd className="[overflow-wrap:anywhere]">
          <a href={`mailto:${email}`} className="link">
            {email}
          </a>
        </dd>
        <dt className="font-semibold">{t.phone}</dt>
        <dd>
          <a href={`tel:${phone.replaceAll(/[\s-]/g, '')}`} className="link">
            {phone}
          </a>
        </dd>
        <Given term={t.company} value={order.company} />
        <Given term={t.department} value={order.department} />
        <Given term={t.poNumber} value={order.poNumber} />
        <Given
          term={t.requestedDate}
          value={order.requestedDate && formatDay(order.requestedDate, language)}
        />
      </dl>
    </OrderSection>
  );
}

/** Where it goes, with a Copy button for the shipping label. */
export function AddressSection({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  return (
    <OrderSection id="order-address" title={t.deliveryAddress}>
      <address className="mb-3 whitespace-pre-line not-italic [overflow-wrap:anywhere]">
        {order.address}
      </address>
      <CopyButton text={order.address} label={t.copyAddress} />
      {order.billingAddress && (
        <>
          <h3 className="mt-4 mb-1 font-semibold">{t.billingAddress}</h3>
          <address className="whitespace-pre-line not-italic [overflow-wrap:anywhere]">
            {order.billingAddress}
          </address>
        </>
      )}
      {(order.receiptAddressee || order.receiptNote) && (
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          <Given term={t.receiptAddressee} value={order.receiptAddressee} />
          <Given term={t.receiptNote} value={order.receiptNote} />
        </dl>
      )}
    </OrderSection>
  );
}

/** A term and its value in a list of facts, when the order has it. */
function Given({ term, value }: { term: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt className="font-semibold">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{value}</dd>
    </>
  );
}

/** How it travels, once shipped: when, the carrier and the tracking number (those two when given). */
export function TrackingSection({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  const language = useLanguage();
  if (!isShipped(order)) return null;
  const track = trackingUrl(order.carrier, order.trackingNumber, language);
  return (
    <OrderSection id="order-tracking" title={t.tracking}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {order.shippedAt && (
          <>
            <dt className="font-semibold">{t.shipped}</dt>
            <dd>
              <Time at={order.shippedAt} />
            </dd>
          </>
        )}
        <dt className="font-semibold">{t.carrier}</dt>
        <dd>
          {order.carrier ? (
            carrierName(order.carrier, language)
          ) : (
            <span className="text-base-content/80">{t.notGiven}</span>
          )}
        </dd>
        <dt className="font-semibold">{t.trackingNumber}</dt>
        <dd className="font-mono [overflow-wrap:anywhere]">
          {order.trackingNumber ?? <span className="font-sans text-base-content/80">{t.notGiven}</span>}
        </dd>
        {track && (
          <dd className="col-start-2">
            <a href={track} className="link" target="_blank" rel="noopener noreferrer">
              {t.trackParcel}
            </a>
          </dd>
        )}
      </dl>
    </OrderSection>
  );
}

/** What was bought: product, quantity, unit price and line total, and the order's totals. */
export function LinesSection({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  const language = useLanguage();
  const lines = linesOf(order);
  const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <OrderSection id="order-lines" title={t.lines}>
      <CardTable
        caption={t.linesCaption(lines.length)}
        columns={[
          t.product,
          { label: t.quantity, align: 'right' },
          { label: t.unitPrice, align: 'right' },
          { label: t.lineTotal, align: 'right' },
        ]}
      >
        {lines.map((line) => (
          <tr key={line.toolId} className={cardTable.row}>
            <th scope="row" className={`font-semibold ${cardTable.title}`}>
              {toolName(line, language)}
              {(line.sku || line.jan) && (
                <span className="block text-sm font-normal text-base-content/70">
                  {[line.sku && `${t.sku} ${line.sku}`, line.jan && `${t.jan} ${line.jan}`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              )}
            </th>
            <td data-label={t.quantity} className={`text-right tabular-nums ${cardTable.field}`}>
              {line.quantity.toLocaleString('en-US')}
            </td>
            <td data-label={t.unitPrice} className={`text-right tabular-nums ${cardTable.field}`}>
              {formatIn(line.perPrice, order.currency)}
            </td>
            <td data-label={t.lineTotal} className={`text-right tabular-nums ${cardTable.field}`}>
              {formatIn(line.totalPrice, order.currency)}
            </td>
          </tr>
        ))}
      </CardTable>
      <div className="mt-3 ml-auto flex max-w-xs flex-col gap-1">
        <dl className="flex justify-between gap-4 tabular-nums text-base-content/80">
          <dt>{t.pieces}</dt>
          <dd>{pieces.toLocaleString('en-US')}</dd>
        </dl>
        <OrderTotals totals={totalsOf(order)} />
        {order.taxTreatment !== 'none' && (
          <p className="text-right text-sm text-base-content/80">
            {t.deliveredTo(countryName(order.country, language))}
          </p>
        )}
        {order.refundedAt && order.refundAmount !== null && (
          <dl className="flex justify-between gap-4 tabular-nums">
            <dt>{t.refundedRow}</dt>
            <dd>−{formatIn(order.refundAmount, order.currency)}</dd>
          </dl>
        )}
      </div>
    </OrderSection>
  );
}

/** The money: each payment's method, amount, state and transaction, marked when it was a test. */
export function PaymentsSection({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  return (
    <OrderSection id="order-payments" title={t.payments}>
      {order.payments.length === 0 ? (
        <p className="text-base-content/80">{isUnpaid(order) ? t.notPaidYet : t.noPayment}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {order.payments.map((payment) => (
            <li
              key={`${payment.transactionId ?? payment.reference ?? ''}-${payment.at}-${payment.status}`}
              className="flex flex-col gap-1 rounded-box bg-base-200/60 p-3"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{t.methods[payment.method]}</span>
                <span className="tabular-nums">{formatIn(payment.amount, order.currency)}</span>
                <span className={`badge ${paymentRefunded(payment) ? 'badge-ghost' : 'badge-success'}`}>
                  {isTransfer(payment.method) ? t.received : t.paymentStates[payment.status]}
                </span>
                {payment.test && (
                  <span className="badge badge-outline" title={t.testCard}>
                    {t.test}
                  </span>
                )}
              </span>
              {payment.transactionId && (
                <span className="text-sm [overflow-wrap:anywhere]">
                  {t.transactionLabel} <code className="font-mono text-xs">{payment.transactionId}</code>
                </span>
              )}
              {isTransfer(payment.method) && <TransferLines payment={payment} currency={order.currency} />}
              <span className="text-sm text-base-content/80">
                {isTransfer(payment.method) ? (
                  withNodes(t.recordedAt, <Time at={payment.at} />)
                ) : (
                  <Time at={payment.at} />
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </OrderSection>
  );
}

/** A recorded bank transfer: the day it arrived, its reference, who recorded it, and what of it is owed back. */
function TransferLines({ payment, currency }: { payment: OrderPayment; currency: Currency }) {
  const t = useTexts(orderDeskTexts);
  return (
    <>
      <span className="text-sm [overflow-wrap:anywhere]">
        {withNodes(
          t.transferReceived,
          payment.receivedOn,
          <span className="font-mono">{payment.reference}</span>,
        )}
        {payment.recordedBy && t.recordedBy(payment.recordedBy)}
      </span>
      {payment.refundOwed ? (
        <span className="text-sm font-semibold text-error">
          {t.giveBack(formatIn(payment.refundOwed, currency))}
        </span>
      ) : null}
    </>
  );
}

/** A cancel's history line in the page's language: the reason as typed, the shop's own words translated. */
function cancelNoteIn(t: Translation<typeof deskEn>, d: CancelledDetail, currency: Currency): string {
  const said = t.cancelNote;
  const parts = [
    d.holdRanOut ? said.holdRanOut : d.reason,
    d.owedBack ? said.owedBack(formatIn(d.owedBack, currency)) : null,
  ];
  return parts.filter(Boolean).join(said.separator);
}

/** A recorded transfer's history line in the page's language, from its facts. */
function paymentNoteIn(t: Translation<typeof deskEn>, d: PaymentRecordedDetail, currency: Currency): string {
  const said = t.paymentNote;
  const outcome =
    d.outcome === 'partly paid'
      ? said['partly paid'](formatIn(d.paid ?? 0, currency), formatIn(d.due ?? 0, currency))
      : d.outcome === 'overpaid'
        ? said.overpaid(formatIn(d.refund ?? 0, currency))
        : d.outcome === 'counted'
          ? ''
          : said[d.outcome];
  return `${said.received(formatIn(d.amount, currency), d.receivedOn, d.reference)}${outcome}`;
}

/** What happened to the order, oldest first: when, what, who, and the note that came with it. */
export function TimelineSection({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  const by = (who: string) => (who === 'buyer' ? t.theBuyer : who === 'shop' ? t.theShop : who);
  return (
    <OrderSection id="order-timeline" title={t.history}>
      {order.events.length === 0 ? (
        <p className="text-base-content/80">{t.nothingYet}</p>
      ) : (
        <ol className="flex flex-col">
          {order.events.map((event, i) => (
            <li
              // Events have no id; their place in the history is stable (oldest first, only added to).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              className="relative border-l-2 border-base-300 pb-4 pl-4 last:pb-0"
            >
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-primary"
              />
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold">{t.events[event.type]}</span>
                <span className="text-sm text-base-content/80">
                  {withNodes(t.eventBy, <Time at={event.at} />, by(event.by))}
                </span>
              </p>
              {(event.detail || event.note) && (
                <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">
                  {event.detail?.kind === 'payment recorded'
                    ? paymentNoteIn(t, event.detail, order.currency)
                    : event.detail?.kind === 'cancelled'
                      ? cancelNoteIn(t, event.detail, order.currency)
                      : event.note}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </OrderSection>
  );
}
