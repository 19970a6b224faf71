import { Readable } from 'node:stream';
import { messages } from '@kanna/shared';
import { busy } from '../../lib/errors';

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
export const EXPORT_STALL_MS = 45_000;
/** Orders per batch: one id query and one COPY each; the CSV of two batches is held at most. */
export const EXPORT_BATCH_ORDERS = 2000;
/** A batch is handed on in pieces of this size: how closely a client's reading is watched. */
const PIECE_BYTES = 64 * 1024;

/** UTF-8's byte-order mark, which the export starts with. */
const BYTE_ORDER_MARK = new Uint8Array([0xef, 0xbb, 0xbf]);

/** One batch of the export: its CSV, and the cursor of the next batch (null after the last). */
export type CsvBatch = { csv: Uint8Array; next: string | null };

/** The error a download is ended with when its client stopped reading. */
export class DownloadStalled extends Error {}

/**
 * The places for exports running at once. `take()` gives one, or throws `busy` (429 with
 * Retry-After) when all are taken; the function it returns gives the place back (once).
 */
export function exportPlaces(max = MAX_EXPORTS) {
  let running = 0;
  return {
    take(): () => void {
      if (running >= max) throw busy(messages.exportsBusy(max), RETRY_AFTER_SECONDS);
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
export async function* csvBatches(
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
 * nothing for `stallMs` ends it with `DownloadStalled` (the connection is then closed); `onClose`
 * runs once, however it ends: read to the end, failed, stalled or abandoned.
 */
export function download(chunks: AsyncIterable<Uint8Array>, stallMs: number, onClose: () => void): Readable {
  let stalled: NodeJS.Timeout | undefined;
  async function* pieces() {
    try {
      for await (const chunk of chunks) {
        for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
          // Readable.from asks for the next piece at once while its buffer has room, and only
          // when its reader has taken some otherwise: a wait here is a wait for the reader.
          stalled = setTimeout(
            () => stream.destroy(new DownloadStalled(`the client read nothing for ${stallMs} ms`)),
            stallMs,
          );
          yield chunk.subarray(at, at + PIECE_BYTES);
          clearTimeout(stalled);
        }
      }
    } finally {
      clearTimeout(stalled);
    }
  }
  const stream = Readable.from(pieces(), { objectMode: false });
  stream.once('close', onClose);
  return stream;
}
