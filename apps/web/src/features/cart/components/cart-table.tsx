import { type Currency, formatPriceIn, toMajor } from '@kanna/shared/domain/money';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { cartTexts } from '../i18n';
import type { CartLineView } from '../use-cart-lines';
import { LineStepper } from './line-stepper';

interface CartTableProps {
  lines: CartLineView[];
  /** What the lines' prices are in (the cart's currency). */
  currency: Currency;
  onQuantity: (toolId: string, quantity: number) => void;
  onRemove: (line: CartLineView) => void;
  disabled?: boolean;
}

/** The cart's lines as a real table (a card per line on phones): tier price, quantity, line total, remove. */
export function CartTable({ lines, currency, onQuantity, onRemove, disabled = false }: CartTableProps) {
  const t = useTexts(cartTexts);
  return (
    <CardTable
      caption={t.title}
      withActions
      columns={[t.tool, t.pricePerPiece, t.quantity, { label: t.lineTotal, align: 'right' }]}
    >
      {lines.map((line) => (
        <CartRow
          key={line.toolId}
          line={line}
          currency={currency}
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
  currency,
  onQuantity,
  onRemove,
  disabled,
}: {
  line: CartLineView;
  currency: Currency;
  onQuantity: (toolId: string, quantity: number) => void;
  onRemove: (line: CartLineView) => void;
  disabled: boolean;
}) {
  const t = useTexts(cartTexts);
  const say = useSay();
  const name = line.productName ?? t.thisTool;
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
          <span className="font-semibold">{line.loading ? t.loading : name}</span>
        )}
        {tool && pack > 1 && (
          <span className="block text-sm text-base-content/80">{t.soldInPacks(pack)}</span>
        )}
        {line.next && (
          <span className="block text-sm text-success">
            {t.orderMore(line.next.more, formatPriceIn(line.next.price, currency))}
          </span>
        )}
        {line.problem && !tool && (
          <span role="note" className="mt-1 block text-sm font-medium text-error">
            {say(line.problem)}
          </span>
        )}
        {line.loadError && (
          <span className="mt-1 block text-sm text-error">{t.notLoaded(line.loadError.message)}</span>
        )}
      </th>
      <td data-label={t.pricePerPiece} className={`tabular-nums ${cardTable.field}`}>
        {line.perPrice === null ? '—' : formatPriceIn(line.perPrice, currency)}
        {line.listPrice !== null && line.perPrice !== null && line.perPrice < line.listPrice && (
          <span className="block text-xs text-base-content/80">
            <s aria-hidden="true">{formatPriceIn(line.listPrice, currency)}</s>
            <span className="sr-only">{t.volumePrice(formatPriceIn(line.listPrice, currency))}</span>
          </span>
        )}
      </td>
      <td data-label={t.quantity} className="max-sm:col-span-full max-sm:p-0 max-sm:py-1">
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
          <span className="tabular-nums">{t.pieceCount(line.quantity)}</span>
        )}
      </td>
      <td data-label={t.lineTotal} className={`text-right font-semibold tabular-nums ${cardTable.field}`}>
        {line.totalCents === null ? '—' : formatPriceIn(toMajor(line.totalCents, currency), currency)}
      </td>
      <td className={cardTable.actions}>
        <button
          type="button"
          className="btn btn-sm btn-ghost text-error max-sm:btn-md max-sm:w-full"
          onClick={() => onRemove(line)}
          disabled={disabled}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t.remove}
          <span className="sr-only"> {name}</span>
        </button>
      </td>
    </tr>
  );
}
