import type { AdminOverview } from '@kanna/shared/overview';
import { Link } from 'react-router';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { isSoldOut } from '../../../lib/tools';
import { formatCount } from '../format';

/** Tools whose available quantity is at or below twice their minimum order, lowest first. */
export function LowStock({ tools }: { tools: AdminOverview['lowStock'] }) {
  if (tools.length === 0)
    return <p className="text-base-content/80">Every tool has more than twice its minimum order in stock.</p>;
  return (
    <CardTable
      caption="Tools running low"
      withActions
      columns={
        <>
          <th scope="col">Tool</th>
          <th scope="col" className="text-right">
            Minimum
          </th>
          <th scope="col" className="text-right">
            Available
          </th>
        </>
      }
    >
      {tools.map((tool) => (
        <tr key={tool._id} className={cardTable.row}>
          <th scope="row" className={`sm:min-w-40 ${cardTable.title}`}>
            {tool.productName}
            {isSoldOut(tool) && <span className="badge badge-sm badge-warning ml-2">Sold out</span>}
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
    </CardTable>
  );
}
