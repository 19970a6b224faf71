import type { Tool } from '@kanna/shared/catalog';
import { formatAmount } from '@kanna/shared/domain/money';
import { History, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { isSoldOut } from '../../../lib/tools';
import { formatCount } from '../format';
import { adminTexts } from '../i18n';

interface ProductsTableProps {
  tools: Tool[];
  onEdit: (tool: Tool) => void;
  onDelete: (tool: Tool) => void;
  onHistory: (tool: Tool) => void;
}

/** Spec §2 manageAllProducts: the products with an update icon and a delete action. */
export function ProductsTable({ tools, onEdit, onDelete, onHistory }: ProductsTableProps) {
  const texts = useTexts(adminTexts);
  const t = texts.products;
  const language = useLanguage();
  return (
    <CardTable
      caption={t.caption}
      withActions
      columns={[
        t.picture,
        t.name,
        { label: t.price, align: 'right' },
        { label: texts.minimum, align: 'right' },
        { label: texts.available, align: 'right' },
      ]}
    >
      {tools.map((tool) => {
        const soldOut = isSoldOut(tool);
        return (
          <tr key={tool._id} data-list-item className={`max-sm:grid-cols-[4rem_1fr_auto] ${cardTable.row}`}>
            <td className="max-sm:p-0">
              <img
                src={tool.img}
                srcSet={tool.srcset}
                sizes="64px"
                alt=""
                width={64}
                height={48}
                loading="lazy"
                decoding="async"
                className="h-12 w-16 rounded-field bg-base-200 object-cover"
              />
            </td>
            <th scope="row" className={`font-semibold sm:min-w-44 ${cardTable.title}`}>
              {tool.productName}
              <span className="block text-sm font-normal text-base-content/80">{texts.kinds[tool.kind]}</span>
            </th>
            <td
              data-label={t.price}
              className={`text-right whitespace-nowrap tabular-nums ${cardTable.field}`}
            >
              {formatAmount(tool.perPrice)}
            </td>
            <td data-label={texts.minimum} className={`text-right tabular-nums ${cardTable.field}`}>
              {formatCount(tool.minQuantity, language)}
            </td>
            <td
              data-label={texts.available}
              className={`text-right whitespace-nowrap tabular-nums ${cardTable.field}`}
            >
              <span>
                {formatCount(tool.maxQuantity, language)}
                {soldOut && <span className="badge badge-sm badge-warning ml-2">{texts.soldOut}</span>}
              </span>
            </td>
            <td className="max-sm:col-start-3 max-sm:row-start-1 max-sm:self-start max-sm:p-0">
              <div className="flex justify-end gap-1">
                <RowAction label={t.editOf(tool.productName)} title={t.edit} onClick={() => onEdit(tool)}>
                  <Pencil aria-hidden="true" className="size-4" />
                </RowAction>
                <RowAction
                  label={t.historyOf(tool.productName)}
                  title={t.history}
                  onClick={() => onHistory(tool)}
                >
                  <History aria-hidden="true" className="size-4" />
                </RowAction>
                <RowAction
                  label={t.deleteOf(tool.productName)}
                  title={t.delete}
                  onClick={() => onDelete(tool)}
                  className="text-error"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </RowAction>
              </div>
            </td>
          </tr>
        );
      })}
    </CardTable>
  );
}

/** A row's small square icon button, named for screen readers by `label` and on hover by `title`. */
function RowAction({
  label,
  title,
  onClick,
  className = '',
  children,
}: {
  label: string;
  title: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-square btn-ghost btn-sm max-sm:size-11 ${className}`}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
