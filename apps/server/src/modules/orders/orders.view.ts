import {
  type Currency,
  centsToDollars,
  formatAmount,
  formatOrderNumber,
  isPaid,
  type Order,
  type OrderDesk,
  type OrderNote,
  type OrderPayment,
  ratePercent,
  toMajor,
} from '@kanna/shared';
import type { Database } from '../../db/client';
import { cancelDetail, paymentDetail } from './history-notes';
import {
  type EventRow,
  type NewLine,
  type OrderRow,
  ordersRepository as repo,
  type TransferRow,
} from './orders.repository';

/*
 * How an order and its lines are shown in the API's JSON (its mails: mail/order-mail.ts).
 */

/** Cents as admin tables, mails and the order's history write an amount: '$1,234.50'. */
export const dollars = (cents: number) => formatAmount(centsToDollars(cents));

/** A line's Japanese name as ordered, when its tool had one (absent otherwise, as before there were two). */
const inJapanese = (l: Pick<NewLine, 'productNameJa'>) =>
  l.productNameJa ? { productNameJa: l.productNameJa } : {};

/** A line's product codes as ordered, each when its tool had it (absent otherwise, and on lines ordered before codes were kept). */
const codesOf = (l: Pick<NewLine, 'sku' | 'jan'>) => ({
  ...(l.sku ? { sku: l.sku } : {}),
  ...(l.jan ? { jan: l.jan } : {}),
});

export function toOrderDto(o: OrderRow, lines: NewLine[] = [o]): Order {
  // Every amount in the order's currency, as the wire carries it: dollars with cents, whole yen.
  const major = (minor: number) => toMajor(minor, o.currency);
  return {
    _id: o.id,
    number: formatOrderNumber(o.number),
    name: o.name,
    email: o.email,
    toolId: o.toolId,
    productName: o.productName,
    ...inJapanese(o),
    quantity: o.quantity,
    phone: o.phone,
    address: o.address,
    perPrice: major(o.perPriceCents),
    totalPrice: major(o.totalCents),
    lines: lines.map((l) => ({
      toolId: l.toolId,
      productName: l.productName,
      ...inJapanese(l),
      ...codesOf(l),
      quantity: l.quantity,
      perPrice: major(l.perPriceCents),
      totalPrice: major(l.perPriceCents * l.quantity),
    })),
    paid: isPaid(o.status),
    status: o.status,
    transactionId: o.transactionId,
    holdUntil: o.holdUntil.toISOString(),
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    testPayment: o.testPayment,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    cancelReason: o.cancelReason,
    refundedAt: o.refundedAt?.toISOString() ?? null,
    refundAmount: o.refundCents === null ? null : major(o.refundCents),
    country: o.country,
    currency: o.currency,
    shippingPrice: major(o.shippingCents),
    taxPrice: major(o.taxCents),
    taxRatePercent: ratePercent(o.taxRateBp),
    taxTreatment: o.taxTreatment,
    amountDue: major(o.amountDueCents),
    ...partiesOf(o),
    paymentMethod: o.paymentMethod,
    amountPaid: major(amountPaidCents(o)),
    refundOwed: major(o.transferRefundCents),
  };
}

const partyFields = [
  'billingAddress',
  'company',
  'department',
  'receiptAddressee',
  'receiptNote',
  'poNumber',
  'requestedDate',
  'enteredBy',
] as const;

/** The order's parties (billing address, company, receipt, PO number, date asked for, the admin who entered it), each only when it has one. */
function partiesOf(o: OrderRow): Partial<Record<(typeof partyFields)[number], string>> {
  const parties: Partial<Record<(typeof partyFields)[number], string>> = {};
  for (const field of partyFields) {
    const value = o[field];
    if (value !== null) parties[field] = value;
  }
  return parties;
}

/** Paid by card: the provider's payment settled it (a transfer-paid order has no transaction). */
const paidByCard = (o: OrderRow) => o.paidAt !== null && o.transactionId !== null;

/** What has reached the amount due: the card payment (unless given back), or the transfers recorded. */
const amountPaidCents = (o: OrderRow) =>
  o.transferPaidCents + (paidByCard(o) && !o.refundedAt ? o.amountDueCents : 0);

/** A recorded bank transfer as the order's payments list it. */
const toTransferPayment = (t: TransferRow, currency: Currency): OrderPayment => ({
  method: 'transfer',
  amount: toMajor(t.amountCents, currency),
  status: 'succeeded',
  transactionId: null,
  test: false,
  at: t.recordedAt.toISOString(),
  receivedOn: t.receivedOn,
  reference: t.reference,
  recordedBy: t.recordedBy,
  refundOwed: toMajor(t.refundCents, currency),
});

/**
 * One order whole (GET /api/orders/{id}): its JSON, its buyer, its payment and its history,
 * 'placed' first (the order's own time). `events` holds the admins' notes only when they were
 * read for an admin; `notes` is then set too, and absent otherwise.
 */
export function toOrderDesk(
  o: OrderRow,
  lines: NewLine[],
  events: EventRow[],
  forAdmin: boolean,
  transfers: TransferRow[] = [],
): OrderDesk {
  // A payment that landed after a cancel was never settled: its intent is the order's own. An
  // order paid by bank transfer has no card payment: its transfers are listed after.
  const paidAt = paidByCard(o) ? o.paidAt : o.refundedAt;
  const shown = forAdmin ? events : events.filter((e) => e.type !== 'note');
  const cardPayments: OrderPayment[] = paidAt
    ? [
        {
          method: 'card' as const,
          amount: toMajor(o.refundCents ?? o.amountDueCents, o.currency),
          status: o.refundedAt ? ('refunded' as const) : ('succeeded' as const),
          transactionId: o.transactionId ?? o.paymentIntentId,
          test: o.testPayment,
          at: paidAt.toISOString(),
        },
      ]
    : [];
  return {
    ...toOrderDto(o, lines),
    buyer: { name: o.name, email: o.email, phone: o.phone },
    payments: [...cardPayments, ...transfers.map((t) => toTransferPayment(t, o.currency))],
    events: [
      // Entered by the shop for the buyer (a phone order): placed by that admin.
      { at: o.createdAt.toISOString(), type: 'placed' as const, by: o.enteredBy ?? 'buyer', note: null },
      ...shown.map((e) => {
        const detail =
          e.type === 'payment recorded'
            ? paymentDetail(e.note)
            : e.type === 'cancelled'
              ? cancelDetail(e.note)
              : undefined;
        return {
          at: e.at.toISOString(),
          type: e.type,
          by: e.by,
          note: e.note,
          ...(detail ? { detail } : {}),
        };
      }),
    ],
    ...(forAdmin ? { notes: shown.filter((e) => e.type === 'note').map(toOrderNote) } : {}),
  };
}

/** An admin's note as the API shows it. */
export const toOrderNote = (e: EventRow): OrderNote => ({
  at: e.at.toISOString(),
  by: e.by,
  text: e.note ?? '',
});

/** Orders as the API shows them, each with its lines (read in one query for a page). */
export function orderViews(db: Database) {
  return {
    async withLines(rows: OrderRow[]): Promise<Order[]> {
      const lines = await repo.linesOf(db, rows);
      return rows.map((r) => toOrderDto(r, lines.get(r.id)));
    },

    /** One order as the API shows it, with its lines. */
    async one(row: OrderRow): Promise<Order> {
      return toOrderDto(row, (await repo.linesOf(db, [row])).get(row.id));
    },
  };
}
