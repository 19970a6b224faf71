import type { BankDetails, OrderTerms } from '@kanna/shared';
import type { ShopSettingsFields } from '@kanna/shared/shop-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopDetails } from '../../config';
import type { Database, Db } from '../../db/client';
import type { Ready } from '../../lib/cache';
import type { BuyerTerms } from '../catalog/priced-tool';
import type { Mailer } from '../mail/mailer';
import { type OrderMailer, orderMailer } from './orders.mail';

/**
 * What orders need from payments, without depending on them (the payments module implements it):
 * make sure no payment can land on an order any more before its stock goes back on sale.
 */
export interface PaymentGate {
  /**
   * 'stopped' when the intent is canceled (or there is none); 'settled' when the payment got there
   * first and the order was settled (paid) instead. Throws a conflict when the provider cannot say.
   */
  stop(intentId: string | null): Promise<'stopped' | 'settled'>;
  /**
   * Gives a succeeded payment back in full through the provider that took it; asking again for
   * the same intent gives the same refund. Throws a conflict when the provider cannot do it now.
   */
  refund(intentId: string): Promise<{ id: string }>;
}

/**
 * The shop settings as orders read them (modules/settings/shop-settings.service.ts): kept in
 * memory once read, so an order or a mail costs no query for them.
 */
interface OrderSettings {
  /** The minimum order, the charges and bank transfers as the settings have them. */
  orderTerms(): Ready<OrderTerms>;
  /** The shop's legal name, address and time zone as mails write them: the settings', else the configuration's. */
  details(): Ready<ShopDetails>;
  /** The account bank transfers are paid into, as the settings have it (empty text: not given). */
  bankDetails(): Promise<BankDetails>;
}

/**
 * What orders count for the shop's metrics (modules/metrics), each at the one place its outcome is
 * decided; nothing is counted when metrics are off (METRICS_TOKEN unset).
 */
export interface OrderMetrics {
  orderPlaced(): void;
  /** `reason`: a refusing outcome of `place_orders`, `changed`, or `judged_<kind>` (orders.placing.ts). */
  orderRefused(reason: string): void;
  /**
   * A paid order's refund recorded (kanna_payments_total{outcome="refunded"}), or money an admin
   * recorded by bank transfer that made an order paid (`succeeded`, as a card payment is counted).
   */
  payment(outcome: 'refunded' | 'succeeded'): void;
}

const noMetrics: OrderMetrics = { orderPlaced() {}, orderRefused() {}, payment() {} };

export type OrdersDeps = {
  db: Database;
  /** Writes a query's rows as CSV (the export): the database's `copyCsv`. */
  copyCsv: Db['copyCsv'];
  /** How long an export's client may read nothing before it is cut off (tests shorten it). */
  exportStallMs?: number;
  gate: PaymentGate;
  mailer: Mailer;
  log: FastifyBaseLogger;
  holdMs: number;
  /** Unpaid orders one account may hold at once. */
  maxUnpaidOrders: number;
  /** The value (cents) of the unpaid orders one account may hold, unless approved. */
  maxUnpaidValueCents: number;
  shopEmail: string;
  /** The configuration's legal name, address and time zone (the export's times are in its zone). */
  shop: ShopDetails;
  /** The shop settings: the minimum order, and the legal name and address mails carry. */
  settings: OrderSettings;
  /** The whole shop settings as saved (the defaults when none are): what documents print of the shop. */
  wholeSettings: () => Promise<ShopSettingsFields>;
  publicUrl: string;
  /** Tells the catalogue that available quantities changed. */
  stockChanged: () => Promise<void>;
  /**
   * Takes what an order from the cart took out of the buyer's cart on the server (the cart module
   * does it: modules/cart), before the order is answered: a buyer who leaves the page at once does
   * not find the ordered lines there again.
   */
  takeFromCart?: (userId: string, ordered: { toolId: string; quantity: number }[]) => Promise<void>;
  /** The buyer's price list (decision 0060): an order's lines are written at the buyer's prices. */
  termsOf: BuyerTerms;
  now?: () => Date;
  metrics?: OrderMetrics;
  /**
   * Says why an order on account was stopped by an overdue statement (throws 409 naming it while
   * the buyer's company has one; modules/companies/statements.service.ts). Given, place_orders
   * judges each order on account on the shop's day under the company's lock (decision 0076).
   */
  accountHold?: (userId: string) => Promise<void>;
};

/**
 * What every part of the orders module works with: its dependencies, the clock, and the buyer's
 * mails, which log a failure and never fail the caller (an order stands whatever the mail does).
 */
export type OrdersContext = OrdersDeps & {
  now: () => Date;
  metrics: OrderMetrics;
  /** The buyer's mails about their order (orders.mail.ts). */
  orderMail: OrderMailer;
};

export function ordersContext(deps: OrdersDeps): OrdersContext {
  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    metrics: deps.metrics ?? noMetrics,
    orderMail: orderMailer({ ...deps, shopDetails: deps.settings.details }),
  };
}
