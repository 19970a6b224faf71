import type { Statement } from '@kanna/shared/companies';
import { formatIn } from '@kanna/shared/domain/money';
import type { StatementState } from '@kanna/shared/domain/order-state';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useLanguage, useTexts } from '../../lib/i18n';
import { formatDay } from '../../lib/shop-time';
import { CardTable, cardTable } from './card-table';
import { statementTexts } from './i18n/statements';
import { QueryState } from './query-state';

const badge: Record<StatementState, string> = {
  paid: 'badge-success',
  partly_paid: 'badge-info',
  open: 'badge-ghost',
  overdue: 'badge-error',
};

/**
 * A company's monthly statements (decision 0069), newest first: number, period, amount due, due
 * date, state (partly paid with what is left, overdue since when) and the PDF. The owner's
 * company page and the admin's company page show it; loading, empty and error states included.
 */
export function StatementsList({
  query,
  companyId,
}: {
  query: UseQueryResult<Statement[], Error>;
  /** Its company: the account's ledger (CSV) is offered below the list. */
  companyId: string;
}) {
  const t = useTexts(statementTexts);
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-3">
      <QueryState
        query={query}
        loadingLabel={t.loading}
        errorTitle={t.notLoaded}
        empty={t.none}
        minHeightClass="min-h-24"
      >
        {(statements) => (
          <CardTable
            caption={t.caption}
            withActions
            columns={[t.number, t.period, { label: t.amountDue, align: 'right' }, t.dueOn, t.state]}
          >
            {statements.map((s) => (
              <tr key={s.id} className={cardTable.row}>
                <th scope="row" className={`font-semibold tabular-nums ${cardTable.title}`}>
                  {s.number}
                </th>
                <td data-label={t.period} className={cardTable.field}>
                  {t.periodRange(formatDay(s.periodFrom, language), formatDay(s.periodTo, language))}
                </td>
                <td data-label={t.amountDue} className={`text-right tabular-nums ${cardTable.field}`}>
                  {formatIn(s.amountDue, s.currency)}
                </td>
                <td data-label={t.dueOn} className={`tabular-nums ${cardTable.field}`}>
                  {formatDay(s.dueOn, language)}
                </td>
                <td data-label={t.state} className={cardTable.field}>
                  <span className="flex flex-col items-end gap-0.5 sm:items-start">
                    <span className={`badge whitespace-nowrap ${badge[s.state]}`}>{t.states[s.state]}</span>
                    {s.state === 'partly_paid' && (
                      <span className="text-sm">
                        {t.partly(formatIn(s.applied, s.currency), formatIn(s.outstanding, s.currency))}
                      </span>
                    )}
                    {s.overdueSince && (
                      <span className="text-sm">{t.overdueSince(formatDay(s.overdueSince, language))}</span>
                    )}
                  </span>
                </td>
                <td className={cardTable.actions}>
                  <a href={s.pdf} className="btn btn-outline btn-sm" aria-label={t.pdfOf(s.number)}>
                    <FileText className="size-4" aria-hidden="true" />
                    {t.pdf}
                  </a>
                </td>
              </tr>
            ))}
          </CardTable>
        )}
      </QueryState>
      <p>
        <a href={`/api/companies/${encodeURIComponent(companyId)}/ledger.csv`} className="link">
          {t.ledger}
        </a>
      </p>
    </div>
  );
}
