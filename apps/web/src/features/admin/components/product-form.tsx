import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  Controller,
  type FieldError,
  type FieldPath,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, Field, InputField, TextareaField } from '../../../components/ui/form-field';
import { useTexts } from '../../../lib/i18n';
import { toolKindList } from '../../../lib/tools';
import { adminTexts } from '../i18n';
import {
  emptyProduct,
  type ProductChanges,
  type ProductFormOutput,
  type ProductFormValues,
  productFormSchema,
} from '../product-form-schema';
import { DerivedYen } from './derived-yen';
import { ImageField } from './image-field';
import { PriceBreaks } from './price-breaks';

type FieldName = keyof ProductFormValues;

/** The fields compared as numbers below rather than by whether they were touched. */
const termKeys = new Set<FieldName>(['packSize', 'volumePrices', 'perPriceYen', 'volumePricesYen']);

/** Whether the breaks as typed at first differ from the ones to save. */
const breaksDiffer = (
  before: ProductFormValues['volumePrices'],
  after: readonly { minQuantity: number; perPrice: number }[],
) =>
  JSON.stringify(before.map((b) => [Number(b.minQuantity), Number(b.perPrice)])) !==
  JSON.stringify(after.map((b) => [b.minQuantity, b.perPrice]));

interface ProductFormProps {
  /** The tool's current values when editing; an empty form otherwise. */
  initial?: ProductFormValues;
  submitLabel: string;
  pendingLabel: string;
  /**
   * Saves the product: `values` is the whole product, `changed` only what differs from `initial`.
   * Resolves true when saved (a new product's form then empties itself); false keeps the form.
   */
  onSubmit: (values: ProductFormOutput, changed: ProductChanges) => Promise<boolean>;
  /** Why the last save failed (the server's message). */
  serverError?: string | null;
  /** The server's problems by field (`volumePrices.1.perPrice`), shown at their fields. */
  serverErrors?: readonly { path: string; message: string }[];
  /** Extra buttons beside the submit button (Cancel in the edit dialog). */
  actions?: ReactNode;
  /**
   * Inside a dialog: the fields scroll and the buttons stay in view below them (the dialog
   * gives the form a bounded height).
   */
  inDialog?: boolean;
  /**
   * The shop's yen per dollar, from which yen prices not set are derived (shown as hints); null:
   * none set; undefined: not known yet.
   */
  yenPerDollar?: number | null | undefined;
}

/** Add or edit a product (spec §5: every field required; the accessible names in docs/web.md, "The web app"). */
export function ProductForm({
  initial,
  submitLabel,
  pendingLabel,
  onSubmit,
  serverError,
  serverErrors,
  actions,
  inDialog = false,
  yenPerDollar,
}: ProductFormProps) {
  const texts = useTexts(adminTexts);
  const t = texts.form;
  const defaults = initial ?? emptyProduct;
  const schema = useMemo(() => productFormSchema(initial, t.required), [initial, t.required]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const bound = bindFields(register, errors);

  // The server refused some fields (its own check of the trade terms after merging an edit): show each at its field.
  useEffect(() => {
    for (const { path, message } of serverErrors ?? []) {
      const name = (
        path in defaults || /^volumePrices(Yen)?\.\d+\.(minQuantity|perPrice)$/.test(path) ? path : null
      ) as FieldPath<ProductFormValues> | null;
      if (name) setError(name, { type: 'server', message }, { shouldFocus: false });
    }
  }, [serverErrors, setError, defaults]);
  const [uploading, setUploading] = useState(false);
  const [nothingChanged, setNothingChanged] = useState(false);
  // A new key empties the file input after a product was added.
  const [imageKey, setImageKey] = useState(0);

  const submit = async (values: ProductFormOutput) => {
    const changed: ProductChanges = {};
    for (const key of Object.keys(values) as FieldName[]) {
      if (termKeys.has(key)) continue;
      if (!initial || dirtyFields[key]) Object.assign(changed, { [key]: values[key] });
      // A product code emptied on an edit is cleared (null); a new product without one sends none.
      if (initial && (key === 'sku' || key === 'jan') && dirtyFields[key] && values[key] === undefined)
        changed[key] = null;
    }
    // Trade terms and yen prices: a new product sends them when set; an edit sends them when they
    // differ, so emptying them (a pack of 1, no breaks, no yen price: derived again) is sent too.
    const packSize = values.packSize ?? 1;
    const volumePrices = values.volumePrices ?? [];
    if (!initial) {
      if (values.packSize !== undefined) changed.packSize = packSize;
      if (values.volumePrices !== undefined) changed.volumePrices = volumePrices;
      if (values.perPriceYen != null) changed.perPriceYen = values.perPriceYen;
      if (values.volumePricesYen !== undefined) changed.volumePricesYen = values.volumePricesYen;
    } else {
      const before = productFormSchema().shape.packSize.safeParse(initial.packSize).data ?? 1;
      if (packSize !== before) changed.packSize = packSize;
      if (breaksDiffer(initial.volumePrices, volumePrices)) changed.volumePrices = volumePrices;
      const yenBefore = initial.perPriceYen.trim() === '' ? null : Number(initial.perPriceYen);
      const yen = values.perPriceYen ?? null;
      if (yen !== yenBefore) changed.perPriceYen = yen;
      if (breaksDiffer(initial.volumePricesYen, values.volumePricesYen ?? []))
        changed.volumePricesYen = values.volumePricesYen ?? null;
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
        <InputField label={t.productName} type="text" autoComplete="off" {...bound('productName')} />

        <TextareaField label={t.description} rows={4} {...bound('description')} />

        <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
          <legend className="px-1 font-semibold">{t.inJapanese}</legend>
          <p className="-mt-1 text-sm text-base-content/80">{t.inJapaneseHint}</p>
          <InputField label={t.nameJa} type="text" lang="ja" autoComplete="off" {...bound('productNameJa')} />
          <TextareaField label={t.descriptionJa} lang="ja" rows={4} {...bound('descriptionJa')} />
        </fieldset>

        <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
          <legend className="px-1 font-semibold">{t.codes}</legend>
          <p className="-mt-1 text-sm text-base-content/80">{t.codesHint}</p>
          <InputField label={t.sku} type="text" autoComplete="off" spellCheck={false} {...bound('sku')} />
          <InputField label={t.jan} type="text" inputMode="numeric" autoComplete="off" {...bound('jan')} />
        </fieldset>

        <Field label={t.kind} error={errors.kind}>
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
                  <option value="">{t.chooseKind}</option>
                  {toolKindList.map((kind) => (
                    <option key={kind} value={kind}>
                      {texts.kinds[kind]}
                    </option>
                  ))}
                </select>
              )}
            />
          )}
        </Field>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <InputField
            label={t.minQuantity}
            hint={t.minQuantityHint}
            hintPlacement="above"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            {...bound('minQuantity')}
          />
          <InputField
            label={t.maxQuantity}
            hint={t.maxQuantityHint}
            hintPlacement="above"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            {...bound('maxQuantity')}
          />
          <PriceField
            label={t.price}
            hint={t.priceHint}
            hintPlacement="above"
            symbol="$"
            inputMode="decimal"
            {...bound('perPrice')}
          />
        </div>

        <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
          <legend className="px-1 font-semibold">{t.tradeTerms}</legend>
          <InputField
            label={t.packSize}
            hint={t.packSizeHint}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="1"
            {...bound('packSize')}
          />
          <PriceBreaks currency="USD" control={control} register={register} errors={errors} />
        </fieldset>

        <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
          <legend className="px-1 font-semibold">{t.yenPrices}</legend>
          <p className="-mt-1 text-sm text-base-content/80">{t.yenPricesHint}</p>
          <PriceField
            label={t.yenPrice}
            hint={t.yenPriceHint}
            symbol="¥"
            inputMode="numeric"
            className="sm:max-w-xs"
            {...bound('perPriceYen')}
          />
          <DerivedYen control={control} yenPerDollar={yenPerDollar} />
          <PriceBreaks currency="JPY" control={control} register={register} errors={errors} />
        </fieldset>

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
          {t.nothingChanged}
        </p>
      )}

      <div
        className={`flex flex-wrap items-center gap-3 ${inDialog ? 'border-t border-base-300 px-6 py-4' : ''}`}
      >
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || uploading}>
          {isSubmitting ? pendingLabel : uploading ? t.waitingForImage : submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}

/** A price typed as text after its currency's sign ('$', '¥'). */
function PriceField({
  symbol,
  inputMode,
  className = '',
  registration,
  ...field
}: {
  label: string;
  hint: string;
  hintPlacement?: 'above';
  symbol: string;
  inputMode: 'numeric' | 'decimal';
  className?: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field {...field}>
      {(control) => (
        <div className={`input w-full ${className} ${field.error ? 'input-error' : ''}`}>
          <span aria-hidden="true" className="text-base-content/70">
            {symbol}
          </span>
          <input
            type="text"
            inputMode={inputMode}
            autoComplete="off"
            className="grow"
            {...control}
            {...registration}
          />
        </div>
      )}
    </Field>
  );
}
