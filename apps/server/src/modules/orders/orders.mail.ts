import {
  type BankDetails,
  formatOrderNumber,
  isOnAccount,
  isTransfer,
  type PaymentMethod,
} from '@kanna/shared';
import { type DocumentKind, documentPath } from '@kanna/shared/domain/documents';
import type { Language } from '@kanna/shared/domain/languages';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopDetails } from '../../config';
import type { Database } from '../../db/client';
import type { Ready } from '../../lib/cache';
import type { Mailer } from '../mail/mailer';
import type { MailOrder, OrderMailEvent, TransferMail } from '../mail/order-mail';
import { orderLanguage } from './orders.language';
import { type NewLine, type OrderRow, ordersRepository as repo } from './orders.repository';

/** The order's fields its mails show, besides its lines (an order row has them all). */
export type MailedOrder = Pick<
  OrderRow,
  | 'id'
  | 'number'
  | 'name'
  | 'email'
  | 'createdAt'
  | 'phone'
  | 'address'
  | 'totalCents'
  | 'shippingCents'
  | 'taxCents'
  | 'taxRateBp'
  | 'taxTreatment'
  | 'amountDueCents'
  | 'currency'
  | 'poNumber'
>;

/**
 * The documents a mail links (docs/orders.md, "Documents"): a transfer order's pro-forma
 * when it is placed and when its hold nears its end, the invoice and receipt once it is paid, the
 * delivery note once it ships.
 */
function documentsOf(event: OrderMailEvent): DocumentKind[] {
  switch (event.kind) {
    case 'placed':
      return event.transfer ? ['proforma'] : [];
    case 'transfer due':
      return ['proforma'];
    case 'paid':
      return ['invoice', 'receipt'];
    case 'shipped':
      return ['delivery-note'];
    default:
      return [];
  }
}

/**
 * Where a mail sends its reader: an order waiting for its money to its payment page, one waiting
 * for approval to the owner's company page, any other to the order's page.
 */
function linkPath(id: string, event: OrderMailEvent): string {
  if (event.kind === 'approval asked') return '/dashboard/company';
  const toPay =
    (event.kind === 'placed' && !event.awaitingApproval) ||
    event.kind === 'transfer due' ||
    (event.kind === 'approved' && event.holdUntil !== null);
  return toPay ? `/dashboard/payment/${id}` : `/dashboard/myOrders/${id}`;
}

/** A line as mails show it. */
type MailLine = Pick<NewLine, 'productName' | 'productNameJa' | 'quantity' | 'perPriceCents'>;

/**
 * The buyer's mails about their order (docs/decisions/0029-order-mails.md), rendered by
 * `renderOrderMail` where they are sent (the mail thread) and handed to the mailer without waiting for it: a mail that fails (or whose
 * lines cannot be read) is logged, and the order stands whatever the mail does.
 */
export function orderMailer(deps: {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The shop's legal name and address as they are now (the settings', else the configuration's). */
  shopDetails: () => Ready<ShopDetails>;
  /** The shop's account, which a transfer order's mails give to pay into. */
  settings: { bankDetails(): Promise<BankDetails> };
  publicUrl: string;
}) {
  const { db, mailer, log, shopDetails, publicUrl } = deps;

  const failed = (order: MailedOrder, event: Pick<OrderMailEvent, 'kind'>) => (err: unknown) =>
    log.error({ err, to: order.email, orderId: order.id, kind: event.kind }, 'order mail failed');

  /**
   * Renders the mail in the buyer's language and hands it to the mailer without waiting for it to
   * go: a failure is logged, never thrown (the order stands whatever the mail does). `to`: someone
   * other than its buyer (the company owner asked to approve it).
   */
  function handOver(
    order: MailedOrder,
    lines: readonly MailLine[],
    event: OrderMailEvent,
    language: Language,
    to: { email: string; name: string } = order,
  ): void | Promise<void> {
    const path = linkPath(order.id, event);
    const shown: MailOrder = {
      number: formatOrderNumber(order.number),
      currency: order.currency,
      buyerName: to.name,
      placedAt: order.createdAt,
      lines,
      totalCents: order.totalCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      taxRateBp: order.taxRateBp,
      taxTreatment: order.taxTreatment,
      amountDueCents: order.amountDueCents,
      address: order.address,
      phone: order.phone,
      poNumber: order.poNumber,
      link: `${publicUrl}${path}`,
      documents: documentsOf(event).map((kind) => ({
        kind,
        url: `${publicUrl}${documentPath(order.id, kind)}`,
      })),
    };
    // Drawn where it is sent: on the mail thread, off the request's (decision 0075).
    const send = (shop: ShopDetails) => {
      mailer
        .send({ to: to.email, draft: { order: shown, event, shop, language } })
        .catch(failed(order, event));
    };
    // Kept in memory once read: handed over at once, unless the settings are being read.
    const shop = shopDetails();
    if (shop instanceof Promise) return shop.then(send, failed(order, event));
    send(shop);
  }

  /**
   * How to pay a transfer order (docs/orders.md, "Bank transfers"): the account, the order
   * number as the reference, what is left to pay and what has arrived.
   */
  async function transferOf(order: MailedOrder, paidCents: number): Promise<TransferMail> {
    return {
      bank: await deps.settings.bankDetails(),
      reference: formatOrderNumber(order.number),
      amountLeftCents: Math.max(0, order.amountDueCents - paidCents),
      paidCents,
    };
  }

  return {
    /**
     * Mails a just placed order's buyer in `language` (the buyer's, known as they place it); its
     * lines are the ones just written. A transfer order's mail says how to pay it.
     */
    mailPlaced(
      order: MailedOrder & { paymentMethod: PaymentMethod },
      lines: readonly MailLine[],
      holdUntil: Date,
      language: Language,
      awaitingApproval = false,
    ): void {
      if (awaitingApproval) {
        void handOver(order, lines, { kind: 'placed', holdUntil, awaitingApproval }, language);
        return;
      }
      if (!isTransfer(order.paymentMethod)) {
        // On account nothing is paid now and no hold runs out (decision 0067).
        const onAccount = isOnAccount(order.paymentMethod);
        void handOver(order, lines, { kind: 'placed', holdUntil, onAccount }, language);
        return;
      }
      void transferOf(order, 0)
        .then((transfer) => handOver(order, lines, { kind: 'placed', holdUntil, transfer }, language))
        .catch(failed(order, { kind: 'placed' }));
    },

    /**
     * Asks the owner of the buyer's company (`owner`, in the company's language) to approve or
     * decline an order above the buyer's spending limit; never rejects.
     */
    mailApprovalAsked(
      order: MailedOrder,
      lines: readonly MailLine[],
      owner: { email: string; name: string },
      language: Language,
    ): void {
      void handOver(order, lines, { kind: 'approval asked', buyer: order.name }, language, owner);
    },

    /** Reminds a transfer order's buyer that its hold ends soon, with what is left to pay and how. */
    async mailTransferDue(order: OrderRow): Promise<void> {
      try {
        const [transfer, lines, language] = await Promise.all([
          transferOf(order, order.transferPaidCents),
          repo.linesOf(db, [order]),
          orderLanguage(db, order),
        ]);
        const event = { kind: 'transfer due', holdUntil: order.holdUntil, transfer } as const;
        await handOver(order, lines.get(order.id) ?? [], event, language);
      } catch (err) {
        failed(order, { kind: 'transfer due' })(err);
      }
    },

    /**
     * Mails the order's buyer about `event`, in their language (their account read now). Its
     * lines are read unless given (a one-line order's row is its line: no read); resolves once the
     * mail is handed to the mailer, never rejects.
     */
    async mailBuyer(order: OrderRow, event: OrderMailEvent, lines?: readonly MailLine[]): Promise<void> {
      try {
        const [read, language] = await Promise.all([
          lines ?? repo.linesOf(db, [order]).then((byOrder) => byOrder.get(order.id) ?? []),
          orderLanguage(db, order),
        ]);
        await handOver(order, read, event, language);
      } catch (err) {
        failed(order, event)(err);
      }
    },
  };
}

export type OrderMailer = ReturnType<typeof orderMailer>;
