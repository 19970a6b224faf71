import { z } from 'zod';
import { pageQuery } from './common';
import { EXPORT_MAX_DAYS, issuedKinds } from './domain/archive';
import { languages } from './domain/languages';
import { says, told } from './domain/messages';
import { isRealTimestamp } from './domain/timestamps';

/*
 * The archive of issued documents (docs/orders.md, "The document archive"): GET /api/documents,
 * GET /api/documents/{number}.pdf and GET /api/documents/export.
 */

/** A date (`2026-11-24`: that whole day in the shop's time zone) or an ISO date-time naming a real instant. */
const edgeDate = (edge: 'from' | 'to') =>
  z
    .string(told(says.dateInvalid(edge)))
    .trim()
    .refine((v) => isRealTimestamp(v) && !Number.isNaN(Date.parse(v)), {
      ...told(says.dateInvalid(edge)),
    });

/** An amount in dollars, signed (a credit note's is negative), to the cent. */
const amount = (edge: 'min' | 'max') =>
  z.coerce
    .number(told(says.archiveAmountInvalid(edge)))
    .finite(told(says.archiveAmountInvalid(edge)))
    .min(-100_000_000, told(says.archiveAmountInvalid(edge)))
    .max(100_000_000, told(says.archiveAmountInvalid(edge)));

/**
 * GET /api/documents: one page, newest first; every key optional and all combined: the period
 * issued (`from`, `to`), the amount (`min`, `max`, signed dollars), the counterparty (`q`, part of
 * the buyer's or company's name, any case) and the kind.
 */
export const archiveQuery = pageQuery.extend({
  from: edgeDate('from').optional(),
  to: edgeDate('to').optional(),
  min: amount('min').optional(),
  max: amount('max').optional(),
  q: z.string().trim().max(200, told(says.archiveSearchTooLong)).optional(),
  kind: z.enum(issuedKinds, told(says.documentKindInvalid(issuedKinds.join(', ')))).optional(),
});
export type ArchiveQuery = z.infer<typeof archiveQuery>;

/** One issued document as the archive lists it. */
const issuedDocument = z.object({
  number: z.string(),
  kind: z.enum(issuedKinds),
  issuedAt: z.string(),
  /** Signed dollars (a credit note's negative); null for a document without an amount (a delivery note). */
  amount: z.number().nullable(),
  currency: z.string(),
  counterparty: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** The document a credit note corrects. */
  corrects: z.string().nullable(),
  language: z.enum(languages),
  /** The SHA-256 of the PDF's bytes. */
  sha256: z.string(),
});
export type IssuedDocument = z.infer<typeof issuedDocument>;
export const archiveList = z.array(issuedDocument);

/** GET /api/documents/{number}.pdf: any text (a number no series writes is 404, not 400). */
export const issuedDocumentParams = z.object({ number: z.string().max(40) });

/** `lang`: the other language's copy, drawn from the data the document was issued with. */
export const issuedDocumentQuery = z.object({
  lang: z.enum(languages, told(says.languageInvalid(languages.join(', ')))).optional(),
});

/** GET /api/documents/export: a period of at most EXPORT_MAX_DAYS days, both ends given. */
export const archiveExportQuery = z.object({
  from: edgeDate('from'),
  to: edgeDate('to'),
});
export type ArchiveExportQuery = z.infer<typeof archiveExportQuery>;
export { EXPORT_MAX_DAYS };
