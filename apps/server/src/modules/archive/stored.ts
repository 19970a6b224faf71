import { createHash } from 'node:crypto';
import { type Language, languages } from '@kanna/shared/domain/languages';
import type { DocumentModel } from '../documents/model';

/*
 * What an issued document is stored with (docs/orders.md, "The document archive"): the models it
 * was drawn from in both languages (so the other language's copy is drawn from what was issued,
 * never from the order or the settings as they are now), and the hashes that make a change of any
 * stored byte show: the PDF's own SHA-256, and the chain hash binding each document to the one
 * issued before it.
 */

/** The data a document was drawn from: its language and its model in every language, as JSON. */
export type StoredData = { language: Language; models: Record<Language, DocumentModel> };

export const sha256 = (bytes: Uint8Array | string): string =>
  createHash('sha256').update(bytes).digest('hex');

/** JSON with every object's keys sorted: the same text for the same value, whatever order jsonb keeps them in. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The stored data as plain JSON (instants as ISO text), ready for a jsonb column. */
export const toJson = (data: StoredData): unknown => JSON.parse(canonicalJson(data));

const date = (v: unknown): Date => {
  if (typeof v !== 'string') throw new TypeError('a stored document date that is not text');
  return new Date(v);
};
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : date(v));

/** A model read back from stored JSON: its instants Dates again, the rest as stored. */
function reviveModel(json: unknown): DocumentModel {
  const m = json as DocumentModel & Record<string, unknown>;
  return {
    ...m,
    placedAt: date(m.placedAt),
    issuedAt: date(m.issuedAt),
    holdUntil: date(m.holdUntil),
    paidAt: dateOrNull(m.paidAt),
    shipment: m.shipment ? { ...m.shipment, at: date(m.shipment.at) } : null,
    payments: m.payments.map((p) => ({ ...p, at: date(p.at) })),
    ...(m.corrects ? { corrects: { ...m.corrects, issuedAt: date(m.corrects.issuedAt) } } : {}),
  };
}

/** The stored data read back from its jsonb column. */
export function fromJson(json: unknown): StoredData {
  const d = json as { language: Language; models: Record<string, unknown> };
  const models = Object.fromEntries(languages.map((l) => [l, reviveModel(d.models[l])])) as Record<
    Language,
    DocumentModel
  >;
  return { language: d.language, models };
}

/** What the chain binds of each document: everything the archive is searched by, and both hashes. */
export type ChainedFields = {
  position: number;
  number: string;
  kind: string;
  series: string;
  sequence: number;
  orderId: string | null;
  orderNumber: string | null;
  buyerId: string | null;
  counterparty: string;
  amountCents: number | null;
  currency: string;
  language: string;
  corrects: string | null;
  issuedAt: Date;
  /** The SHA-256 of the stored data's canonical JSON. */
  dataSha256: string;
  /** The SHA-256 of the PDF bytes. */
  sha256: string;
};

/** The chain hash of a document issued after one whose chain hash is `previous` ('' for the first). */
export function chainHash(previous: string, f: ChainedFields): string {
  return sha256(canonicalJson({ previous, ...f, issuedAt: f.issuedAt.toISOString() }));
}
