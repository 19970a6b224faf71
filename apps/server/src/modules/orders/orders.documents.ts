import { type OrderDesk, paymentReceived, says, toMinor } from '@kanna/shared';
import {
  type DocumentKind,
  documentFileName,
  documentKinds,
  hasDocument,
  staysOnceHad,
} from '@kanna/shared/domain/documents';
import type { Language } from '@kanna/shared/domain/languages';
import type { PayWay } from '@kanna/shared/domain/order-state';
import { toolName } from '@kanna/shared/domain/tool-texts';
import { type ShopSettingsFields, shopIdentity } from '@kanna/shared/shop-settings';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { keptOrderDocument, orderDocument, storedOrderDocument } from '../archive/issue';
import type { DocumentModel, DocumentPayment } from '../documents/model';
import type { OrdersContext } from './orders.deps';
import { orderDesk } from './orders.desk';
import { orderLanguage } from './orders.language';
import { ordersRepository as repo } from './orders.repository';

/**
 * An order's documents (docs/orders.md, "Documents"): who may have them, in which state,
 * and what they show — the order whole as its page shows it (its lines, charges and payments) and
 * the shop as its settings name it — handed to the renderer (modules/documents) as a plain model.
 */
export function orderDocuments(ctx: OrdersContext) {
  const { db } = ctx;
  const { desk } = orderDesk(ctx);

  return {
    /**
     * GET /api/orders/{id}/documents/{kind}.pdf: the buyer who placed the order or an admin.
     * Another buyer gets 403 (decision 0033 says why documents differ from the order's other
     * calls); a document the order's state does not have yet, or no longer, 409. In the buyer's
     * language whoever downloads it (the document is the buyer's), unless `language` asks for one.
     */
    async document(
      id: string,
      kind: DocumentKind,
      caller: SessionUser,
      language?: Language,
    ): Promise<{ fileName: string; pdf: Buffer }> {
      // Issued already, of a kind its order keeps for good (paid as it is), and its bytes in
      // memory: answered to the buyer it was issued to or an admin without asking the database
      // anything, as a download by its number is. On the embedded database reading the order's
      // state cost the server's thread more than the rest of the download (decisions 0073, 0078).
      // Anything else — another caller, a copy in the other language, a document not kept, an
      // invoice of an order on account — reads the order.
      const kept = keptOrderDocument(db, id, kind);
      if (
        kept?.orderPaidBy &&
        keptForGood[kept.orderPaidBy].has(kind) &&
        (!language || language === kept.language) &&
        (caller.role === 'admin' || (kept.buyerId !== null && kept.buyerId === caller.id))
      )
        return { fileName: documentFileName(kept.orderNumber, kind), pdf: kept.pdf };
      const row = await repo.forDocument(db, id);
      if (!row) throw notFound('This order');
      if (row.userId !== caller.id && caller.role !== 'admin')
        throw new AppError('forbidden', says.documentOtherBuyer);
      // Issued already: its stored bytes, without reading the order whole (the state is the row's).
      if (hasDocument(row, kind)) {
        const stored = await storedOrderDocument(db, id, kind, language);
        if (stored) return { fileName: documentFileName(stored.orderNumber, kind), pdf: stored.pdf };
      }
      const [order, settings, shop, buyerLanguage, business] = await Promise.all([
        desk(id, caller),
        ctx.wholeSettings(),
        ctx.settings.details(),
        orderLanguage(db, row),
        repo.accountBusiness(db, row.userId),
      ]);
      const inLanguage = language ?? buyerLanguage;
      // Judged on the order as read whole, which is what the document shows.
      if (!hasDocument(order, kind)) throw new AppError('conflict', says.documentNotIssued[kind]);
      // Issued once, in the buyer's language, when first due; its stored bytes after (modules/archive/issue.ts).
      const pdf = await orderDocument(
        db,
        {
          kind,
          order: { id, number: order.number, buyerId: row.userId },
          language: buyerLanguage,
          model: (l) => ({
            ...documentModel(kind, order, settings, shop.timeZone, ctx.now(), l),
            // Issued to the buyer's company (交付を受ける事業者) when their profile names one.
            ...withBusiness(order, business),
          }),
          now: ctx.now,
        },
        inLanguage,
      );
      return { fileName: documentFileName(order.number, kind), pdf };
    },
  };
}

/**
 * The documents an order paid each way has for good once it has them (`staysOnceHad`), worked out
 * once: by card or transfer its invoice, receipt and delivery note; on account its delivery note
 * alone (a reversed payment moves a settled order back, `unsettle`, taking the other two away).
 */
const keptWhenPaid = (way: PayWay): ReadonlySet<DocumentKind> =>
  new Set(documentKinds.filter((kind) => staysOnceHad(kind, way)));
const keptForGood: Record<PayWay, ReadonlySet<DocumentKind>> = {
  card: keptWhenPaid('card'),
  transfer: keptWhenPaid('transfer'),
  account: keptWhenPaid('account'),
};

/**
 * The document's buyer as a business: the company and department the order names (its profile's
 * when placed), else — an order placed before orders named them — the profile's now; where the
 * invoice goes; and the order's own references (PO number, delivery date, receipt's addressee and note).
 */
const withBusiness = (order: OrderDesk, business: { company: string | null; department: string | null }) => {
  const company = order.company ?? business.company;
  const department = order.company ? order.department : (order.department ?? business.department);
  return {
    buyer: {
      ...order.buyer,
      address: order.address,
      country: order.country,
      ...(company ? { company } : {}),
      ...(department ? { department } : {}),
      ...(order.billingAddress ? { billingAddress: order.billingAddress } : {}),
    },
    ...(order.poNumber ? { poNumber: order.poNumber } : {}),
    ...(order.requestedDate ? { requestedDate: order.requestedDate } : {}),
    ...(order.receiptAddressee ? { receiptAddressee: order.receiptAddressee } : {}),
    ...(order.receiptNote ? { receiptNote: order.receiptNote } : {}),
    ...(order.enteredBy ? { enteredBy: order.enteredBy } : {}),
  };
};

/** The money an order received, oldest first: what was given back, or is owed back, is not counted. */
function paymentsOf(order: OrderDesk): DocumentPayment[] {
  const minor = (amount: number) => toMinor(amount, order.currency);
  return (
    order.payments
      // A card payment refunded later was still received: the receipt stays as it was issued.
      .filter(paymentReceived)
      .map((p) => ({
        method: p.method,
        // A transfer's part beyond what was due is owed back, not received for the order.
        amountCents: minor(p.amount) - minor(p.refundOwed ?? 0),
        // A transfer counts from the day the money arrived: noon UTC, that day in the shop's zone.
        at: new Date(p.receivedOn ? `${p.receivedOn}T12:00:00Z` : p.at),
        // The payer's reference on the bank statement, or the card provider's transaction.
        reference: p.reference ?? p.transactionId,
        test: p.test,
      }))
      .filter((p) => p.amountCents > 0)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
  );
}

/**
 * The document of `kind` for `order` in `language`, as of `now` (a delivery note printed before
 * shipping): its lines named as they were ordered, in that language.
 */
function documentModel(
  kind: DocumentKind,
  order: OrderDesk,
  settings: ShopSettingsFields,
  timeZone: string,
  now: Date,
  language: Language,
): DocumentModel {
  const at = (iso: string | null) => (iso === null ? null : new Date(iso));
  const placedAt = new Date(order.createdAt);
  const paidAt = at(order.paidAt);
  const shippedAt = at(order.shippedAt);
  const payments = paymentsOf(order);
  // The wire's amounts (dollars, or whole yen) as the document's minor units, in the order's currency.
  const minor = (amount: number) => toMinor(amount, order.currency);
  const issuedAt = {
    proforma: placedAt,
    invoice: paidAt ?? now,
    receipt: payments.at(-1)?.at ?? paidAt ?? now,
    'delivery-note': shippedAt ?? now,
    acknowledgement: now,
  }[kind];
  return {
    kind,
    orderNumber: order.number,
    placedAt,
    issuedAt,
    holdUntil: new Date(order.holdUntil),
    paidAt,
    shipment: shippedAt
      ? { at: shippedAt, carrier: order.carrier, trackingNumber: order.trackingNumber }
      : null,
    buyer: { ...order.buyer, address: order.address, country: order.country },
    lines: order.lines.map((l) => ({
      name: toolName(l, language),
      sku: l.sku,
      jan: l.jan,
      quantity: l.quantity,
      unitCents: minor(l.perPrice),
    })),
    currency: order.currency,
    goodsCents: minor(order.totalPrice),
    shippingCents: minor(order.shippingPrice),
    taxCents: minor(order.taxPrice),
    taxRateBp: Math.round(order.taxRatePercent * 100),
    taxTreatment: order.taxTreatment,
    amountDueCents: minor(order.amountDue),
    paymentMethod: order.paymentMethod,
    payments,
    shop: {
      ...shopIdentity(settings, language),
      registrationNumber: settings.registrationNumber,
      bank: settings.bank,
      yenPerDollar: settings.yenPerDollar,
    },
    timeZone,
  };
}
