import { centsToDollars, formatMoney } from '@kanna/shared/domain/money';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import type { CartLineView } from '../use-cart-lines';
import { LineStepper } from './line-stepper';

interface CartTableProps {
  lines: CartLineView[];
  onQuantity: (toolId: string, quantity: number) => void;
  onRemove: (line: CartLineView) => void;
  disabled?: boolean;
}

/** The cart's lines as a real table (a card per line on phones): tier price, quantity, line total, remove. */
export function CartTable({ lines, onQuantity, onRemove, disabled = false }: CartTableProps) {
  return (
    <CardTable
      caption="Your cart"
      withActions
      columns={
        <>
          <th scope="col">Tool</th>
          <th scope="col">Price per piece</th>
          <th scope="col">Quantity</th>
          <th scope="col" className="text-right">
            Line total
          </th>
        </>
      }
    >
      {lines.map((line) => (
        <CartRow
          key={line.toolId}
          line={line}
          onQuantity={onQuantity}
          onRemove={onRemove}
          disabled={disabled}
        />
      ))}
    </CardTable>
  );
}

function CartRow({
  line,
  onQuantity,
  onRemove,
  disabled,
}: {
  line: CartLineView;
  onQuantity: (toolId: string, quantity: number) => void;
  onRemove: (line: CartLineView) => void;
  disabled: boolean;
}) {
  const name = line.productName ?? 'This tool';
  const { tool } = line;
  const pack = tool ? Math.max(1, tool.packSize) : 1;
  const maxOnPack = tool ? Math.floor(tool.maxQuantity / pack) * pack : line.quantity;
  return (
    <tr className={`${cardTable.row} align-top`}>
      <th scope="row" className={`font-normal ${cardTable.title}`}>
        {tool ? (
          <Link to={`/purchase/${line.toolId}`} className="link link-hover font-semibold">
            {name}
          </Link>
        ) : (
          <span className="font-semibold">{line.loading ? 'Loading…' : name}</span>
        )}
        {tool && pack > 1 && (
          <span className="block text-sm text-base-content/80">Sold in packs of {pack}</span>
        )}
        {line.next && (
          <span className="block text-sm text-success">
            Order {line.next.more} more for {formatMoney(line.next.price)} each
          </span>
        )}
        {line.problem && !tool && (
          <span role="note" className="mt-1 block text-sm font-medium text-error">
            {line.problem}
          </span>
        )}
        {line.loadError && (
          <span className="mt-1 block text-sm text-error">
            This tool could not be loaded: {line.loadError.message}
          </span>
        )}
      </th>
      <td data-label="Price per piece" className={`tabular-nums ${cardTable.field}`}>
        {line.perPrice === null ? '—' : formatMoney(line.perPrice)}
        {tool && line.perPrice !== null && line.perPrice < tool.perPrice && (
          <span className="block text-xs text-base-content/80">
            <s aria-hidden="true">{formatMoney(tool.perPrice)}</s>
            <span className="sr-only">(volume price; base price {formatMoney(tool.perPrice)})</span>
          </span>
        )}
      </td>
      <td data-label="Quantity" className="max-sm:col-span-full max-sm:p-0 max-sm:py-1">
        {tool ? (
          <LineStepper
            productName={name}
            value={line.quantity}
            min={tool.minQuantity}
            max={Math.max(maxOnPack, tool.minQuantity)}
            step={pack}
            onChange={(quantity) => onQuantity(line.toolId, quantity)}
            message={line.problem}
            disabled={disabled}
          />
        ) : (
          <span className="tabular-nums">{line.quantity} pieces</span>
        )}
      </td>
      <td data-label="Line total" className={`text-right font-semibold tabular-nums ${cardTable.field}`}>
        {line.totalCents === null ? '—' : formatMoney(centsToDollars(line.totalCents))}
      </td>
      <td className={cardTable.actions}>
        <button
          type="button"
          className="btn btn-sm btn-ghost text-error max-sm:btn-md max-sm:w-full"
          onClick={() => onRemove(line)}
          disabled={disabled}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Remove<span className="sr-only"> {name}</span>
        </button>
      </td>
    </tr>
  );
}
