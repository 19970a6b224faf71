import type { AdminOverview } from '@kanna/shared/overview';
import { Link } from 'react-router';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { formatCount } from '../format';
import { adminTexts } from '../i18n';

/** The tiles, each a state's count with its name and hint (`unpaid`, `unpaidHint` in the texts). */
const tiles = ['unpaid', 'pending', 'shipped'] as const;

/** How many orders are in each state, as tiles. */
export function OrderCounts({ counts }: { counts: AdminOverview['counts'] }) {
  const t = useTexts(adminTexts).overview;
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-3 gap-2 sm:gap-4">
        {tiles.map((tile) => (
          <li key={tile} className="rounded-box border border-base-300 bg-base-100 p-3 shadow-sm sm:p-4">
            <p className="text-xs font-semibold tracking-wide text-base-content/80 uppercase sm:text-sm">
              {t[tile]}
            </p>
            <p className="mt-1 text-3xl font-bold tabular-nums sm:text-4xl">
              {formatCount(counts[tile], language)}
            </p>
            <p className="mt-1 text-xs text-base-content/80 sm:text-sm">{t[`${tile}Hint`]}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/dashboard/allOrders" className="link link-primary">
          {t.seeAllOrders}
        </Link>
      </p>
    </div>
  );
}
