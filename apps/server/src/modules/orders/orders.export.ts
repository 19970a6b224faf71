import { Readable } from 'node:stream';
import { type OrderFilters, says } from '@kanna/shared';
import { defaultLanguage, type Language } from '@kanna/shared/domain/languages';
import { busy } from '../../lib/errors';
import type { OrdersContext } from './orders.deps';
import { exportRepository } from './orders.export.repository';
import { listsRepository } from './orders.lists.repository';

/**
 * How the CSV export is given to its client (docs/decisions/0018-csv-export-by-copy.md): a batch
 * at a time, each read whole from the database before a byte of it is written, so a client that
 * reads slowly (or not at all) holds memory for a batch or two but never a database connection.
 */

/** Exports that may run at once on one instance; one more is refused (429), not queued. */
const MAX_EXPORTS = 2;
/** How long a refused export is asked to wait before trying again (Retry-After). */
const RETRY_AFTER_SECONDS = 30;
/** A download whose client takes nothing for this long is cut off, and its place freed. */
const EXPORT_STALL_MS = 45_000;
/**
 * A batch: at most this many orders and order lines (one id query and one COPY each). An export
 * holds the CSV of two batches at most: 5,000 lines are about 1.5 MB, and 5 MB if every cell
 * were as long as the shop allows.
 */
const EXPORT_BATCH_ORDERS = 2000;
const EXPORT_BATCH_LINES = 5000;
/** A batch is handed on in pieces of this size: how closely a client's reading is watched. */
const PIECE_BYTES = 64 * 1024;

/** UTF-8's byte-order mark, which the export starts with. */
const BYTE_ORDER_MARK = new Uint8Array([0xef, 0xbb, 0xbf]);

/** One batch of the export: its CSV, and the cursor of the next batch (null after the last). */
type CsvBatch = { csv: Uint8Array; next: string | null };

/** The error a download is ended with when its client stopped reading. */
export class DownloadStalled extends Error {}

/**
 * The places for exports running at once. `take()` gives one, or throws `busy` (429 with
 * Retry-After) when all are taken; the function it returns gives the place back (once).
 */
function exportPlaces(max = MAX_EXPORTS) {
  let running = 0;
  return {
    take(): () => void {
      if (running >= max) throw busy(says.exportsBusy(max), RETRY_AFTER_SECONDS);
      running++;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        running--;
      };
    },
  };
}

/** The byte-order mark, then each batch's CSV; the next batch is read while this one is written. */
async function* csvBatches(
  first: CsvBatch,
  read: (cursor: string) => Promise<CsvBatch>,
): AsyncGenerator<Uint8Array> {
  yield BYTE_ORDER_MARK;
  for (let batch = first; ; ) {
    const next = batch.next ? read(batch.next) : null;
    // A read ahead that fails while this batch is written is reported by the await below.
    next?.catch(() => {});
    yield batch.csv;
    if (!next) return;
    batch = await next;
  }
}

/**
 * A download of `chunks`, handed on in pieces as its reader asks for them. A reader that takes
 * nothing for `stallMs` while a piece waits ends it with `DownloadStalled` (the connection is then
 * closed). `onClose` runs once, as soon as it ends however it ends: read to the end, failed,
 * stalled or abandoned — not when a database read it was waiting on comes back.
 */
function download(chunks: AsyncIterable<Uint8Array>, stallMs: number, onClose: () => void): Readable {
  const iterator = chunks[Symbol.asyncIterator]();
  let chunk: Uint8Array = new Uint8Array();
  let at = 0;
  let pumping = false;
  let stalled: NodeJS.Timeout | undefined;
  const stream = new Readable({
    // One piece at a time, as its reader takes them (as Readable.from does): what waits beyond
    // that waits in the batch, not in stream buffers.
    highWaterMark: 1,
    read() {
      clearTimeout(stalled);
      if (!pumping) void pump();
    },
    destroy(err, callback) {
      clearTimeout(stalled);
      onClose();
      iterator.return?.().then(
        () => callback(err),
        () => callback(err),
      );
    },
  });
  /** Pushes pieces until the reader's buffer is full (then waits for it), or the chunks end. */
  async function pump() {
    pumping = true;
    try {
      for (;;) {
        if (at >= chunk.length) {
          const next = await iterator.next();
          if (stream.destroyed) return;
          if (next.done) return void stream.push(null);
          [chunk, at] = [next.value, 0];
          continue;
        }
        const piece = chunk.subarray(at, at + PIECE_BYTES);
        at += piece.length;
        if (!stream.push(piece)) {
          stalled = setTimeout(
            () => stream.destroy(new DownloadStalled(`the client read nothing for ${stallMs} ms`)),
            stallMs,
          );
          return;
        }
      }
    } catch (err) {
      stream.destroy(err as Error);
    } finally {
      pumping = false;
    }
  }
  return stream;
}

/** The admin's CSV export of the orders matching the lists' filters. */
export function orderExport(ctx: OrdersContext) {
  const { db } = ctx;
  /** The exports running on this instance (at most two). */
  const exportsRunning = exportPlaces();
  return {
    /**
     * The CSV export (admin): every matching order line, newest order first, UTF-8 with a
     * byte-order mark (so spreadsheet programs read names right) and a header row. Orders are
     * found a batch at a time as the lists find them, and the database writes each batch's CSV,
     * read whole (the next batch is read while this one is written): memory stays flat however
     * many rows there are, and a slow client holds the export back, never a connection
     * (orders.export.ts). Resolves once the first batch is read, so anything that fails before
     * the first byte is an ordinary error answer. At most two run at once: a third is refused
     * (`busy`, 429).
     */
    async exportCsv(
      filters: OrderFilters,
      batchSize = EXPORT_BATCH_ORDERS,
      batchLines = EXPORT_BATCH_LINES,
      /** Its reader's: the language products are named in, as each was ordered. */
      language: Language = defaultLanguage,
    ): Promise<Readable> {
      const release = exportsRunning.take();
      try {
        const where = listsRepository.matching(filters, ctx.shop.timeZone);
        const read = async (cursor?: string): Promise<CsvBatch> => {
          const ids = await exportRepository.exportIds(db, where, cursor, batchSize, batchLines);
          // The first batch, even an empty one, carries the header row.
          const csv = await ctx.copyCsv(exportRepository.exportRows(ids.items, ctx.shop.timeZone, language), {
            header: cursor === undefined,
          });
          return { csv, next: ids.next };
        };
        const batches = csvBatches(await read(), read);
        return download(batches, ctx.exportStallMs ?? EXPORT_STALL_MS, release);
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}
