import type { ReactNode } from 'react';
import { useTexts } from '../../lib/i18n';
import { pieceTexts } from './i18n';

/** Classes of the parts `CardTable` draws itself. */
const frame = {
  /** The box around the table: scrolls sideways inside itself if a wide table needs it. */
  wrapper: 'sm:overflow-x-auto sm:rounded-box sm:border sm:border-base-300 sm:bg-base-100',
  table: 'table max-sm:block',
  thead: 'text-base-content max-sm:sr-only',
  tbody: 'max-sm:flex max-sm:flex-col max-sm:gap-3',
};

/** Classes for the rows and cells of a `CardTable`. Give every value cell a `data-label`. */
export const cardTable = {
  row: 'max-sm:grid max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:bg-base-100 max-sm:p-4',
  /** The row's <th>: the card's title. */
  title: 'max-sm:p-0 max-sm:pb-1',
  /** A value cell: on phones "Label ……… value" across the card. */
  field:
    'max-sm:col-span-full max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-4 max-sm:p-0 max-sm:py-0.5 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]',
  /** A long value cell (an e-mail address): on phones the label above the value, the value may wrap anywhere. */
  fieldStacked:
    'max-sm:col-span-full max-sm:flex max-sm:flex-col max-sm:p-0 max-sm:py-0.5 max-sm:[overflow-wrap:anywhere] max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]',
  /** The buttons' cell; on phones it takes no room when a row has no buttons. */
  actions: 'max-sm:col-span-full max-sm:p-0 max-sm:pt-2 max-sm:empty:hidden',
};

/** A column's name, or a column of numbers whose name is set right as its values are. */
type CardTableColumn = string | { label: string; align: 'right' };

interface CardTableProps {
  /** The table's name, for screen readers ("All users, newest first"). */
  caption: string;
  /** The header cells' names, in order; a column of numbers is set right (`{ label, align: 'right' }`). */
  columns: readonly CardTableColumn[];
  /** Adds the last, unnamed-on-screen 'Actions' column for the rows' buttons. */
  withActions?: boolean;
  /** The rows: each <tr> with `cardTable.row`, its <th scope="row"> with `cardTable.title`. */
  children: ReactNode;
}

/**
 * A data table that is an ordinary table from the `sm` width up; on phones each row becomes a
 * card (the header row kept for screen readers only, the row's <th> as the card's title, each
 * value after its `data-label`), so nothing hides off the right edge of a 390 px screen.
 */
export function CardTable({ caption, columns, withActions = false, children }: CardTableProps) {
  const t = useTexts(pieceTexts);
  return (
    <div className={frame.wrapper}>
      <table className={frame.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={frame.thead}>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="text-right">
                  {column.label}
                </th>
              ),
            )}
            {withActions && (
              <th scope="col">
                <span className="sr-only">{t.actions}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className={frame.tbody}>{children}</tbody>
      </table>
    </div>
  );
}
