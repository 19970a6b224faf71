import { toMinor } from '@kanna/shared/domain/money';
import type { PayWay } from '@kanna/shared/domain/order-state';
import { and, asc, desc, eq, gt, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { documentChain, documentSeries, documents, orders } from '../../db/schema';

/*
 * The archive's SQL (docs/orders.md, "The document archive"): issued documents are only ever
 * inserted, in a transaction that holds the chain's head row, so issuing is one at a time across
 * every instance and each series stays gapless.
 */

/** The database or a transaction of it. */
export type Tx = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;
/** A document as the archive lists it: everything but the bytes and the data. */
export type ListedRow = Omit<DocumentRow, 'pdf' | 'data'>;

const listed = {
  number: documents.number,
  kind: documents.kind,
  series: documents.series,
  sequence: documents.sequence,
  position: documents.position,
  orderId: documents.orderId,
  orderNumber: documents.orderNumber,
  buyerId: documents.buyerId,
  counterparty: documents.counterparty,
  amountCents: documents.amountCents,
  currency: documents.currency,
  language: documents.language,
  corrects: documents.corrects,
  issuedAt: documents.issuedAt,
  sha256: documents.sha256,
  chainHash: documents.chainHash,
};

/**
 * What a download of the stored bytes reads: whose they are, in which language, and how their
 * order is paid (what decides whether the order keeps them for good, decision 0078), never the data.
 */
const storedBytes = {
  number: documents.number,
  orderNumber: documents.orderNumber,
  buyerId: documents.buyerId,
  language: documents.language,
  pdf: documents.pdf,
  orderPaidBy: orders.paymentMethod,
};
export type StoredBytes = {
  number: string;
  orderNumber: string | null;
  buyerId: string | null;
  language: string;
  pdf: Buffer;
  /** How the document's order is paid; null for a document of no order (a statement, a quote). */
  orderPaidBy: PayWay | null;
};

/**
 * The archive's search, already checked: instants as SQL; an amount range in major units (dollars,
 * yen), judged against each document in its own currency (cents for dollars, whole yen for yen).
 */
export type ArchiveFilters = {
  from?: SQL;
  to?: SQL;
  min?: number;
  max?: number;
  /** A LIKE pattern of the counterparty, lower-cased (`containing`). */
  counterparty?: string;
  kind?: string;
  currency?: string;
  /** Newest first: positions below this one. */
  beforePosition?: number;
};

const whereOf = (f: ArchiveFilters) =>
  and(
    f.from ? sql`${documents.issuedAt} >= ${f.from}` : undefined,
    f.to ? sql`${documents.issuedAt} < ${f.to}` : undefined,
    f.min === undefined
      ? undefined
      : sql`${documents.amountCents} >= (CASE ${documents.currency} WHEN 'JPY' THEN ${Math.ceil(f.min)}::bigint ELSE ${toMinor(f.min, 'USD')}::bigint END)`,
    f.max === undefined
      ? undefined
      : sql`${documents.amountCents} <= (CASE ${documents.currency} WHEN 'JPY' THEN ${Math.floor(f.max)}::bigint ELSE ${toMinor(f.max, 'USD')}::bigint END)`,
    f.counterparty ? sql`lower(${documents.counterparty}) like ${f.counterparty}` : undefined,
    f.kind ? eq(documents.kind, f.kind) : undefined,
    f.currency ? eq(documents.currency, f.currency) : undefined,
    f.beforePosition === undefined ? undefined : lt(documents.position, f.beforePosition),
  );

export const archiveRepository = {
  /** The order's document of `kind`, if issued. */
  async ofOrder(db: Tx, orderId: string, kind: string): Promise<DocumentRow | undefined> {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.orderId, orderId), eq(documents.kind, kind)))
      .limit(1);
    return row;
  },

  /** The order's issued document of `kind`, without the data it was drawn from: what a download needs. */
  async bytesOfOrder(db: Tx, orderId: string, kind: string): Promise<StoredBytes | undefined> {
    const [row] = await db
      .select(storedBytes)
      .from(documents)
      .leftJoin(orders, eq(orders.id, documents.orderId))
      .where(and(eq(documents.orderId, orderId), eq(documents.kind, kind)))
      .limit(1);
    return row;
  },

  /** The document numbered `number`, without the data it was drawn from: what a download needs. */
  async bytesByNumber(db: Tx, number: string): Promise<StoredBytes | undefined> {
    const [row] = await db
      .select(storedBytes)
      .from(documents)
      .leftJoin(orders, eq(orders.id, documents.orderId))
      .where(eq(documents.number, number))
      .limit(1);
    return row;
  },

  async byNumber(db: Tx, number: string): Promise<DocumentRow | undefined> {
    const [row] = await db.select().from(documents).where(eq(documents.number, number)).limit(1);
    return row;
  },

  /**
   * The chain's head, locked until the transaction ends: whoever holds it is the one issuing.
   * Made on the first issue (the migrations add no rows).
   */
  async lockHead(tx: Tx): Promise<{ position: number; hash: string }> {
    await tx.insert(documentChain).values({ id: 1, position: 0, hash: '' }).onConflictDoNothing();
    const [head] = await tx
      .select({ position: documentChain.position, hash: documentChain.hash })
      .from(documentChain)
      .where(eq(documentChain.id, 1))
      .for('update');
    if (!head) throw new Error('the document chain has no head');
    return head;
  },

  /** The next number of `series` (1 for its first), taken in the issuing transaction. */
  async nextInSeries(tx: Tx, series: string): Promise<number> {
    const [row] = await tx
      .insert(documentSeries)
      .values({ series, last: 1 })
      .onConflictDoUpdate({ target: documentSeries.series, set: { last: sql`${documentSeries.last} + 1` } })
      .returning({ last: documentSeries.last });
    if (!row) throw new Error(`no number drawn in ${series}`);
    return row.last;
  },

  /** Adds a document and moves the chain's head to it. */
  async insert(tx: Tx, row: NewDocumentRow & { position: number; chainHash: string }): Promise<void> {
    await tx.insert(documents).values(row);
    await tx
      .update(documentChain)
      .set({ position: row.position, hash: row.chainHash })
      .where(eq(documentChain.id, 1));
  },

  /** One page of the archive, newest first. */
  page(db: Tx, f: ArchiveFilters, limit: number): Promise<ListedRow[]> {
    return db.select(listed).from(documents).where(whereOf(f)).orderBy(desc(documents.position)).limit(limit);
  },

  /** How many documents a search finds, counting no further than `atMost`. */
  async count(db: Tx, f: ArchiveFilters, atMost: number): Promise<number> {
    const rows = await db
      .select({ position: documents.position })
      .from(documents)
      .where(whereOf(f))
      .limit(atMost);
    return rows.length;
  },

  /** Documents with their bytes, oldest first, after `position`: `limit` of them (the export, the check). */
  batch(db: Tx, f: ArchiveFilters, afterPosition: number, limit: number): Promise<DocumentRow[]> {
    return db
      .select()
      .from(documents)
      .where(and(whereOf(f), gt(documents.position, afterPosition)))
      .orderBy(asc(documents.position))
      .limit(limit);
  },

  async head(db: Tx): Promise<{ position: number; hash: string } | undefined> {
    const [head] = await db
      .select({ position: documentChain.position, hash: documentChain.hash })
      .from(documentChain)
      .where(eq(documentChain.id, 1));
    return head;
  },

  /**
   * Invoices whose order was cancelled or refunded after them and that no credit note corrects
   * yet: what `issueCreditNotes` issues one for. The order's own columns say what happened.
   */
  async invoicesToCorrect(db: Tx, limit: number) {
    const result = await db.execute(sql`
      select d.number, o.refunded_at as "refundedAt", o.cancelled_at as "cancelledAt"
      from documents d
      join orders o on o.id = d.order_id
      where d.kind = 'invoice'
        and (o.refunded_at is not null or (o.status = 'cancelled' and o.cancelled_at is not null))
        and not exists (select 1 from documents c where c.corrects = d.number)
      order by d.position
      limit ${limit}`);
    return rowsOf(
      result,
      z.object({
        number: z.string(),
        refundedAt: z.union([z.string(), z.date()]).nullable(),
        cancelledAt: z.union([z.string(), z.date()]).nullable(),
      }),
    );
  },

  /** Whether any credit note corrects `number` (read in the issuing transaction). */
  async corrected(db: Tx, number: string): Promise<boolean> {
    const [row] = await db
      .select({ number: documents.number })
      .from(documents)
      .where(and(isNotNull(documents.corrects), eq(documents.corrects, number)))
      .limit(1);
    return row !== undefined;
  },
};
