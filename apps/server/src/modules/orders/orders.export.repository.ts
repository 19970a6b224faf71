import { adminStateLabel, orderStatuses } from '@kanna/shared';
import type { Language } from '@kanna/shared/domain/languages';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import { orderLines, orders } from '../../db/schema';
import { newestFirst, pageOf } from '../../lib/paging';
import type { Tx } from './orders.repository';

/**
 * A time as the export writes it, or null: in the shop's zone with the offset it had then, to
 * the second (`2026-11-26T17:05:00+09:00`; summer and winter offsets where the zone has them).
 * The offset is the zone's local time less UTC's for that instant.
 */
const shopIso = (column: AnyColumn, zone: string) => {
  const local = sql`(${column} at time zone ${zone})`;
  const offset = sql`extract(epoch from ${local} - (${column} at time zone 'UTC'))`;
  return sql`to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS')
    || case when ${offset} < 0 then '-' else '+' end
    || to_char(make_interval(secs => abs(${offset})), 'HH24:MI')`;
};

/** An order's state in the words the admin's screens use (`adminStateLabel`: 'Pending' for paid). */
const stateWords = sql`case ${orders.status} ${sql.join(
  orderStatuses.map((s) => sql`when ${s} then ${adminStateLabel[s]}`),
  sql` `,
)} end`;

/**
 * An amount in the order's currency as the export writes money: dollars with two decimals (1250
 * cents → 12.50), whole yen (1250 → 1250); the row's `currency` column names which.
 */
const money = (minor: SQL | AnyColumn) =>
  sql`case ${orders.currency} when 'JPY' then (${minor})::bigint::text else ((${minor}) / 100.0)::numeric(14, 2)::text end`;

/**
 * Text a customer typed, as a CSV cell a spreadsheet will not run: a cell that starts with
 * = + - @ (or their full-width forms), a tab or a carriage return gets a leading apostrophe
 * (OWASP's advice on CSV injection). Empty text is written as an empty cell, not "".
 */
const cell = (text: SQL | AnyColumn) => sql`case
  when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13), '＝', '＋', '－', '＠') then '''' || ${text}
  else nullif(${text}, '') end`;

/** The CSV export of orders (orders.export.ts): its batches, and the rows `copyCsv` writes. */
export const exportRepository = {
  /**
   * The ids of the export's next batch, newest first (the keyset of the lists): at most `limit`
   * orders with at most `maxLines` order lines in all (but always one order, however many lines
   * it has): a batch's CSV is held whole (orders.export.ts), and one order may have fifty lines.
   */
  async exportIds(
    db: Tx,
    where: SQL | undefined,
    cursor: string | undefined,
    limit: number,
    maxLines: number,
  ) {
    const keyset = newestFirst(orders.createdAt, orders.id, cursor, 'uuid');
    const rows = await db
      .select({ id: orders.id, at: keyset.at, lines: orders.lineCount })
      .from(orders)
      .where(and(where, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(limit + 1);
    let taken = 0;
    let lines = 0;
    for (const row of rows.slice(0, limit)) {
      if (taken > 0 && lines + row.lines > maxLines) break;
      lines += row.lines;
      taken++;
    }
    const page = pageOf(rows, taken, (r) => [r.at, r.id]);
    return { items: page.items.map((r) => r.id), next: page.next };
  },

  /**
   * The export's rows for these orders (docs/api.md, "The API contract"): one per order
   * line, newest order first, lines in the buyer's order, for `copyCsv` to write as CSV. The
   * header row is the column names. Text a customer typed goes through `cell`. For accounting
   * (docs/rules.md, "The order desk"): the order's total, shipping, tax and amount due only on its first line
   * (a column's sum counts each order once), the tax rate in percent or 'export', times in the shop's zone `timeZone` with their offset, the state in the screens' words.
   * The product as it was ordered, in `language` (its English name where it had no Japanese one).
   */
  exportRows(ids: string[], timeZone: string, language: Language = 'en'): SQL {
    const product =
      language === 'ja' ? sql`coalesce(line.product_name_ja, line.product_name)` : sql`line.product_name`;
    return sql`
      select ${orders.id} as "order_id", ${shopIso(orders.createdAt, timeZone)} as "created_at",
        ${stateWords} as "state", ${cell(orders.name)} as "customer_name",
        ${cell(orders.email)} as "customer_email", ${cell(orders.phone)} as "phone",
        ${cell(orders.address)} as "address", line.position + 1 as "line",
        ${cell(product)} as "product", line.quantity as "quantity",
        ${money(sql`line.per_price_cents`)} as "unit_price",
        ${money(sql`line.per_price_cents * line.quantity`)} as "line_total",
        case when line.position = 0 then ${money(orders.totalCents)} end as "order_total",
        ${shopIso(orders.paidAt, timeZone)} as "paid_at", ${shopIso(orders.shippedAt, timeZone)} as "shipped_at",
        case when ${orders.testPayment} then 'yes' else 'no' end as "test_payment",
        ${cell(orders.transactionId)} as "transaction_id",
        -- as formatOrderNumber writes it (packages/shared): K- and at least six digits
        'K-' || lpad(${orders.number}::text, greatest(6, length(${orders.number}::text)), '0') as "order_number",
        -- What the order charges besides its goods, on its first line as its total (added after the
        -- columns above, so a sheet that reads them by position keeps working).
        ${orders.country} as "country",
        case when line.position = 0 then ${money(orders.shippingCents)} end as "shipping",
        case when line.position = 0 then ${money(orders.taxCents)} end as "tax",
        case ${orders.taxTreatment} when 'domestic' then (${orders.taxRateBp} / 100.0)::numeric(6, 2)::text
          when 'export' then 'export' end as "tax_rate",
        case when line.position = 0 then ${money(orders.amountDueCents)} end as "amount_due",
        ${orders.paymentMethod} as "payment_method",
        -- The line's product codes as ordered (decision 0055), last for the same reason; empty on
        -- lines ordered before codes were kept.
        ${cell(sql`line.sku`)} as "sku", ${cell(sql`line.jan`)} as "jan",
        -- The currency every amount of the row is in (USD: dollars; JPY: whole yen), last as well.
        ${orders.currency} as "currency",
        -- The buyer as a business (migration 0041), last too: the company the order is issued to,
        -- where its invoice goes when apart, the buyer's purchase-order number and the day asked for.
        ${cell(orders.company)} as "company", ${cell(orders.billingAddress)} as "billing_address",
        ${cell(orders.poNumber)} as "po_number", ${orders.requestedDate} as "requested_date"
      from ${orders}
      cross join lateral (
        -- A one-line order carries its line itself; longer ones keep theirs in order_lines.
        select 0 as position, ${orders.productName} as product_name, ${orders.productNameJa} as product_name_ja,
          ${orders.sku} as sku, ${orders.jan} as jan, ${orders.quantity} as quantity,
          ${orders.perPriceCents} as per_price_cents
        where ${orders.lineCount} = 1
        union all
        select ${orderLines.position}, ${orderLines.productName}, ${orderLines.productNameJa}, ${orderLines.sku},
          ${orderLines.jan}, ${orderLines.quantity}, ${orderLines.perPriceCents}
        from ${orderLines}
        where ${orderLines.orderId} = ${orders.id} and ${orders.lineCount} > 1
      ) as line
      where ${orders.id} = any(${sql.param(ids)}::uuid[])
      order by ${orders.createdAt} desc, ${orders.id} desc, line.position`;
  },
};
