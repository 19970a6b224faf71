import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { Field, InputField, TextareaField } from '../../../components/ui/form-field';
import { toolKindList, toolKindNames } from '../../../lib/tools';
import {
  emptyProduct,
  type ProductFormOutput,
  type ProductFormValues,
  productFormSchema,
} from '../product-form-schema';
import { ImageField } from './image-field';

type FieldName = keyof ProductFormValues;

interface ProductFormProps {
  /** The tool's current values when editing; an empty form otherwise. */
  initial?: ProductFormValues;
  submitLabel: string;
  pendingLabel: string;
  /**
   * Saves the product: `values` is the whole product, `changed` only what differs from `initial`.
   * Resolves true when saved (a new product's form then empties itself); false keeps the form.
   */
  onSubmit: (values: ProductFormOutput, changed: Partial<ProductFormOutput>) => Promise<boolean>;
  /** Why the last save failed (the server's message). */
  serverError?: string | null;
  /** Extra buttons beside the submit button (Cancel in the edit dialog). */
  actions?: ReactNode;
  /**
   * Inside a dialog: the fields scroll and the buttons stay in view below them (the dialog
   * gives the form a bounded height).
   */
  inDialog?: boolean;
}

/** Add or edit a product (spec §5: every field required; the accessible names in docs/ARCHITECTURE.md, "The web app"). */
export function ProductForm({
  initial,
  submitLabel,
  pendingLabel,
  onSubmit,
  serverError,
  actions,
  inDialog = false,
}: ProductFormProps) {
  const defaults = initial ?? emptyProduct;
  const schema = useMemo(() => productFormSchema(initial), [initial]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const [uploading, setUploading] = useState(false);
  const [nothingChanged, setNothingChanged] = useState(false);
  // A new key empties the file input after a product was added.
  const [imageKey, setImageKey] = useState(0);

  const submit = async (values: ProductFormOutput) => {
    const changed: Partial<ProductFormOutput> = {};
    for (const key of Object.keys(values) as FieldName[]) {
      if (!initial || dirtyFields[key]) Object.assign(changed, { [key]: values[key] });
    }
    if (initial && Object.keys(changed).length === 0) {
      setNothingChanged(true);
      return;
    }
    setNothingChanged(false);
    const saved = await onSubmit(values, changed);
    if (saved && !initial) {
      reset(emptyProduct);
      setImageKey((k) => k + 1);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className={inDialog ? 'flex min-h-0 flex-1 flex-col' : 'flex flex-col gap-5'}
    >
      <div className={inDialog ? 'flex min-h-0 flex-col gap-5 overflow-y-auto px-6 pt-2 pb-6' : 'contents'}>
        <InputField
          label="Product name"
          type="text"
          autoComplete="off"
          registration={register('productName')}
          error={errors.productName}
        />

        <TextareaField
          label="Description"
          rows={4}
          registration={register('description')}
          error={errors.description}
        />

        <Field label="Kind" error={errors.kind}>
          {(kindControl) => (
            // Controlled: the chosen kind of a product being edited must show from the first paint.
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <select
                  className={`select w-full ${errors.kind ? 'select-error' : ''}`}
                  {...kindControl}
                  {...field}
                >
                  <option value="">Choose a kind</option>
                  {toolKindList.map((kind) => (
                    <option key={kind} value={kind}>
                      {toolKindNames[kind].one}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </Field>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <InputField
            label="Minimum quantity"
            hint="Smallest order, in pieces"
            hintPlacement="above"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            registration={register('minQuantity')}
            error={errors.minQuantity}
          />
          <InputField
            label="Available quantity"
            hint="Pieces in stock"
            hintPlacement="above"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            registration={register('maxQuantity')}
            error={errors.maxQuantity}
          />
          <Field label="Price" hint="US dollars per piece" hintPlacement="above" error={errors.perPrice}>
            {(priceControl) => (
              <div className={`input w-full ${errors.perPrice ? 'input-error' : ''}`}>
                <span aria-hidden="true" className="text-base-content/70">
                  $
                </span>
                <input
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  className="grow"
                  {...priceControl}
                  {...register('perPrice')}
                />
              </div>
            )}
          </Field>
        </div>

        <Controller
          control={control}
          name="img"
          render={({ field, fieldState }) => (
            <ImageField
              key={imageKey}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              onUploadingChange={setUploading}
            />
          )}
        />
      </div>

      <FormAlert className={inDialog ? 'mx-6 mt-3' : ''}>{serverError}</FormAlert>
      {nothingChanged && (
        <p role="status" className={`text-base-content/80 ${inDialog ? 'mx-6 mt-3' : ''}`}>
          Nothing to change.
        </p>
      )}

      <div
        className={`flex flex-wrap items-center gap-3 ${inDialog ? 'border-t border-base-300 px-6 py-4' : ''}`}
      >
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || uploading}>
          {isSubmitting ? pendingLabel : uploading ? 'Waiting for the image…' : submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
