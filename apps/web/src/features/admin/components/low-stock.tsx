import type { AdminOverview } from '@kanna/shared/overview';
import { Link } from 'react-router';
import { formatCount } from '../format';
import { cardTable } from './card-table';

/** Tools whose available quantity is at or below twice their minimum order, lowest first. */
export function LowStock({ tools }: { tools: AdminOverview['lowStock'] }) {
  if (tools.length === 0)
    return <p className="text-base-content/80">Every tool has more than twice its minimum order in stock.</p>;
  return (
    <div className={cardTable.wrapper}>
      <table className={cardTable.table}>
        <caption className="sr-only">Tools running low</caption>
        <thead className={cardTable.thead}>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col" className="text-right">
              Minimum
            </th>
            <th scope="col" className="text-right">
              Available
            </th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={cardTable.tbody}>
          {tools.map((tool) => (
            <tr key={tool._id} className={cardTable.row}>
              <th scope="row" className={`sm:min-w-40 ${cardTable.title}`}>
                {tool.productName}
                {tool.maxQuantity < tool.minQuantity && (
                  <span className="badge badge-sm badge-warning ml-2">Sold out</span>
                )}
              </th>
              <td data-label="Minimum" className={`text-right tabular-nums ${cardTable.field}`}>
                {formatCount(tool.minQuantity)}
              </td>
              <td data-label="Available" className={`text-right tabular-nums ${cardTable.field}`}>
                {formatCount(tool.maxQuantity)}
              </td>
              <td className={`sm:text-right ${cardTable.actions}`}>
                <Link
                  to={`/dashboard/manageAllProducts?edit=${encodeURIComponent(tool._id)}`}
                  className="link link-primary whitespace-nowrap"
                >
                  Update stock<span className="sr-only"> of {tool.productName}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
