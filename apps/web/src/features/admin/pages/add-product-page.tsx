import { messages } from '@kanna/shared/domain/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { DashboardPage } from '../../../components/ui/headed-section';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { useCreateProduct } from '../api/products';
import { useYenRate } from '../api/yen-rate';
import { ProductForm } from '../components/product-form';
import { adminTexts } from '../i18n';

/** /dashboard/addProduct (admin): a new tool goes on sale, first on the home page. */
export function AddProductPage() {
  const t = useTexts(adminTexts).add;
  const say = useSay();
  usePageMeta(t.title, t.description);
  const create = useCreateProduct();
  const yenPerDollar = useYenRate();
  const [added, setAdded] = useState<string | null>(null);

  return (
    <DashboardPage id="add-product-heading" title={t.title} width="max-w-3xl">
      <p className="mt-2 text-base-content/80">{t.lead}</p>
      {added && (
        <p role="status" className="mt-4 rounded-box border border-success/40 bg-base-100 p-3">
          {t.onSale(added)}
          <Link to="/home" className="link link-primary">
            {t.homePage}
          </Link>
          {t.or}
          <Link to="/dashboard/manageAllProducts" className="link link-primary">
            {t.manageProducts}
          </Link>
          {t.onSaleEnd}
        </p>
      )}
      <div className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        <ProductForm
          submitLabel={t.submit}
          pendingLabel={t.adding}
          serverError={create.error?.message}
          serverErrors={create.error instanceof ApiError ? create.error.errors : undefined}
          yenPerDollar={yenPerDollar}
          onSubmit={async (values) => {
            setAdded(null);
            try {
              await create.mutateAsync(values);
            } catch {
              return false;
            }
            void notify('success', say(messages.productAdded));
            setAdded(values.productName);
            create.reset();
            return true;
          }}
        />
      </div>
    </DashboardPage>
  );
}
