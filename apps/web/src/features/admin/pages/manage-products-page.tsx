import type { Tool } from '@kanna/shared/catalog';
import { messages } from '@kanna/shared/domain/messages';
import { useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTool } from '../../../api/get-tool';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { useDeleteProduct, useProducts } from '../api/products';
import { useDeletion } from '../components/deletion';
import { EditProductDialog } from '../components/edit-product-dialog';
import { ProductsTable } from '../components/products-table';
import { StockHistoryDialog } from '../components/stock-history-dialog';
import { adminTexts } from '../i18n';

/**
 * /dashboard/manageAllProducts (admin): every product, with edit and delete.
 * `?edit={id}` opens that product's form (the overview links its low-stock tools here);
 * `?stock={id}` its stock history.
 */
export function ManageProductsPage() {
  const t = useTexts(adminTexts).products;
  const say = useSay();
  usePageMeta(t.title, t.description);
  const query = useProducts();
  const remove = useDeleteProduct();
  const [params, setParams] = useSearchParams();
  const stockId = params.get('stock');
  const historyOf = (stockId && query.data?.items.find((tool) => tool._id === stockId)) || null;
  const heading = useRef<HTMLHeadingElement>(null);

  const editId = params.get('edit');
  const listed = (editId && query.data?.items.find((tool) => tool._id === editId)) || null;
  // A product on a page not loaded yet is asked for on its own.
  const single = useTool(editId && query.isSuccess && !listed ? editId : null);
  const editing = listed ?? single.data ?? null;
  const list = useRef<HTMLDivElement>(null);

  const navigate = useNavigate();
  // Opening the form adds a history entry, so Back closes it; closing takes that entry back.
  const openedHere = useRef(false);
  const open = (key: 'edit' | 'stock', tool: Tool) => {
    openedHere.current = true;
    setParams({ [key]: tool._id });
  };
  const close = (key: 'edit' | 'stock') => {
    if (openedHere.current) {
      openedHere.current = false;
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(key);
    setParams(next, { replace: true });
  };

  const deletion = useDeletion(
    remove,
    (tool: Tool) => tool._id,
    () => {
      void notify('success', say(messages.productDeleted));
      heading.current?.focus();
    },
  );

  return (
    <section aria-labelledby="manage-heading" className="w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="manage-heading" ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
            {t.title}
          </h1>
          <p className="mt-2 text-base-content/80">{t.lead}</p>
        </div>
        <Link to="/dashboard/addProduct" className="btn btn-primary">
          {t.addProduct}
        </Link>
      </div>
      <div ref={list}>
        <QueryState query={query} loadingLabel={t.loading} errorTitle={t.notLoaded}>
          {({ items }) =>
            items.length === 0 ? (
              <p className="py-10 text-center text-base-content/80">{t.none}</p>
            ) : (
              <>
                <ProductsTable
                  tools={items}
                  onEdit={(tool) => open('edit', tool)}
                  onDelete={deletion.ask}
                  onHistory={(tool) => open('stock', tool)}
                />
                <LoadMore query={query} count={items.length} listRef={list} label={t.loadMore} />
              </>
            )
          }
        </QueryState>
      </div>
      {editId && query.isSuccess && !editing && single.isError && (
        <p role="alert" className="mt-4 text-error">
          {t.gone}
        </p>
      )}
      <EditProductDialog tool={editing} onClose={() => close('edit')} />
      <StockHistoryDialog tool={historyOf} onClose={() => close('stock')} />
      <ConfirmDialog
        {...deletion.dialog(t)}
        title={deletion.item ? t.deleteTitle(deletion.item.productName) : t.deleteProduct}
      >
        <p>{t.deleteBody}</p>
      </ConfirmDialog>
    </section>
  );
}
