import type { Tool } from '@kanna/shared/catalog';
import { useEffect, useId, useMemo } from 'react';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { useUpdateProduct } from '../api/products';
import { useYenRate } from '../api/yen-rate';
import { adminTexts } from '../i18n';
import { toFormValues } from '../product-form-schema';
import { ProductForm } from './product-form';

interface EditProductDialogProps {
  /** The product being edited, or null when the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

/** The update icon's form (same rules as Add Product); saves only what changed (PATCH). */
export function EditProductDialog({ tool, onClose }: EditProductDialogProps) {
  const t = useTexts(adminTexts).edit;
  const titleId = useId();
  const update = useUpdateProduct();
  const yenPerDollar = useYenRate();
  const initial = useMemo(() => (tool ? toFormValues(tool) : undefined), [tool]);
  // The available quantity the form opened with: a new one is sent as a change from it, so the
  // server keeps whatever orders reserve while the admin edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept from the opening of each product
  const loadedMaxQuantity = useMemo(() => tool?.maxQuantity, [tool?._id]);

  // Each opening starts without the error of an earlier save.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another product is opened only
  useEffect(() => {
    if (tool) update.reset();
  }, [tool?._id]);

  return (
    <Modal
      open={tool !== null}
      onClose={() => {
        if (!update.isPending) onClose();
      }}
      labelledBy={titleId}
      closeOnBackdrop={false}
      boxClassName="flex max-h-[calc(100dvh-2rem)] w-full max-w-2xl flex-col overflow-hidden p-0"
    >
      <h2 id={titleId} className="px-6 pt-6 pb-2 text-xl font-bold">
        {tool ? t.title(tool.productName) : t.product}
      </h2>
      {tool && initial && (
        <ProductForm
          key={tool._id}
          initial={initial}
          inDialog
          submitLabel={t.save}
          pendingLabel={t.saving}
          serverError={update.error?.message}
          serverErrors={update.error instanceof ApiError ? update.error.errors : undefined}
          yenPerDollar={yenPerDollar}
          onSubmit={async (_values, changed) => {
            try {
              await update.mutateAsync({
                id: tool._id,
                changes: changed.maxQuantity === undefined ? changed : { ...changed, loadedMaxQuantity },
              });
            } catch {
              return false;
            }
            void notify('success', t.saved(changed.productName ?? tool.productName));
            onClose();
            return true;
          }}
          actions={
            <button type="button" className="btn" onClick={onClose} disabled={update.isPending}>
              {t.cancel}
            </button>
          }
        />
      )}
    </Modal>
  );
}
