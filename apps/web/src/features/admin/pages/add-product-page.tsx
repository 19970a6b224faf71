import { messages } from '@kanna/shared/domain/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { notify } from '../../../lib/toast';
import { useCreateProduct } from '../api/products';
import { ProductForm } from '../components/product-form';

/** /dashboard/addProduct (admin): a new tool goes on sale, first on the home page. */
export function AddProductPage() {
  usePageMeta('Add Product', 'Put a new wooden hand tool on sale in the Kanna shop.');
  const create = useCreateProduct();
  const [added, setAdded] = useState<string | null>(null);

  return (
    <section
      aria-labelledby="add-product-heading"
      className="w-full max-w-3xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0"
    >
      <h1 id="add-product-heading" className="text-3xl font-bold">
        Add Product
      </h1>
      <p className="mt-2 text-base-content/80">
        Every field is required except the Japanese texts and the trade terms (pack size and price breaks).
        The new tool shows first on the home page as soon as it is added.
      </p>
      {added && (
        <p role="status" className="mt-4 rounded-box border border-success/40 bg-base-100 p-3">
          {added} is on sale. See it on the{' '}
          <Link to="/home" className="link link-primary">
            home page
          </Link>{' '}
          or{' '}
          <Link to="/dashboard/manageAllProducts" className="link link-primary">
            manage products
          </Link>
          .
        </p>
      )}
      <div className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        <ProductForm
          submitLabel="Add product"
          pendingLabel="Adding…"
          serverError={create.error?.message}
          serverErrors={create.error instanceof ApiError ? create.error.errors : undefined}
          onSubmit={async (values) => {
            setAdded(null);
            try {
              await create.mutateAsync(values);
            } catch {
              return false;
            }
            void notify('success', messages.productAdded);
            setAdded(values.productName);
            create.reset();
            return true;
          }}
        />
      </div>
    </section>
  );
}
