import { documentNumber, type IssuedKind, seriesPrefix } from '@kanna/shared/domain/archive';
import type { DocumentKind } from '@kanna/shared/domain/documents';
import type { Language } from '@kanna/shared/domain/languages';
import type { PayWay } from '@kanna/shared/domain/order-state';
import type { Database } from '../../db/client';
import type { DocumentModel } from '../documents/model';
import { type DocumentRow, archiveRepository as repo, type Tx } from './archive.repository';
import { drawOffThread } from './drawing';
import { alreadyKeptOfOrder, keptOfOrder } from './kept-bytes';
import { canonicalJson, chainHash, fromJson, type StoredData, sha256, toJson } from './stored';

/*
 * Issuing documents (docs/orders.md, "The document archive"; decision 0052): a document is drawn
 * once, when it is first due, numbered in its series and stored with the data it was drawn from;
 * every later download answers the stored bytes. The issuing transaction holds the chain's head,
 * so two first downloads at once issue it once, and the numbers and the chain stay gapless.
 */

/**
 * Draws `model` in `language` on the documents' thread (drawing.ts), so a burst of drawings never
 * holds the server's; the renderer is loaded there, never at start (decision 0050).
 */
const draw = (model: DocumentModel, language: Language): Promise<Buffer> => drawOffThread(model, language);

/** What a document is searched by: its amount in signed cents (none for a delivery note). */
function amountOf(model: DocumentModel): number | null {
  switch (model.kind) {
    case 'proforma':
    case 'invoice':
    case 'acknowledgement':
      return model.amountDueCents;
    case 'receipt':
      return model.payments.reduce((sum, p) => sum + p.amountCents, 0);
    case 'delivery-note':
      return null;
    case 'credit-note':
      return -model.amountDueCents;
    case 'statement':
    case 'quote':
      return model.amountDueCents;
  }
}

/** The calendar year of `at` in `timeZone`: the year of a document's series. */
const yearIn = (at: Date, timeZone: string): number =>
  Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(at));

/** Whether a document of `kind` is issued now, or drawn as it stands (a delivery note before its goods ship). */
const issuedNow = (kind: IssuedKind, model: DocumentModel): boolean =>
  kind !== 'delivery-note' || model.shipment !== null;

export type ToIssue = {
  kind: IssuedKind;
  orderId: string | null;
  orderNumber: string | null;
  buyerId: string | null;
  language: Language;
  /** The document's model in each language, without its number (given here). */
  models: Record<Language, DocumentModel>;
  corrects?: string;
  /** Read again once the chain is held: a document issued meanwhile is answered instead. */
  already: (tx: Tx) => Promise<DocumentRow | undefined>;
};

/** Issues one document: numbered, drawn, hashed, chained and stored, in one transaction. */
const issue = (db: Database, doc: ToIssue, now: () => Date): Promise<DocumentRow> =>
  db.transaction((tx) => issueIn(tx, doc, now));

/**
 * Issues one document in the caller's transaction `tx` (a statement issues its document in the
 * transaction that takes its orders): it holds the chain's head until `tx` ends.
 */
export async function issueIn(tx: Tx, doc: ToIssue, now: () => Date): Promise<DocumentRow> {
  const head = await repo.lockHead(tx);
  const found = await doc.already(tx);
  if (found) return found;
  const issuedAt = now();
  const model = doc.models[doc.language];
  const year = yearIn(issuedAt, model.timeZone);
  const series = `${seriesPrefix[doc.kind]}-${year}`;
  const sequence = await repo.nextInSeries(tx, series);
  const number = documentNumber(doc.kind, year, sequence);
  // A quote is its own reference: the number is the quote's too.
  const own = doc.kind === 'quote' ? { orderNumber: number } : {};
  const models = Object.fromEntries(
    Object.entries(doc.models).map(([l, m]) => [l, { ...m, ...own, documentNumber: number }]),
  ) as Record<Language, DocumentModel>;
  const data: StoredData = { language: doc.language, models };
  const pdf = await draw(models[doc.language], doc.language);
  const fields = {
    position: head.position + 1,
    number,
    kind: doc.kind,
    series,
    sequence,
    orderId: doc.orderId,
    orderNumber: doc.orderNumber,
    buyerId: doc.buyerId,
    // Searched by counterparty: the company the document is issued to, else the person.
    counterparty: model.buyer.company || model.buyer.name,
    amountCents: amountOf(model),
    currency: model.currency ?? 'USD',
    language: doc.language,
    corrects: doc.corrects ?? null,
    issuedAt,
    dataSha256: sha256(canonicalJson(data)),
    sha256: sha256(pdf),
  };
  const { dataSha256: _, ...columns } = fields;
  const row = { ...columns, data: toJson(data), pdf, chainHash: chainHash(head.hash, fields) };
  await repo.insert(tx, row);
  return row;
}

/**
 * A quote's document (見積書), issued when the quote is made, in the quote's own transaction `tx`:
 * numbered in the `QT-` series — the quote's number — drawn in the buyer's language, stored and
 * chained like every document (downloaded by number by its buyer and admins). The models are
 * the quote in each language, their numbers given here.
 */
export function issueQuote(
  tx: Tx,
  quote: { buyerId: string; language: Language; models: Record<Language, DocumentModel> },
  now: () => Date,
): Promise<DocumentRow> {
  return issueIn(
    tx,
    {
      kind: 'quote',
      orderId: null,
      orderNumber: null,
      buyerId: quote.buyerId,
      language: quote.language,
      models: quote.models,
      already: async () => undefined,
    },
    now,
  );
}

/** A stored document in `language`: its own bytes, or the other language's copy drawn from its data. */
export async function inLanguage(row: DocumentRow, language: Language | undefined): Promise<Buffer> {
  if (!language || language === row.language) return row.pdf;
  const data = fromJson(row.data);
  return draw({ ...data.models[language], copyOf: data.language }, language);
}

/**
 * An order's issued document of `kind` as stored (in `language`, when another is asked for: the
 * copy), with the order's number as issued; null when it is not issued yet. Reads no data unless
 * a copy is asked for.
 */
export async function storedOrderDocument(
  db: Database,
  orderId: string,
  kind: DocumentKind,
  language?: Language,
): Promise<{ orderNumber: string; pdf: Buffer } | null> {
  const stored = await keptOfOrder(db, orderId, kind, () => repo.bytesOfOrder(db, orderId, kind));
  if (!stored?.orderNumber) return null;
  if (!language || language === stored.language) return { orderNumber: stored.orderNumber, pdf: stored.pdf };
  const whole = await repo.byNumber(db, stored.number);
  return whole ? { orderNumber: stored.orderNumber, pdf: await inLanguage(whole, language) } : null;
}

/**
 * An order's issued document of `kind` when its stored bytes are kept in memory already (a
 * download answered them before, `storedOrderDocument`), with the buyer it was issued to, its
 * language and how its order is paid; null otherwise. Asks the database nothing: the caller
 * decides whether it may answer without reading the order (orders.documents.ts, decisions 0073, 0078).
 */
export function keptOrderDocument(
  db: Database,
  orderId: string,
  kind: DocumentKind,
): {
  orderNumber: string;
  buyerId: string | null;
  language: string;
  orderPaidBy: PayWay | null;
  pdf: Buffer;
} | null {
  const kept = alreadyKeptOfOrder(db, orderId, kind);
  if (!kept?.orderNumber) return null;
  const { orderNumber, buyerId, language, orderPaidBy, pdf } = kept;
  return { orderNumber, buyerId, language, orderPaidBy, pdf };
}

/** What the orders module knows of an order whose document is asked for. */
export type OrderDocumentRequest = {
  kind: DocumentKind;
  order: { id: string; number: string; buyerId: string | null };
  /** The buyer's language: the document is issued in it. */
  language: Language;
  /** The document as the order and the shop's settings are now, in `language`: drawn only if it is to be issued. */
  model: (language: Language) => DocumentModel;
  now: () => Date;
};

/**
 * An order's document (GET /api/orders/{id}/documents/{kind}.pdf) in `wanted`: the issued one's
 * stored bytes, issuing it when first due; a delivery note before its goods ship is drawn as the
 * order stands and not issued (it is issued once they ship).
 */
export async function orderDocument(
  db: Database,
  r: OrderDocumentRequest,
  wanted: Language,
): Promise<Buffer> {
  const issued = await repo.ofOrder(db, r.order.id, r.kind);
  if (issued) return inLanguage(issued, wanted);
  const model = r.model(r.language);
  if (!issuedNow(r.kind, model)) return draw(wanted === r.language ? model : r.model(wanted), wanted);
  const other = r.language === 'en' ? 'ja' : 'en';
  const row = await issue(
    db,
    {
      kind: r.kind,
      orderId: r.order.id,
      orderNumber: r.order.number,
      buyerId: r.order.buyerId,
      language: r.language,
      models: { [r.language]: model, [other]: r.model(other) } as Record<Language, DocumentModel>,
      already: (tx) => repo.ofOrder(tx, r.order.id, r.kind),
    },
    r.now,
  );
  return inLanguage(row, wanted);
}

/**
 * Issues the credit notes now due (docs/orders.md, "The document archive"): one for each invoice
 * whose order was cancelled or refunded after it was issued, naming it, for the whole amount it
 * invoiced (refunds are whole). Run from the scheduler and before the archive is read; returns how many.
 */
export async function issueCreditNotes(db: Database, now: () => Date): Promise<number> {
  let issued = 0;
  for (;;) {
    const due = await repo.invoicesToCorrect(db, 50);
    if (due.length === 0) return issued;
    for (const d of due) {
      const invoice = await repo.byNumber(db, d.number);
      if (!invoice) continue;
      const data = fromJson(invoice.data);
      const when = new Date(d.refundedAt ?? d.cancelledAt ?? now());
      const reason = d.cancelledAt ? ('cancelled' as const) : ('refunded' as const);
      const models = Object.fromEntries(
        Object.entries(data.models).map(([l, m]) => [
          l,
          {
            ...m,
            kind: 'credit-note' as const,
            documentNumber: undefined,
            issuedAt: when,
            corrects: { number: invoice.number, issuedAt: invoice.issuedAt, reason },
          },
        ]),
      ) as Record<Language, DocumentModel>;
      const row = await issue(
        db,
        {
          kind: 'credit-note',
          orderId: invoice.orderId,
          orderNumber: invoice.orderNumber,
          buyerId: invoice.buyerId,
          language: data.language,
          models,
          corrects: invoice.number,
          already: async (tx) => ((await repo.corrected(tx, invoice.number)) ? invoice : undefined),
        },
        now,
      );
      if (row.kind === 'credit-note') issued++;
    }
  }
}
