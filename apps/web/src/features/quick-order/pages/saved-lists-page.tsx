import { formatMoney } from '@kanna/shared/domain/money';
import type { SavedList } from '@kanna/shared/quick-order';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { QueryState } from '../../../components/ui/query-state';
import { retryCart } from '../../../lib/cart';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useShopTime } from '../../../lib/shop-time';
import { useDeleteList, useListToCart, useSavedList, useSavedLists, useUpdateList } from '../api/saved-lists';
import { quickOrderTexts } from '../i18n';

/**
 * /lists (signed in): the buyer's saved lists (定番リスト); one opened shows its lines at today's
 * prices with each line's problem, can be renamed, its quantities changed or lines removed, and is
 * added to the cart in one step.
 */
export function SavedListsPage() {
  const t = useTexts(quickOrderTexts);
  usePageMeta(t.listsTitle, t.listsDescription);
  const lists = useSavedLists();
  const [open, setOpen] = useState<string | null>(null);
  const when = useShopTime();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.listsTitle}</h1>
        <Link to="/quickOrder" className="link">
          {t.quickOrderLink}
        </Link>
      </div>
      <p className="mt-2 text-base-content/80">{t.listsDescription}</p>
      <div className="mt-6">
        {open ? (
          <OpenList id={open} onClose={() => setOpen(null)} />
        ) : (
          <QueryState
            query={lists}
            loadingLabel={t.loadingLists}
            errorTitle={t.listsNotLoaded}
            empty={t.noLists}
          >
            {(items) => (
              <ul className="flex flex-col gap-2">
                {items.map((list) => (
                  <li
                    key={list._id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-4"
                  >
                    <div>
                      <h2 className="font-semibold">{list.name}</h2>
                      <p className="text-sm text-base-content/70">
                        {t.lines(list.lineCount)} · {t.updated(when(list.updatedAt))}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={`${t.open}: ${list.name}`}
                      onClick={() => setOpen(list._id)}
                    >
                      {t.open}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        )}
      </div>
    </div>
  );
}

function OpenList({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useTexts(quickOrderTexts);
  const list = useSavedList(id);
  return (
    <div>
      <button type="button" className="btn btn-ghost btn-sm mb-4 px-0" onClick={onClose}>
        ← {t.backToLists}
      </button>
      <QueryState query={list} loadingLabel={t.loadingList} errorTitle={t.listsNotLoaded}>
        {(data) => <ListEditor key={data.updatedAt} list={data} onDeleted={onClose} />}
      </QueryState>
    </div>
  );
}

function ListEditor({ list, onDeleted }: { list: SavedList; onDeleted: () => void }) {
  const t = useTexts(quickOrderTexts);
  const navigate = useNavigate();
  const update = useUpdateList();
  const remove = useDeleteList();
  const toCart = useListToCart();
  const [name, setName] = useState(list.name);
  const [quantities, setQuantities] = useState(() =>
    list.lines.map((l) => ({ toolId: l.toolId, quantity: String(l.quantity) })),
  );
  const [confirming, setConfirming] = useState(false);
  const nameId = useId();
  useEffect(() => setName(list.name), [list.name]);

  const lines = quantities
    .map((q) => ({ toolId: q.toolId, quantity: Number(q.quantity) }))
    .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const changed =
    name.trim() !== list.name ||
    lines.length !== list.lines.length ||
    lines.some((l, i) => list.lines[i]?.toolId !== l.toolId || list.lines[i]?.quantity !== l.quantity);
  const error = update.error ?? remove.error ?? toCart.error;

  return (
    <section aria-labelledby={`${nameId}-title`}>
      <h2 id={`${nameId}-title`} className="text-xl font-semibold">
        {list.name}
      </h2>
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate({ id: list._id, body: { name, lines } });
        }}
      >
        <label className="flex max-w-md flex-col gap-1 text-sm" htmlFor={nameId}>
          {t.listName}
          <input
            id={nameId}
            className="input input-bordered"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <ul className="flex flex-col gap-2">
          {list.lines.map((line) => {
            const at = quantities.findIndex((q) => q.toolId === line.toolId);
            if (at === -1) return null;
            return (
              <li
                key={line.toolId}
                data-testid="list-line"
                className={`flex flex-wrap items-center gap-3 rounded-box border p-3 ${line.problem ? 'border-error/60 bg-error/5' : 'border-base-300'}`}
              >
                <span className="min-w-40 flex-1 font-medium">{line.productName}</span>
                <label className="flex items-center gap-2 text-sm">
                  <span className="sr-only">{`${t.quantity}: ${line.productName}`}</span>
                  <input
                    className="input input-bordered input-sm w-24"
                    inputMode="numeric"
                    value={quantities[at]?.quantity ?? ''}
                    onChange={(e) =>
                      setQuantities((qs) =>
                        qs.map((q, i) => (i === at ? { ...q, quantity: e.target.value } : q)),
                      )
                    }
                  />
                </label>
                <span className="text-sm">
                  {formatMoney(line.perPrice)} → {formatMoney(line.totalPrice)}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={t.removeLine(line.productName)}
                  onClick={() => setQuantities((qs) => qs.filter((q) => q.toolId !== line.toolId))}
                >
                  <span aria-hidden="true">×</span>
                </button>
                {line.problem && <p className="w-full text-sm font-medium text-error">{line.problem}</p>}
              </li>
            );
          })}
        </ul>
        <p className="font-semibold">{t.todaysTotal(formatMoney(list.totalPrice))}</p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary"
            disabled={toCart.isPending || changed || list.lines.length === 0}
            onClick={() =>
              toCart.mutate(list._id, {
                onSuccess: () => {
                  retryCart();
                  navigate('/cart');
                },
              })
            }
          >
            {t.addListToCart}
          </button>
          <button
            type="submit"
            className="btn btn-outline"
            disabled={!changed || !name.trim() || update.isPending}
          >
            {t.saveChanges}
          </button>
          {confirming ? (
            <span className="flex flex-wrap items-center gap-2">
              <span>{t.confirmDelete(list.name)}</span>
              <button
                type="button"
                className="btn btn-error btn-sm"
                onClick={() => remove.mutate(list._id, { onSuccess: onDeleted })}
              >
                {t.deleteList}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)}>
                {t.cancel}
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)}>
              {t.deleteList}
            </button>
          )}
        </div>
        {error && <FormAlert>{error.message}</FormAlert>}
      </form>
    </section>
  );
}
