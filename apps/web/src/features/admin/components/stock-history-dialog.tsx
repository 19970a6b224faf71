import type { StockEntry, Tool } from '@kanna/shared/catalog';
import type { Translation } from '@kanna/shared/domain/translation';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/ui/load-more';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useShopTime } from '../../../lib/shop-time';
import { useStockHistory } from '../api/stock-history';
import { formatCount } from '../format';
import { adminTexts } from '../i18n';
import type en from '../i18n/en';

interface StockHistoryDialogProps {
  /** The tool whose history is shown, or null when the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

/** What each kind of change is called, and the order it concerns when there is one. */
function why(entry: StockEntry, t: Translation<typeof en>['stock']) {
  const order = entry.orderId ? (
    <Link to={`/dashboard/orders/${entry.orderId}`} className="link">
      {entry.orderNumber ?? t.anOrder}
    </Link>
  ) : null;
  const by = entry.by ?? null;
  switch (entry.reason) {
    case 'initial':
      return <>{t.added(by)}</>;
    case 'order':
      return (
        <>
          {t.takenStart}
          {order}
          {t.takenEnd}
        </>
      );
    case 'cancel':
      return (
        <>
          {t.cancelledStart}
          {order}
          {t.cancelledEnd(by)}
        </>
      );
    case 'expiry':
      return (
        <>
          {t.expiredStart}
          {order}
          {t.expiredEnd}
        </>
      );
    case 'admin':
      return <>{t.edited(by)}</>;
    case 'quote':
      return <>{entry.delta < 0 ? t.heldByQuote : t.releasedByQuote}</>;
  }
}

/** Manage Product's "Stock history": every change of one tool's available quantity, newest first. */
export function StockHistoryDialog({ tool, onClose }: StockHistoryDialogProps) {
  const t = useTexts(adminTexts).stock;
  const language = useLanguage();
  const when = useShopTime();
  const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n), language)}`;
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
            {t.title}
          </h2>
          <p className="text-base-content/80">
            {t.availableNow(tool?.productName ?? '', tool?.maxQuantity ?? 0)}
          </p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} data-autofocus>
          {t.close}
        </button>
      </header>
      <div className="overflow-y-auto p-5">
        <QueryState query={query} loadingLabel={t.loading} errorTitle={t.notLoaded}>
          {({ items }) =>
            items.length === 0 ? (
              <p className="py-6 text-center text-base-content/80">{t.none}</p>
            ) : (
              <>
                <ol ref={list} className="divide-y divide-base-300" aria-label={t.changes}>
                  {items.map((entry, i) => (
                    <li
                      // Entries have no id of their own; the list only grows at its end.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      key={i}
                      data-list-item
                      tabIndex={-1}
                      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 py-3 outline-none"
                    >
                      <span className="min-w-0">{why(entry, t)}</span>
                      <span className="text-right font-semibold tabular-nums">
                        <span className="sr-only">{t.change}</span>
                        {signed(entry.delta)}
                      </span>
                      <time dateTime={entry.at} className="text-sm text-base-content/80">
                        {when(entry.at)}
                      </time>
                      <span className="text-right text-sm text-base-content/80 tabular-nums">
                        {t.left(entry.balance)}
                      </span>
                    </li>
                  ))}
                </ol>
                <LoadMore query={query} count={items.length} listRef={list} label={t.loadEarlier} />
              </>
            )
          }
        </QueryState>
      </div>
    </Modal>
  );
}
