import type { AdminOverview } from '@kanna/shared/overview';
import { Link } from 'react-router';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { isSoldOut } from '../../../lib/tools';
import { formatCount } from '../format';
import { adminTexts } from '../i18n';

/** Tools whose available quantity is at or below twice their minimum order, lowest first. */
export function LowStock({ tools }: { tools: AdminOverview['lowStock'] }) {
  const texts = useTexts(adminTexts);
  const t = texts.overview;
  const language = useLanguage();
  if (tools.length === 0) return <p className="text-base-content/80">{t.noneLow}</p>;
  return (
    <CardTable
      caption={t.lowCaption}
      withActions
      columns={[t.tool, { label: texts.minimum, align: 'right' }, { label: texts.available, align: 'right' }]}
    >
      {tools.map((tool) => (
        <tr key={tool._id} className={cardTable.row}>
          <th scope="row" className={`sm:min-w-40 ${cardTable.title}`}>
            {tool.productName}
            {isSoldOut(tool) && <span className="badge badge-sm badge-warning ml-2">{texts.soldOut}</span>}
          </th>
          <td data-label={texts.minimum} className={`text-right tabular-nums ${cardTable.field}`}>
            {formatCount(tool.minQuantity, language)}
          </td>
          <td data-label={texts.available} className={`text-right tabular-nums ${cardTable.field}`}>
            {formatCount(tool.maxQuantity, language)}
          </td>
          <td className={`sm:text-right ${cardTable.actions}`}>
            <Link
              to={`/dashboard/manageAllProducts?edit=${encodeURIComponent(tool._id)}`}
              className="link link-primary whitespace-nowrap"
            >
              {t.updateStock}
              <span className="sr-only">{t.updateStockOf(tool.productName)}</span>
            </Link>
          </td>
        </tr>
      ))}
    </CardTable>
  );
}
