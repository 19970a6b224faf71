import type { DocumentKind } from './documents';

/*
 * The archive of issued documents (docs/orders.md, "The document archive"; decision 0052): every
 * document the shop issued, once, in its own numbered series. What the server numbers documents
 * by and the archive page shows them as.
 */

/**
 * What the archive holds: an order's documents, the credit notes that correct its invoice,
 * companies' monthly statements, and the shop's quotes (見積書, issued when made: the archive's
 * number is the quote's).
 */
export const issuedKinds = [
  'proforma',
  'invoice',
  'receipt',
  'delivery-note',
  'acknowledgement',
  'credit-note',
  'statement',
  'quote',
] as const;
export type IssuedKind = (typeof issuedKinds)[number];

/** Each kind's series prefix: `INV-2026-000001` is the first invoice issued in 2026. */
export const seriesPrefix: Record<IssuedKind, string> = {
  proforma: 'PF',
  invoice: 'INV',
  receipt: 'RCT',
  'delivery-note': 'DN',
  acknowledgement: 'OA',
  'credit-note': 'CN',
  statement: 'ST',
  quote: 'QT',
} satisfies Record<DocumentKind | 'credit-note' | 'statement' | 'quote', string>;

/** Six digits at least; a series that passes a million numbers in a year keeps counting. */
export const documentNumber = (kind: IssuedKind, year: number, sequence: number): string =>
  `${seriesPrefix[kind]}-${year}-${String(sequence).padStart(6, '0')}`;

const NUMBER = /^(PF|INV|RCT|DN|CN|ST|QT)-(\d{4})-(\d{6,9})$/;

/** The kind a number's series names, or null for a number no series of ours writes. */
export function kindOfNumber(number: string): IssuedKind | null {
  const prefix = NUMBER.exec(number)?.[1];
  if (!prefix) return null;
  return (Object.keys(seriesPrefix) as IssuedKind[]).find((k) => seriesPrefix[k] === prefix) ?? null;
}

/** The widest period one export may cover, and the most documents it may hold (else 400, saying so). */
export const EXPORT_MAX_DAYS = 366;
export const EXPORT_MAX_DOCUMENTS = 50_000;

/** Where an issued document is downloaded (its buyer and admins); `lang` for the other language's copy. */
export const issuedDocumentPath = (number: string): string =>
  `/api/documents/${encodeURIComponent(number)}.pdf`;
