import { Readable } from 'node:stream';
import { centsToDollars } from '@kanna/shared';
import { stringify } from 'csv-stringify/sync';
import type { ExportBatch } from './orders.service';

/** The export's columns, one row per order line (docs/ARCHITECTURE.md, "Lists that grow"). */
const columns = [
  'order_id',
  'created_at',
  'state',
  'customer_name',
  'customer_email',
  'phone',
  'address',
  'line',
  'product',
  'quantity',
  'unit_price',
  'line_total',
  'order_total',
  'paid_at',
  'shipped_at',
  'test_payment',
  'transaction_id',
];

const money = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * CSV of every order line, streamed as the batches arrive: UTF-8 with a byte-order mark (so
 * spreadsheet programs read names right), a header row, and cells starting with = + - @ made
 * harmless (csv-stringify's escape_formulas), so a customer's name cannot run as a formula.
 * Each batch becomes one chunk (a few hundred kilobytes): compression and the socket then work
 * on large pieces, not on one small piece per row. The next batch is read when this one is
 * taken, so a slow client holds the export back rather than filling memory.
 */
export function ordersCsv(batches: AsyncIterable<ExportBatch>): Readable {
  return Readable.from(
    (async function* () {
      let first = true;
      for await (const batch of batches) {
        const rows: (string | number)[][] = [];
        for (const { order: o, lines } of batch) {
          const total = money(o.totalCents);
          for (const [i, l] of lines.entries()) {
            rows.push([
              o.id,
              o.createdAt,
              o.status,
              o.name,
              o.email,
              o.phone,
              o.address,
              i + 1,
              l.productName,
              l.quantity,
              money(l.perPriceCents),
              money(l.perPriceCents * l.quantity),
              total,
              o.paidAt ?? '',
              o.shippedAt ?? '',
              o.testPayment ? 'yes' : 'no',
              o.transactionId ?? '',
            ]);
          }
        }
        // The first batch (there is always one, if empty) carries the mark and the header.
        yield stringify(rows, { bom: first, header: first, columns, escape_formulas: true });
        first = false;
      }
    })(),
    { objectMode: false },
  );
}
