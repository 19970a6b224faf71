import type { StockEntry, Tool } from '@kanna/shared/catalog';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/ui/load-more';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { useStockHistory } from '../api/stock-history';
import { formatCount, formatDateTime } from '../format';

interface StockHistoryDialogProps {
  /** The tool whose history is shown, or null when the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

/** What each kind of change is called, and the order it concerns when there is one. */
function why(entry: StockEntry) {
  const order = entry.orderId ? (
    <Link to={`/dashboard/orders/${entry.orderId}`} className="link">
      {entry.orderNumber ?? 'an order'}
    </Link>
  ) : null;
  switch (entry.reason) {
    case 'initial':
      return <>Added to the shop{entry.by ? ` by ${entry.by}` : ''}</>;
    case 'order':
      return <>Taken by order {order}</>;
    case 'cancel':
      return (
        <>
          Order {order} cancelled{entry.by ? ` by ${entry.by}` : ''}
        </>
      );
    case 'expiry':
      return <>Order {order} not paid in time</>;
    case 'admin':
      return <>Stock edited{entry.by ? ` by ${entry.by}` : ''}</>;
  }
}

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n))}`;

/** Manage Product's "Stock history": every change of one tool's available quantity, newest first. */
export function StockHistoryDialog({ tool, onClose }: StockHistoryDialogProps) {
  const titleId = useId();
  const query = useStockHistory(tool?._id ?? null);
  const list = useRef<HTMLOListElement>(null);

  return (
    <Modal
      open={tool !== null}
      onClose={onClose}
      labelledBy={titleId}
      boxClassName="flex max-h-[calc(100dvh-2rem)] w-full max-w-2xl flex-col overflow-hidden p-0"
    >
      <header className="flex items-start justify-between gap-4 border-b border-base-300 p-5">
        <div>
          <h2 id={titleId} className="text-xl font-bold">
            Stock history
          </h2>
          <p className="text-base-content/80">
            {tool?.productName}: {formatCount(tool?.maxQuantity ?? 0)} available now
          </p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} data-autofocus>
          Close
        </button>
      </header>
      <div className="overflow-y-auto p-5">
        <QueryState
          query={query}
          loadingLabel="Loading the stock history"
          errorTitle="The stock history could not be loaded."
        >
          {({ items }) =>
            items.length === 0 ? (
              <p className="py-6 text-center text-base-content/80">No changes recorded yet.</p>
            ) : (
              <>
                <ol ref={list} className="divide-y divide-base-300" aria-label="Changes, newest first">
                  {items.map((entry, i) => (
                    <li
                      // Entries have no id of their own; the list only grows at its end.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      key={i}
                      data-list-item
                      tabIndex={-1}
                      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 py-3 outline-none"
                    >
                      <span className="min-w-0">{why(entry)}</span>
                      <span className="text-right font-semibold tabular-nums">
                        <span className="sr-only">Change </span>
                        {signed(entry.delta)}
                      </span>
                      <time dateTime={entry.at} className="text-sm text-base-content/80">
                        {formatDateTime(entry.at)}
                      </time>
                      <span className="text-right text-sm text-base-content/80 tabular-nums">
                        {formatCount(entry.balance)} left
                      </span>
                    </li>
                  ))}
                </ol>
                <LoadMore query={query} count={items.length} listRef={list} label="Load earlier changes" />
              </>
            )
          }
        </QueryState>
      </div>
    </Modal>
  );
}
