import {
  documentState,
  isOnAccount,
  isPaid,
  mayMake,
  type OrderMove,
  orderMoves,
  type PayWay,
} from './order-state';
import { type OrderStatusName, switchablePaymentMethods } from './orders';

/*
 * An order's documents (docs/orders.md, "Documents"): PDFs its buyer and the shop's admins
 * download, each issued in some of the order's states. One rule for the server, which refuses a
 * document the order does not have yet (409), and the order pages, which link only to those it has.
 */

export const documentKinds = ['proforma', 'invoice', 'receipt', 'delivery-note', 'acknowledgement'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The states in which an order has each document. */
const issuedIn: Record<DocumentKind, readonly OrderStatusName[]> = {
  // Asked for before the money is sent: only while the order waits for it.
  proforma: ['unpaid'],
  invoice: ['paid', 'shipped'],
  receipt: ['paid', 'shipped'],
  // Shipped on account, it goes with the goods too; its invoice is the company's statement (decision 0067).
  'delivery-note': ['paid', 'shipped', 'account_shipped'],
  // An order the shop entered for its buyer (a phone or fax order) is acknowledged in writing (注文請書).
  acknowledgement: ['unpaid', 'paid', 'shipped', 'on_account', 'account_shipped'],
};

/** What of an order decides its documents: its state, and whether it was ever paid. */
export type DocumentedOrder = {
  status: OrderStatusName;
  paidAt: string | Date | null;
  /** The admin who entered the order for its buyer: only such an order has an acknowledgement. */
  enteredBy?: string | null | undefined;
};

/** What each document is called, on the order pages and in the mails. */
export const documentTitle: Record<DocumentKind, string> = {
  proforma: 'Pro-forma invoice',
  invoice: 'Invoice',
  receipt: 'Receipt',
  'delivery-note': 'Delivery note',
  acknowledgement: 'Order acknowledgement',
};

export const hasDocument = (order: DocumentedOrder, kind: DocumentKind): boolean => {
  // An order cancelled after it was paid keeps its invoice, receipt and delivery note (`documentState`).
  const state = documentState(order);
  if (kind === 'acknowledgement' && !order.enteredBy) return false;
  return state !== null && issuedIn[kind].includes(state);
};

/**
 * Whether an order paid `way` that has a document of `kind` still has it after every move such an
 * order may make (`orderMoves`, `mayMake`): then a document of that kind, once issued, is its
 * order's for good, and its download need not ask the order's state again (decisions 0073, 0078).
 * An order is on account only as placed, and one that is not may switch between card and transfer
 * (`switchablePaymentMethods`, while unpaid): such an order is judged by the moves of both. Paid by
 * card or transfer, an order keeps its invoice, receipt and delivery note through shipping,
 * cancelling and refunding; on account, only the delivery note (a reversed payment moves a settled
 * order back, `unsettle`, taking its invoice and receipt away). A pro-forma goes once the order is
 * paid, an acknowledgement once an unpaid order is cancelled. A move added to the table that takes
 * a document away makes this false for that kind (and the ways it names), and its downloads read
 * the state.
 */
export function staysOnceHad(
  kind: DocumentKind,
  way: PayWay,
  moves: readonly OrderMove[] = orderMoves,
): boolean {
  const paidAt = (paid: boolean) => (paid ? 'paid' : null);
  const ways: readonly PayWay[] = isOnAccount(way) ? [way] : switchablePaymentMethods;
  return moves
    .filter((m) => ways.some((w) => mayMake(m, w)))
    .every((m) =>
      [null, 'shop'].every((enteredBy) =>
        [false, true].every((paidEarlier) => {
          // An order in a paid state has its paid time; no move clears it, one into a paid state sets it.
          const before = paidEarlier || isPaid(m.from);
          const after = before || isPaid(m.to);
          return (
            !hasDocument({ status: m.from, paidAt: paidAt(before), enteredBy }, kind) ||
            hasDocument({ status: m.to, paidAt: paidAt(after), enteredBy }, kind)
          );
        }),
      ),
    );
}

/** The documents `order` has, in the order they are listed. */
export const documentsOf = (order: DocumentedOrder): DocumentKind[] =>
  documentKinds.filter((kind) => hasDocument(order, kind));

/** The file a document is saved as: `K-000123-invoice.pdf`. */
export const documentFileName = (orderNumber: string, kind: DocumentKind): string =>
  `${orderNumber}-${kind}.pdf`;

/** Where a document is downloaded (GET, for the order's buyer and admins). */
export const documentPath = (orderId: string, kind: DocumentKind): string =>
  `/api/orders/${encodeURIComponent(orderId)}/documents/${kind}.pdf`;
