import type { AdminOverview } from '@kanna/shared/overview';
import { Link } from 'react-router';
import { formatCount } from '../format';

const tiles = [
  { key: 'unpaid', title: 'Unpaid', hint: 'Waiting for the customer to pay' },
  { key: 'pending', title: 'Pending', hint: 'Paid, waiting to be shipped' },
  { key: 'shipped', title: 'Shipped', hint: 'On their way or delivered' },
] as const;

/** How many orders are in each state, as tiles. */
export function OrderCounts({ counts }: { counts: AdminOverview['counts'] }) {
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-3 gap-2 sm:gap-4">
        {tiles.map((tile) => (
          <li key={tile.key} className="rounded-box border border-base-300 bg-base-100 p-3 shadow-sm sm:p-4">
            <p className="text-xs font-semibold tracking-wide text-base-content/80 uppercase sm:text-sm">
              {tile.title}
            </p>
            <p className="mt-1 text-3xl font-bold tabular-nums sm:text-4xl">
              {formatCount(counts[tile.key])}
            </p>
            <p className="mt-1 text-xs text-base-content/80 sm:text-sm">{tile.hint}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/dashboard/allOrders" className="link link-primary">
          See all orders
        </Link>
      </p>
    </div>
  );
}
