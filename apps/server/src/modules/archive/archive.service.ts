import { Readable } from 'node:stream';
import type { ArchiveExportQuery, ArchiveQuery, IssuedDocument } from '@kanna/shared/archive';
import {
  EXPORT_MAX_DAYS,
  EXPORT_MAX_DOCUMENTS,
  type IssuedKind,
  kindOfNumber,
} from '@kanna/shared/domain/archive';
import type { Language } from '@kanna/shared/domain/languages';
import { says } from '@kanna/shared/domain/messages';
import { type Currency, isCurrency, toMajor } from '@kanna/shared/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { csvField } from '../../lib/csv';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../lib/identity';
import { containing, DEFAULT_PAGE_SIZE, decodeCursor, type Page, pageOf } from '../../lib/paging';
import { type ArchiveFilters, type ListedRow, archiveRepository as repo } from './archive.repository';
import { inLanguage, issueCreditNotes } from './issue';
import { keptByNumber } from './kept-bytes';
import { verifyDocuments } from './verify';
import { ZipWriter } from './zip';

/*
 * The archive of issued documents (docs/orders.md, "The document archive"): the admins' list and
 * export, and each document by its number for an admin or the buyer it was issued to.
 */

/** A stored document's currency (every one is USD or JPY; one issued before there were two is USD). */
const currencyOf = (code: string): Currency => (isCurrency(code) ? code : 'USD');

/** An amount as the CSV writes it: dollars with two decimals, whole yen. */
const csvAmount = (minor: number, currency: Currency) =>
  currency === 'JPY' ? String(minor) : (minor / 100).toFixed(2);

const plainDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const DAY_MS = 24 * 60 * 60_000;

const toListed = (row: ListedRow): IssuedDocument => ({
  number: row.number,
  kind: row.kind as IssuedKind,
  issuedAt: row.issuedAt.toISOString(),
  amount: row.amountCents === null ? null : toMajor(row.amountCents, currencyOf(row.currency)),
  currency: row.currency,
  counterparty: row.counterparty,
  orderId: row.orderId,
  orderNumber: row.orderNumber,
  corrects: row.corrects,
  language: row.language as Language,
  sha256: row.sha256,
});

export function archiveService(db: Database, timeZone: string, now: () => Date = () => new Date()) {
  /** The start of `day` in the shop's zone (the day after, for an end), or the instant an ISO date-time names. */
  const edge = (v: string, end: boolean): SQL =>
    plainDate(v)
      ? sql`((${v}::date + ${end ? 1 : 0}::int)::timestamp at time zone ${timeZone})`
      : sql`(${new Date(v).toISOString()}::timestamptz + ${end ? '1 millisecond' : '0 seconds'}::interval)`;

  /** Credit notes due are issued before the archive is read: it lists what has happened. */
  const upToDate = () => issueCreditNotes(db, now);

  return {
    issueCreditNotes: upToDate,

    async list(query: ArchiveQuery = {}): Promise<Page<IssuedDocument>> {
      await upToDate();
      const limit = query.limit ?? DEFAULT_PAGE_SIZE;
      const before = query.cursor ? (decodeCursor(query.cursor, ['integer'])[0] as number) : undefined;
      const filters: ArchiveFilters = {
        ...(query.from ? { from: edge(query.from, false) } : {}),
        ...(query.to ? { to: edge(query.to, true) } : {}),
        ...(query.min === undefined ? {} : { min: query.min }),
        ...(query.max === undefined ? {} : { max: query.max }),
        ...(query.q ? { counterparty: containing(query.q.toLowerCase()) } : {}),
        ...(query.kind ? { kind: query.kind } : {}),
        ...(before === undefined ? {} : { beforePosition: before }),
      };
      const rows = await repo.page(db, filters, limit + 1);
      const page = pageOf(rows, limit, (r) => [r.position]);
      return { items: page.items.map(toListed), next: page.next };
    },

    /**
     * GET /api/documents/{number}.pdf: an admin, or the buyer it was issued to; for anyone else
     * the document does not exist (404), as for a number no series writes. Reads the stored bytes
     * alone (the data only for the other language's copy) and issues nothing: a credit note's
     * number is first seen in the archive's list, whose read issues those due.
     */
    async pdf(
      number: string,
      caller: SessionUser,
      language?: Language,
    ): Promise<{ fileName: string; pdf: Buffer }> {
      if (!kindOfNumber(number)) throw notFound('This document');
      const stored = await keptByNumber(db, number, () => repo.bytesByNumber(db, number));
      if (!stored || (caller.role !== 'admin' && (stored.buyerId === null || stored.buyerId !== caller.id)))
        throw notFound('This document');
      if (!language || language === stored.language)
        return { fileName: `${stored.number}.pdf`, pdf: stored.pdf };
      const whole = await repo.byNumber(db, number);
      if (!whole) throw notFound('This document');
      return { fileName: `${stored.number}-${language}-copy.pdf`, pdf: await inLanguage(whole, language) };
    },

    /**
     * GET /api/documents/export: the period's documents as one ZIP, each PDF named by its number,
     * with `index.csv` listing them. Refused (400) over EXPORT_MAX_DAYS days or EXPORT_MAX_DOCUMENTS documents.
     */
    async exportZip(query: ArchiveExportQuery): Promise<{ fileName: string; zip: Readable }> {
      const start = plainDate(query.from) ? Date.parse(`${query.from}T00:00:00Z`) : Date.parse(query.from);
      // Where the period ends, exclusive (as `edge` reads it): the day after a plain date, the instant after a time.
      const end = plainDate(query.to)
        ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS
        : Date.parse(query.to) + 1;
      if (end <= start) throw new AppError('invalid', says.archiveExportPeriodBackwards);
      if (end - start > EXPORT_MAX_DAYS * DAY_MS)
        throw new AppError('invalid', says.archiveExportPeriodTooLong(EXPORT_MAX_DAYS));
      await upToDate();
      const filters: ArchiveFilters = { from: edge(query.from, false), to: edge(query.to, true) };
      if ((await repo.count(db, filters, EXPORT_MAX_DOCUMENTS + 1)) > EXPORT_MAX_DOCUMENTS)
        throw new AppError('invalid', says.archiveExportTooMany(EXPORT_MAX_DOCUMENTS));
      const made = now();
      async function* bytes() {
        const zip = new ZipWriter();
        const index = [
          [
            'file',
            'number',
            'kind',
            'issued_at',
            'amount',
            'currency',
            'counterparty',
            'order_number',
            'corrects',
            'sha256',
          ]
            .map(csvField)
            .join(','),
        ];
        let after = 0;
        for (;;) {
          const rows = await repo.batch(db, filters, after, 100);
          for (const row of rows) {
            const file = `${row.number}.pdf`;
            yield* zip.entry(file, row.pdf, row.issuedAt);
            index.push(
              [
                file,
                row.number,
                row.kind,
                row.issuedAt.toISOString(),
                row.amountCents === null ? null : csvAmount(row.amountCents, currencyOf(row.currency)),
                row.currency,
                row.counterparty,
                row.orderNumber,
                row.corrects,
                row.sha256,
              ]
                .map(csvField)
                .join(','),
            );
            after = row.position;
          }
          if (rows.length < 100) break;
        }
        yield* zip.entry('index.csv', Buffer.from(`\ufeff${index.join('\r\n')}\r\n`, 'utf8'), made);
        yield zip.finish();
      }
      return {
        fileName: `kanna-documents-${query.from.slice(0, 10)}-${query.to.slice(0, 10)}.zip`,
        zip: Readable.from(bytes()),
      };
    },

    verify: () => verifyDocuments(db),
  };
}
export type ArchiveService = ReturnType<typeof archiveService>;
