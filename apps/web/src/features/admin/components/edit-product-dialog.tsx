import type { Tool } from '@kanna/shared/catalog';
import { useEffect, useId, useMemo, useRef } from 'react';
import { notify } from '../../../lib/toast';
import { useUpdateProduct } from '../api/products';
import { toFormValues } from '../product-form-schema';
import { ProductForm } from './product-form';

interface EditProductDialogProps {
  /** The product being edited, or null when the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

/** The update icon's form (same rules as Add Product); saves only what changed (PATCH). */
export function EditProductDialog({ tool, onClose }: EditProductDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const update = useUpdateProduct();
  const initial = useMemo(() => (tool ? toFormValues(tool) : undefined), [tool]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: open and close follow the tool only
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (tool && !element.open) {
      update.reset();
      element.showModal();
    } else if (!tool && element.open) element.close();
  }, [tool]);

  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!update.isPending) onClose();
      }}
    >
      <div className="modal-box flex max-h-[calc(100dvh-2rem)] w-full max-w-2xl flex-col overflow-hidden p-0">
        <h2 id={`${id}-title`} className="px-6 pt-6 pb-2 text-xl font-bold">
          Edit {tool?.productName ?? 'product'}
        </h2>
        {tool && initial && (
          <ProductForm
            key={tool._id}
            initial={initial}
            inDialog
            submitLabel="Save changes"
            pendingLabel="Saving…"
            serverError={update.error?.message}
            onSubmit={async (_values, changed) => {
              try {
                await update.mutateAsync({ id: tool._id, changes: changed });
              } catch {
                return false;
              }
              void notify('success', `Saved ${changed.productName ?? tool.productName}`);
              onClose();
              return true;
            }}
            actions={
              <button type="button" className="btn" onClick={onClose} disabled={update.isPending}>
                Cancel
              </button>
            }
          />
        )}
      </div>
    </dialog>
  );
}
