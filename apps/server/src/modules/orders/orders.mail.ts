import { formatOrderNumber } from '@kanna/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopDetails } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { type MailOrder, type OrderMailEvent, renderOrderMail } from '../mail/order-mail';
import { type NewLine, type OrderRow, ordersRepository as repo } from './orders.repository';

/** The order's fields its mails show, besides its lines (an order row has them all). */
export type MailedOrder = Pick<
  OrderRow,
  'id' | 'number' | 'name' | 'email' | 'createdAt' | 'phone' | 'address' | 'totalCents'
>;

/** A line as mails show it. */
type MailLine = Pick<NewLine, 'productName' | 'quantity' | 'perPriceCents'>;

/**
 * The buyer's mails about their order (docs/decisions/0029-order-mails.md), rendered by
 * `renderOrderMail` and sent without holding the caller up: a mail that fails (or whose lines
 * cannot be read) is logged, and the order stands whatever the mail does.
 */
export function orderMailer(deps: {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  shop: ShopDetails;
  publicUrl: string;
}) {
  const { db, mailer, log, shop, publicUrl } = deps;

  function send(order: MailedOrder, lines: readonly MailLine[], event: OrderMailEvent): Promise<void> {
    // A placed order is paid for on its payment page; afterwards the buyer follows it on its own.
    const path =
      event.kind === 'placed' ? `/dashboard/payment/${order.id}` : `/dashboard/myOrders/${order.id}`;
    const shown: MailOrder = {
      number: formatOrderNumber(order.number),
      buyerName: order.name,
      placedAt: order.createdAt,
      lines,
      totalCents: order.totalCents,
      address: order.address,
      phone: order.phone,
      link: `${publicUrl}${path}`,
    };
    const mail = renderOrderMail(shown, event, shop);
    return mailer.send({ to: order.email, ...mail });
  }

  /** Sends without holding the caller up: a failure is logged, never thrown. */
  function sendLater(order: MailedOrder, event: OrderMailEvent, lines: () => Promise<readonly MailLine[]>) {
    lines()
      .then((shown) => send(order, shown, event))
      .catch((err) =>
        log.error({ err, to: order.email, orderId: order.id, kind: event.kind }, 'order mail failed'),
      );
  }

  return {
    /** Mails a just placed order's buyer; its lines are the ones just written. Returns at once. */
    mailPlaced(order: MailedOrder, lines: readonly MailLine[], holdUntil: Date): void {
      sendLater(order, { kind: 'placed', holdUntil }, async () => lines);
    },

    /**
     * Mails the order's buyer about `event`; its lines are read unless given (a one-line order's
     * row is its line: no read). Returns at once.
     */
    mailBuyer(order: OrderRow, event: OrderMailEvent, lines?: readonly MailLine[]): void {
      sendLater(order, event, async () => lines ?? (await repo.linesOf(db, [order])).get(order.id) ?? []);
    },
  };
}

export type OrderMailer = ReturnType<typeof orderMailer>;
