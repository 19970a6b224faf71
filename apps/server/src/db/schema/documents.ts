import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Every document the shop issued (docs/orders.md, "The document archive"; migration 0031): issued
 * once, never changed or deleted (a trigger refuses both), kept when its order, buyer or tool goes
 * (no foreign key to them). `data` is what it was drawn from, `pdf` the bytes drawn, `sha256`
 * their hash; `chainHash` chains the previous document's (`position` - 1) with this one's.
 */
export const documents = pgTable(
  'documents',
  {
    number: text('number').primaryKey(),
    kind: text('kind').notNull(),
    /** `INV-2026`: the series, and this document's place in it (1, 2, … without gaps). */
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    /** Its place in the whole archive's chain: 1, 2, … without gaps. */
    position: bigint('position', { mode: 'number' }).notNull(),
    orderId: uuid('order_id'),
    orderNumber: text('order_number'),
    buyerId: text('buyer_id'),
    /** The buyer (or company) as the document names them, kept as text. */
    counterparty: text('counterparty').notNull(),
    /** Signed (a credit note's is negative); null for a document without an amount (a delivery note). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    currency: text('currency').notNull(),
    /** The language it was issued in: the other one's copy is drawn from `data` on request. */
    language: text('language').notNull(),
    /** The document a credit note corrects. */
    corrects: text('corrects'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    data: jsonb('data').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    chainHash: text('chain_hash').notNull(),
  },
  (t) => [
    uniqueIndex('documents_series_sequence').on(t.series, t.sequence),
    uniqueIndex('documents_position').on(t.position),
    // One document of each kind per order; one credit note per corrected document.
    uniqueIndex('documents_order_kind')
      .on(t.orderId, t.kind)
      .where(sql`${t.orderId} is not null and ${t.kind} <> 'credit-note'`),
    uniqueIndex('documents_corrects').on(t.corrects).where(sql`${t.corrects} is not null`),
    index('documents_issued_at').on(t.issuedAt, t.position),
    index('documents_buyer').on(t.buyerId, t.position),
    index('documents_amount').on(t.amountCents, t.position),
  ],
);

/** The last number of each series (`INV-2026`), taken and moved on in the issuing transaction. */
export const documentSeries = pgTable('document_series', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/** The chain's head: the last document's position and chain hash (one row, locked while issuing). */
export const documentChain = pgTable(
  'document_chain',
  {
    id: smallint('id').primaryKey().default(1),
    position: bigint('position', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('document_chain_one_row', sql`${t.id} = 1`)],
);
