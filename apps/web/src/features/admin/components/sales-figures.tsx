import { formatAmount } from '@kanna/shared/domain/money';
import type { AdminOverview } from '@kanna/shared/overview';
import { formatCount, formatWeek } from '../format';
import { WeeklyBarChart } from './weekly-bar-chart';

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const ordersInWords = (n: number) => (n === 1 ? '1 order' : `${formatCount(n)} orders`);

/** Revenue and paid orders per week: two bar charts, and the same figures as a table. */
export function SalesFigures({ weeks }: { weeks: AdminOverview['weeks'] }) {
  const empty = weeks.every((w) => w.orders === 0);
  return (
    <div className="flex flex-col gap-6">
      {empty && (
        <p className="text-base-content/80">
          No paid orders in these 8 weeks yet: the bars fill up as orders are paid.
        </p>
      )}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <WeeklyBarChart
          title="Revenue per week"
          weeks={weeks.map((w) => ({ weekStart: w.weekStart, value: w.revenue }))}
          format={formatAmount}
          formatShort={(v) => compactMoney.format(v)}
        />
        <WeeklyBarChart
          title="Paid orders per week"
          weeks={weeks.map((w) => ({ weekStart: w.weekStart, value: w.orders }))}
          format={ordersInWords}
          formatShort={formatCount}
        />
      </div>
      <div className="max-w-xl overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm">
          <caption className="p-3 text-left font-semibold">Week by week</caption>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Week of</th>
              <th scope="col" className="text-right">
                Revenue
              </th>
              <th scope="col" className="text-right">
                Paid orders
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row" className="font-normal">
                  <time dateTime={w.weekStart}>{formatWeek(w.weekStart)}</time>
                </th>
                <td className="text-right tabular-nums">{formatAmount(w.revenue)}</td>
                <td className="text-right tabular-nums">{formatCount(w.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
