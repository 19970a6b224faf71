import { formatAmount, formatIn } from '@kanna/shared/domain/money';
import type { AdminOverview } from '@kanna/shared/overview';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { formatCount, formatWeek } from '../format';
import { adminTexts } from '../i18n';
import { WeeklyBarChart } from './weekly-bar-chart';

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const compactYen = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'JPY',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Revenue and paid orders per week: two bar charts, and the same figures as a table. */
export function SalesFigures({ weeks }: { weeks: AdminOverview['weeks'] }) {
  const t = useTexts(adminTexts).overview;
  const language = useLanguage();
  const count = (n: number) => formatCount(n, language);
  const empty = weeks.every((w) => w.orders === 0);
  // Dollars and yen are never added: yen revenue gets its own chart and column once there is any.
  const yen = weeks.some((w) => (w.revenueYen ?? 0) > 0);
  return (
    <div className="flex flex-col gap-6">
      {empty && <p className="text-base-content/80">{t.noSales}</p>}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <WeeklyBarChart
          title={t.revenuePerWeek}
          weeks={weeks.map((w) => ({ weekStart: w.weekStart, value: w.revenue }))}
          format={formatAmount}
          formatShort={(v) => compactMoney.format(v)}
        />
        {yen && (
          <WeeklyBarChart
            title={t.revenueYenPerWeek}
            weeks={weeks.map((w) => ({ weekStart: w.weekStart, value: w.revenueYen ?? 0 }))}
            format={(v) => formatIn(v, 'JPY')}
            formatShort={(v) => compactYen.format(v)}
          />
        )}
        <WeeklyBarChart
          title={t.ordersPerWeek}
          weeks={weeks.map((w) => ({ weekStart: w.weekStart, value: w.orders }))}
          format={t.orderCount}
          formatShort={count}
        />
      </div>
      <div className="max-w-xl overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm">
          <caption className="p-3 text-left font-semibold">{t.weekByWeek}</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">{t.weekOf}</th>
              <th scope="col" className="text-right">
                {t.revenue}
              </th>
              {yen && (
                <th scope="col" className="text-right">
                  {t.revenueYen}
                </th>
              )}
              <th scope="col" className="text-right">
                {t.paidOrders}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row" className="font-normal">
                  <time dateTime={w.weekStart}>{formatWeek(w.weekStart, language)}</time>
                </th>
                <td className="text-right tabular-nums">{formatAmount(w.revenue)}</td>
                {yen && <td className="text-right tabular-nums">{formatIn(w.revenueYen ?? 0, 'JPY')}</td>}
                <td className="text-right tabular-nums">{count(w.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
