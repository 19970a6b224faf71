import { Readable } from 'node:stream';
import { centsToDollars } from '@kanna/shared';
import { stringify } from 'csv-stringify';
import type { NewLine, OrderRow } from './orders.repository';

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

const iso = (d: Date | null) => d?.toISOString() ?? '';

/**
 * CSV of every order line, streamed as the batches arrive: UTF-8 with a byte-order mark (so
 * spreadsheet programs read names right), a header row, and cells starting with = + - @ made
 * harmless (csv-stringify's escape_formulas), so a customer's name cannot run as a formula.
 */
export function ordersCsv(batches: AsyncIterable<{ order: OrderRow; lines: NewLine[] }[]>): Readable {
  const csv = stringify({ bom: true, header: true, columns, escape_formulas: true });
  const rows = Readable.from(
    (async function* () {
      for await (const batch of batches) {
        for (const { order: o, lines } of batch) {
          for (const [i, l] of lines.entries()) {
            yield [
              o.id,
              o.createdAt.toISOString(),
              o.status,
              o.name,
              o.email,
              o.phone,
              o.address,
              i + 1,
              l.productName,
              l.quantity,
              centsToDollars(l.perPriceCents).toFixed(2),
              centsToDollars(l.perPriceCents * l.quantity).toFixed(2),
              centsToDollars(o.totalCents).toFixed(2),
              iso(o.paidAt),
              iso(o.shippedAt),
              o.testPayment ? 'yes' : 'no',
              o.transactionId ?? '',
            ];
          }
        }
      }
    })(),
  );
  rows.on('error', (err) => csv.destroy(err));
  return rows.pipe(csv);
}
