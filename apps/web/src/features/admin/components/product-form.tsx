import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { kindList, kindNames } from '../format';
import {
  emptyProduct,
  type ProductFormOutput,
  type ProductFormValues,
  productFormSchema,
} from '../product-form-schema';
import { ImageField } from './image-field';

type Field = keyof ProductFormValues;

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

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm font-medium text-error">
      {error.message}
    </p>
  );
}

/** Add or edit a product (spec §5: every field required; DESIGN §6 labels). */
export function ProductForm({
  initial,
  submitLabel,
  pendingLabel,
  onSubmit,
  serverError,
  actions,
  inDialog = false,
}: ProductFormProps) {
  const id = useId();
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

  const fieldId = (name: Field) => `${id}-${name}`;
  const errorId = (name: Field) => `${id}-${name}-error`;
  const hintId = (name: Field) => `${id}-${name}-hint`;
  /** aria attributes that tie an input to its hint and its error message. */
  const describe = (name: Field, hint = false) => {
    const ids = [hint ? hintId(name) : '', errors[name] ? errorId(name) : ''].filter(Boolean).join(' ');
    return { 'aria-invalid': Boolean(errors[name]), 'aria-describedby': ids || undefined };
  };

  const submit = async (values: ProductFormOutput) => {
    const changed: Partial<ProductFormOutput> = {};
    for (const key of Object.keys(values) as Field[]) {
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

  const textClass = (name: Field) => `input w-full ${errors[name] ? 'input-error' : ''}`;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className={inDialog ? 'flex min-h-0 flex-1 flex-col' : 'flex flex-col gap-5'}
    >
      <div className={inDialog ? 'flex min-h-0 flex-col gap-5 overflow-y-auto px-6 pt-2 pb-6' : 'contents'}>
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId('productName')} className="font-semibold">
            Product name
          </label>
          <input
            id={fieldId('productName')}
            type="text"
            autoComplete="off"
            className={textClass('productName')}
            {...describe('productName')}
            {...register('productName')}
          />
          <FieldMessage id={errorId('productName')} error={errors.productName} />
        </div>

        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId('description')} className="font-semibold">
            Description
          </label>
          <textarea
            id={fieldId('description')}
            rows={4}
            className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
            {...describe('description')}
            {...register('description')}
          />
          <FieldMessage id={errorId('description')} error={errors.description} />
        </div>

        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId('kind')} className="font-semibold">
            Kind
          </label>
          {/* Controlled: the chosen kind of a product being edited must show from the first paint. */}
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <select
                id={fieldId('kind')}
                className={`select w-full ${errors.kind ? 'select-error' : ''}`}
                {...describe('kind')}
                {...field}
              >
                <option value="">Choose a kind</option>
                {kindList.map((kind) => (
                  <option key={kind} value={kind}>
                    {kindNames[kind]}
                  </option>
                ))}
              </select>
            )}
          />
          <FieldMessage id={errorId('kind')} error={errors.kind} />
        </div>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={fieldId('minQuantity')} className="font-semibold">
              Minimum quantity
            </label>
            <p id={hintId('minQuantity')} className="text-sm text-base-content/80">
              Smallest order, in pieces
            </p>
            <input
              id={fieldId('minQuantity')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className={textClass('minQuantity')}
              {...describe('minQuantity', true)}
              {...register('minQuantity')}
            />
            <FieldMessage id={errorId('minQuantity')} error={errors.minQuantity} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={fieldId('maxQuantity')} className="font-semibold">
              Available quantity
            </label>
            <p id={hintId('maxQuantity')} className="text-sm text-base-content/80">
              Pieces in stock
            </p>
            <input
              id={fieldId('maxQuantity')}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className={textClass('maxQuantity')}
              {...describe('maxQuantity', true)}
              {...register('maxQuantity')}
            />
            <FieldMessage id={errorId('maxQuantity')} error={errors.maxQuantity} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={fieldId('perPrice')} className="font-semibold">
              Price
            </label>
            <p id={hintId('perPrice')} className="text-sm text-base-content/80">
              US dollars per piece
            </p>
            <div className={`input w-full ${errors.perPrice ? 'input-error' : ''}`}>
              <span aria-hidden="true" className="text-base-content/70">
                $
              </span>
              <input
                id={fieldId('perPrice')}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                className="grow"
                {...describe('perPrice', true)}
                {...register('perPrice')}
              />
            </div>
            <FieldMessage id={errorId('perPrice')} error={errors.perPrice} />
          </div>
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

      {serverError && (
        <p
          role="alert"
          className={`rounded-box border border-error/40 p-3 text-error ${inDialog ? 'mx-6 mt-3' : ''}`}
        >
          {serverError}
        </p>
      )}
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
