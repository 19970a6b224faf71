import type { Currency } from '@kanna/shared';
import type { IssuedKind } from '@kanna/shared/domain/archive';
import type { Language } from '@kanna/shared/domain/languages';
import type { BankDetails } from '@kanna/shared/domain/transfers';

/*
 * What a document shows (docs/orders.md, "Documents"), as the orders module hands it over:
 * plain values, money in integer cents, times as instants (the renderer writes them in the shop's
 * time zone). Nothing here knows where the values came from.
 */

/**
 * One line of the order: what (and its SKU and JAN as ordered, when it had them; decision 0055),
 * how many, at what unit price.
 */
type DocumentLine = { name: string; sku?: string; jan?: string; quantity: number; unitCents: number };

/** Money received for the order: by card or by bank transfer, when, and the payer's or provider's reference. */
export type DocumentPayment = {
  method: 'card' | 'transfer';
  amountCents: number;
  at: Date;
  reference: string | null;
  /** Taken by the built-in test processor: no real money moved. */
  test: boolean;
};

/** The shop as its documents name it: the shop settings' legal name, address, number and bank. */
type DocumentShop = {
  legalName: string;
  /** One or more lines. */
  address: string;
  /** Japan's qualified-invoice registration number (T + 13 digits); empty when the shop has none. */
  registrationNumber: string;
  bank: BankDetails;
  /** The yen per dollar the invoice states and converts its tax at; null when not set. */
  yenPerDollar: number | null;
};

/**
 * A company's monthly statement (decision 0069), in the currency's minor unit: the period it
 * closes, the last statement's amount due, the money received since, what is carried forward,
 * the orders shipped in the period (before tax) with the tax per rate computed on the statement,
 * and the due date. Dates are ISO days (the shop's), so the stored data needs no reviving.
 */
export type StatementFacts = {
  periodFrom: string;
  periodTo: string;
  closingDate: string;
  dueOn: string;
  previousBalanceCents: number;
  receivedCents: number;
  carriedForwardCents: number;
  ordersTotalCents: number;
  orders: { number: string; shippedOn: string; poNumber: string | null; amountCents: number }[];
  taxByRate: { rateBp: number; taxableCents: number; taxCents: number }[];
};

export type DocumentModel = {
  /** An order's document, the credit note that corrects its invoice, or a company's statement. */
  kind: IssuedKind;
  /** Its number in its series once issued (`INV-2026-000001`); absent on a document not issued (a delivery note before shipping). */
  documentNumber?: string;
  /** Set on the other language's copy of an issued document: the language it was issued in. */
  copyOf?: Language;
  /** A credit note: the document it corrects, and when that was issued; why (the order cancelled, or refunded). */
  corrects?: { number: string; issuedAt: Date; reason: 'cancelled' | 'refunded' };
  /** As people read it: `K-000123`; also a transfer's reference. */
  orderNumber: string;
  placedAt: Date;
  /** The document's own date: when the order was placed (pro-forma), paid (invoice, receipt) or shipped. */
  issuedAt: Date;
  /** When an unpaid order's hold on its stock ends: the pro-forma is valid until then. */
  holdUntil: Date;
  paidAt: Date | null;
  shipment: { at: Date; carrier: string | null; trackingNumber: string | null } | null;
  /**
   * Who the document is issued to: the person, and the company and department their profile names
   * when the document is issued (absent from documents issued before there were companies).
   */
  buyer: {
    name: string;
    email: string;
    phone: string;
    address: string;
    country: string;
    company?: string | null;
    department?: string | null;
    /** Where the invoice goes when not where the goods go (`address`); absent: the same. */
    billingAddress?: string | null;
  };
  /**
   * The order's own references, when it has them (absent from documents issued before): the
   * buyer's purchase-order number, the delivery date asked for (`2026-12-24`), and the receipt's
   * addressee (宛名) and note (但し書き) as the buyer chose them (none: the company, and "for goods").
   */
  poNumber?: string | null;
  requestedDate?: string | null;
  receiptAddressee?: string | null;
  receiptNote?: string | null;
  /** The admin who entered the order for its buyer (an acknowledgement names them). */
  enteredBy?: string | null;
  /** A quote's note from the shop, and whether it holds its stock until `holdUntil` (its valid-until time). */
  note?: string | null;
  holdsStock?: boolean;
  /** A quote that leaves shipping to the shop's rates when it is accepted (its `shippingCents` 0). */
  shippingLater?: boolean;
  lines: DocumentLine[];
  /**
   * The order's currency, which every amount of the document is in (its minor unit: cents, or
   * whole yen); absent from documents issued before there were two: dollars.
   */
  currency?: Currency;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  /** Basis points: 1000 = 10 %. */
  taxRateBp: number;
  /** No tax (off), charged (domestic) or exempt (export). */
  taxTreatment: 'none' | 'domestic' | 'export';
  amountDueCents: number;
  /** How the order is paid: card, bank transfer, or on its company's account (decision 0067). */
  paymentMethod: 'card' | 'transfer' | 'account';
  /** The money received, oldest first (refunded payments are left out). */
  payments: DocumentPayment[];
  shop: DocumentShop;
  /** A statement's own facts (kind `statement`); its `orderNumber` is empty and `buyer` is the company. */
  statement?: StatementFacts;
  /** The shop's time zone (SHOP_TIME_ZONE): every date is written in it. */
  timeZone: string;
};
