import { zodResolver } from '@hookform/resolvers/zod';
import type { Tool } from '@kanna/shared/catalog';
import { dollarsField } from '@kanna/shared/catalog';
import { issueOf, says, told } from '@kanna/shared/domain/messages';
import { formatMoney } from '@kanna/shared/domain/money';
import { MAX_FIXED_PRICES, MAX_PERCENT_BP, MIN_PERCENT_BP } from '@kanna/shared/domain/price-lists';
import { toolName } from '@kanna/shared/domain/tool-texts';
import { type PriceListRequest, priceListName, priceListPercent } from '@kanna/shared/price-lists';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form-alert';
import { Field, InputField } from '../../../components/ui/form-field';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { adminTexts } from '../i18n';

/** The form as typed: every number as text, checked by the shared rules when sent. */
export type PriceListFormValues = {
  name: string;
  percent: string;
  fixedPrices: { toolId: string; price: string }[];
};

const emptyPriceList: PriceListFormValues = { name: '', percent: '', fixedPrices: [] };

/** A number typed as text: empty is missing (the rule's own message), else the number it says. */
const typedNumber = (missing: ReturnType<typeof told>) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .transform((v) => Number(v.replace(',', '.')));

/**
 * The form's check: the contract's rules for the name, the rate and each price (the server
 * asks the same), a tool chosen for each fixed price, and each tool once.
 */
const priceListFormSchema = z.object({
  name: priceListName,
  percent: typedNumber(told(says.priceListPercentInvalid(MIN_PERCENT_BP / 100, MAX_PERCENT_BP / 100))).pipe(
    priceListPercent,
  ),
  fixedPrices: z
    .array(
      z.object({
        toolId: z.string().min(1, told(says.priceListToolRequired)),
        price: typedNumber(told(says.priceNotNumber)).pipe(dollarsField),
      }),
    )
    .max(MAX_FIXED_PRICES, told(says.priceListTooManyPrices(MAX_FIXED_PRICES)))
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (row.toolId && seen.has(row.toolId))
          ctx.addIssue({ code: 'custom', path: [i, 'toolId'], ...issueOf(says.priceListPriceTwice) });
        seen.add(row.toolId);
      });
    }),
});
type PriceListFormOutput = z.output<typeof priceListFormSchema>;

interface PriceListFormProps {
  /** The list's values when editing; an empty form otherwise. */
  initial?: PriceListFormValues;
  /** The tools a fixed price may be for (on sale), and those the list already names (off sale too). */
  tools: readonly Pick<Tool, '_id' | 'productName' | 'productNameJa' | 'perPrice'>[];
  offSale?: readonly { toolId: string; productName: string }[];
  /** Saves the list: resolves true when saved. */
  onSubmit: (body: PriceListRequest) => Promise<boolean>;
  onCancel: () => void;
  /** Why the last save failed, and the server's problems by field (`fixedPrices.0.price`). */
  serverError?: string | null;
  serverErrors?: readonly { path: string; message: string }[];
}

/** Add or edit a price list: its name, its rate, and fixed prices for tools picked from the catalogue. */
export function PriceListForm({
  initial,
  tools,
  offSale = [],
  onSubmit,
  onCancel,
  serverError,
  serverErrors,
}: PriceListFormProps) {
  const t = useTexts(adminTexts).priceLists;
  const language = useLanguage();
  const say = useSay();
  const formId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PriceListFormValues, unknown, PriceListFormOutput>({
    resolver: zodResolver(priceListFormSchema),
    defaultValues: initial ?? emptyPriceList,
  });
  const rows = useFieldArray({ control, name: 'fixedPrices' });
  const chosen = watch('fixedPrices');

  // The server's problems at their fields (the tool off sale, a name another list has).
  useEffect(() => {
    for (const { path, message } of serverErrors ?? []) {
      const name = /^(name|percent|fixedPrices\.\d+\.(toolId|price))$/.test(path) ? path : null;
      if (name) setError(name as FieldPath<PriceListFormValues>, { type: 'server', message });
    }
  }, [serverErrors, setError]);

  const submit = handleSubmit(async (values) => {
    await onSubmit({
      name: values.name,
      percent: values.percent,
      fixedPrices: values.fixedPrices.map((f) => ({
        toolId: f.toolId,
        currency: 'USD' as const,
        price: f.price,
      })),
    });
  });

  const listPriceOf = (id: string) => tools.find((tool) => tool._id === id)?.perPrice;

  return (
    <form noValidate onSubmit={submit} aria-describedby={serverError ? `${formId}-error` : undefined}>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t.name}
          required
          hint={t.nameHint}
          autoComplete="off"
          error={errors.name}
          registration={register('name')}
        />
        <InputField
          label={t.percent}
          required
          hint={t.percentHint}
          inputMode="decimal"
          autoComplete="off"
          error={errors.percent}
          registration={register('percent')}
        />
      </div>
      <fieldset className="mt-6">
        <legend className="font-semibold">{t.fixedPrices}</legend>
        <p className="mb-3 text-sm text-base-content/80">{t.fixedHint}</p>
        <ul className="flex flex-col gap-3">
          {rows.fields.map((row, i) => {
            const listPrice = listPriceOf(chosen[i]?.toolId ?? '');
            return (
              <li
                key={row.id}
                className="grid items-start gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[2fr_1fr_auto]"
              >
                <Field label={t.tool} required error={errors.fixedPrices?.[i]?.toolId}>
                  {(field) => (
                    <select
                      className={`select w-full ${errors.fixedPrices?.[i]?.toolId ? 'select-error' : ''}`}
                      {...field}
                      {...register(`fixedPrices.${i}.toolId`)}
                    >
                      <option value="">{t.chooseTool}</option>
                      {tools.map((tool) => (
                        <option key={tool._id} value={tool._id}>
                          {toolName(tool, language)}
                        </option>
                      ))}
                      {offSale.map((tool) => (
                        <option key={tool.toolId} value={tool.toolId}>
                          {t.offSale(tool.productName)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <InputField
                  label={t.price}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  hint={listPrice === undefined ? undefined : t.listPriceWas(formatMoney(listPrice))}
                  error={errors.fixedPrices?.[i]?.price}
                  registration={register(`fixedPrices.${i}.price`)}
                />
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm max-sm:btn-md sm:mt-8"
                  onClick={() => rows.remove(i)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t.removeFixed}
                  <span className="sr-only">{t.removeFixedOf(i + 1)}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {errors.fixedPrices?.message && (
          <p className="mt-2 text-sm font-medium text-error">{say(errors.fixedPrices.message)}</p>
        )}
        <button
          type="button"
          className="btn btn-outline btn-sm mt-3 max-sm:btn-md"
          onClick={() => rows.append({ toolId: '', price: '' })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t.addFixed}
        </button>
      </fieldset>
      {serverError && (
        <div id={`${formId}-error`} className="mt-4">
          <FormAlert>{serverError}</FormAlert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t.saving : t.save}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
