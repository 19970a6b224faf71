import type { PriceList, PriceListRequest } from '@kanna/shared/price-lists';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { DashboardPage, HeadedSection } from '../../../components/ui/headed-section';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { notify } from '../../../lib/toast';
import { useDeletePriceList, usePriceLists, useSavePriceList, useToolChoices } from '../api/price-lists';
import { useDeletion } from '../components/deletion';
import { PriceListForm, type PriceListFormValues } from '../components/price-list-form';
import { adminTexts } from '../i18n';

/** A list as its form starts: the rate and prices as text, each fixed price in its currency with its own breaks or scaled ones. */
const formValuesOf = (list: PriceList): PriceListFormValues => ({
  name: list.name,
  percent: String(list.percent),
  fixedPrices: list.fixedPrices.map((f) => ({
    toolId: f.toolId,
    currency: f.currency,
    price: String(f.price),
    breaks: f.volumePrices ? 'fixed' : 'scaled',
    volumePrices: (f.volumePrices ?? []).map((b) => ({
      minQuantity: String(b.minQuantity),
      perPrice: String(b.perPrice),
    })),
  })),
});

/** What is being edited: nothing, a new list, or one of them. */
type Editing = null | { list: PriceList | null };

/**
 * /dashboard/price-lists (admin): each regular customer's rate (掛率) and fixed prices; add,
 * edit and delete (asked first). Buyers get a list on the Users page.
 */
export function PriceListsPage() {
  const t = useTexts(adminTexts).priceLists;
  usePageMeta(t.title, t.description);
  const lists = usePriceLists();
  const tools = useToolChoices();
  const save = useSavePriceList();
  const remove = useDeletePriceList();
  const [editing, setEditing] = useState<Editing>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const open = (list: PriceList | null) => {
    save.reset();
    setEditing({ list });
  };
  const close = () => {
    setEditing(null);
    addButton.current?.focus();
  };

  const onSubmit = async (body: PriceListRequest) => {
    try {
      await save.mutateAsync({ id: editing?.list?.id ?? null, body });
      void notify('success', t.saved(body.name));
      close();
      return true;
    } catch {
      return false;
    }
  };

  const deletion = useDeletion(
    remove,
    (list: PriceList) => list.id,
    ({ name }) => {
      void notify('success', t.deleted(name));
      addButton.current?.focus();
    },
  );

  const saveError = save.error instanceof ApiError ? save.error : null;
  const editedList = editing?.list ?? null;
  const onSale = tools.data ?? [];
  const offSale = (editedList?.fixedPrices ?? [])
    .filter((f) => !f.onSale)
    .map((f) => ({ toolId: f.toolId, productName: f.productName }));

  return (
    <DashboardPage id="price-lists-heading" title={t.title} width="max-w-4xl">
      <p className="mt-2 mb-6 text-base-content/80">{t.lead}</p>
      {editing === null ? (
        <button ref={addButton} type="button" className="btn btn-primary mb-6" onClick={() => open(null)}>
          <Plus className="size-4" aria-hidden="true" />
          {t.add}
        </button>
      ) : (
        <HeadedSection
          id="price-list-form-heading"
          title={editedList ? t.editTitle(editedList.name) : t.newTitle}
          level={2}
          className="mb-8 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
          headingClassName="mb-4 text-xl font-semibold"
        >
          {tools.isPending ? (
            <LoadingDots label={t.toolsLoading} />
          ) : tools.isError ? (
            <ErrorMessage message={tools.error.message} onRetry={() => void tools.refetch()} />
          ) : (
            <PriceListForm
              key={editedList?.id ?? 'new'}
              {...(editedList ? { initial: formValuesOf(editedList) } : {})}
              tools={onSale}
              offSale={offSale}
              onSubmit={onSubmit}
              onCancel={close}
              serverError={save.error?.message ?? null}
              serverErrors={saveError?.errors ?? []}
            />
          )}
        </HeadedSection>
      )}
      {lists.isPending ? (
        <LoadingDots label={t.loading} />
      ) : lists.isError ? (
        <ErrorMessage
          title={t.notLoaded}
          message={lists.error.message}
          onRetry={() => void lists.refetch()}
          retrying={lists.isFetching}
        />
      ) : lists.data.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/80">
          {t.none}
        </p>
      ) : (
        <ul aria-label={t.caption} className="flex flex-col gap-4">
          {lists.data.map((list) => (
            <li key={list.id} className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 id={`price-list-${list.id}`} className="text-lg font-semibold [overflow-wrap:anywhere]">
                    {list.name}
                  </h2>
                  <p className="text-base-content/80">
                    {t.rate(list.percent)} · {t.fixedCount(list.fixedPrices.length)}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline max-sm:btn-md"
                    aria-describedby={`price-list-${list.id}`}
                    onClick={() => open(list)}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    {t.edit}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error max-sm:btn-md"
                    aria-describedby={`price-list-${list.id}`}
                    onClick={() => deletion.ask(list)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    {t.delete}
                  </button>
                </div>
              </div>
              <p className="mt-3 text-sm font-semibold">{t.buyers}</p>
              {list.buyers.length === 0 ? (
                <p className="text-sm text-base-content/80">{t.noBuyers}</p>
              ) : (
                <ul className="text-sm [overflow-wrap:anywhere]">
                  {list.buyers.map((email) => (
                    <li key={email}>{email}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        {...deletion.dialog(t)}
        title={deletion.item ? t.deleteTitle(deletion.item.name) : t.delete}
      >
        <p>{t.deleteBody(deletion.item?.buyers.length ?? 0)}</p>
      </ConfirmDialog>
    </DashboardPage>
  );
}
