import { type CompanyCurrency, toMajorUnits } from '@kanna/shared/domain/companies';
import type { Language } from '@kanna/shared/domain/languages';
import { fromStates, settledState } from '@kanna/shared/domain/order-state';
import { formatOrderNumber } from '@kanna/shared/domain/orders';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyPayments, orders, statements } from '../../db/schema';
import { BYTE_ORDER_MARK, csvField } from '../../lib/csv';

/*
 * A company's ledger as CSV for its accounting (decision 0069): the orders shipped on account,
 * each statement (with what rounding its tax once changed), and the money received, by date, with
 * the running balance, in the company's currency and the reader's language. A reversed payment
 * stays on the day it was received, and its reversal is a line of its own on the day it was
 * reversed, charging the amount back. Money beyond what was charged takes the balance below zero
 * (the company's credit on account).
 */

/** The ledger's words: its header and what each line is. */
const ledgerWords: Record<
  Language,
  { header: string[]; order: string; statement: string; payment: string; reversal: string }
> = {
  en: {
    header: [
      'Date',
      'Entry',
      'Number or reference',
      'Your PO number',
      'Charged',
      'Received',
      'Balance',
      'Currency',
    ],
    order: 'Order shipped',
    statement: 'Statement (tax rounded on it)',
    payment: 'Payment received',
    reversal: 'Payment reversed',
  },
  ja: {
    header: ['日付', '区分', '番号・参照番号', '貴社発注番号', 'ご請求', 'ご入金', '残高', '通貨'],
    order: '出荷（掛売り）',
    statement: '請求書（端数調整）',
    payment: 'ご入金',
    reversal: 'ご入金の取消',
  },
};

/** GET /api/companies/{id}/ledger.csv: every entry of `company`'s account, oldest first. */
export async function ledgerCsv(
  db: Database,
  timeZone: string,
  company: { id: string; currency: CompanyCurrency },
  language: Language,
): Promise<string> {
  const companyId = company.id;
  const dayIn = (at: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      at,
    );
  const currency = company.currency;
  const shippedOn = sql<string>`to_char((${orders.shippedAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const [shippedOrders, issued, paid] = await Promise.all([
    db
      .select({
        day: shippedOn,
        number: orders.number,
        poNumber: orders.poNumber,
        minor: orders.amountDueCents,
        statementId: orders.statementId,
      })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.paymentMethod, 'account'),
          isNotNull(orders.shippedAt),
          inArray(orders.status, [...fromStates('settle'), settledState]),
        ),
      ),
    db.select().from(statements).where(eq(statements.companyId, companyId)),
    db.select().from(companyPayments).where(eq(companyPayments.companyId, companyId)),
  ]);
  const onStatement = (id: string) =>
    shippedOrders.filter((o) => o.statementId === id).reduce((sum, o) => sum + o.minor, 0);
  type Entry = { day: string; rank: number; kind: string; number: string; po: string; minor: number };
  const w = ledgerWords[language];
  const entries: Entry[] = [
    ...shippedOrders.map((o) => ({
      day: o.day,
      rank: 0,
      kind: w.order,
      number: formatOrderNumber(o.number),
      po: o.poNumber ?? '',
      minor: o.minor,
    })),
    ...issued.map((st) => ({
      day: st.closingDate,
      rank: 1,
      kind: w.statement,
      number: st.number,
      po: '',
      minor: st.ordersTotalMinor - onStatement(st.id),
    })),
    ...paid.map((p) => ({
      day: p.receivedOn,
      rank: 2,
      kind: w.payment,
      number: p.reference,
      po: '',
      minor: -p.amountMinor,
    })),
    ...paid.flatMap((p) =>
      p.reversedAt
        ? [
            {
              day: dayIn(p.reversedAt),
              rank: 3,
              kind: w.reversal,
              number: p.reference,
              po: '',
              minor: p.amountMinor,
            },
          ]
        : [],
    ),
  ].sort((a, b) =>
    a.day === b.day ? a.rank - b.rank || a.number.localeCompare(b.number) : a.day < b.day ? -1 : 1,
  );
  const major = (minor: number) => toMajorUnits(currency, minor);
  let balance = 0;
  const rows = entries.map((e) => {
    balance += e.minor;
    return [
      e.day,
      e.kind,
      e.number,
      e.po,
      e.minor > 0 ? major(e.minor) : '',
      e.minor < 0 ? major(-e.minor) : '',
      major(balance),
      currency,
    ];
  });
  return `${BYTE_ORDER_MARK}${[w.header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
