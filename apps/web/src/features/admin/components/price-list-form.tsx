import { zodResolver } from '@hookform/resolvers/zod';
import type { Tool } from '@kanna/shared/catalog';
import { dollarsField, volumePricesField } from '@kanna/shared/catalog';
import { issueOf, says, told } from '@kanna/shared/domain/messages';
import { formatPriceIn, toMinor } from '@kanna/shared/domain/money';
import { tradeTermsProblemsSaid } from '@kanna/shared/domain/orders';
import {
  MAX_FIXED_PRICES,
  MAX_PERCENT_BP,
  MIN_PERCENT_BP,
  type PriceListCurrency,
  priceListCurrencies,
  scaledPrice,
} from '@kanna/shared/domain/price-lists';
import { toolName } from '@kanna/shared/domain/tool-texts';
import { type PriceListRequest, priceListName, priceListPercent } from '@kanna/shared/price-lists';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, Field, InputField } from '../../../components/ui/form-field';
import { SaveOrCancel } from '../../../components/ui/save-or-cancel';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { adminTexts } from '../i18n';
import { AddBreak, BreakInput } from './price-breaks';

/** A fixed price's volume prices: the tool's scaled to it, or the list's own. */
type BreaksKind = 'scaled' | 'fixed';

/** The form as typed: every number as text, checked by the shared rules when sent. */
export type PriceListFormValues = {
  name: string;
  percent: string;
  fixedPrices: {
    toolId: string;
    currency: PriceListCurrency;
    price: string;
    breaks: BreaksKind;
    /** Its own breaks when `breaks` is `fixed` (none kept while scaled). */
    volumePrices: { minQuantity: string; perPrice: string }[];
  }[];
};

const emptyPriceList: PriceListFormValues = { name: '', percent: '', fixedPrices: [] };

/** What the form needs of a tool: its names, list prices and the terms its breaks are checked against. */
export type PriceListTool = Pick<
  Tool,
  '_id' | 'productName' | 'productNameJa' | 'perPrice' | 'minQuantity' | 'packSize' | 'volumePrices' | 'yen'
>;

/** A number typed as text: empty is missing (the rule's own message), else the number it says. */
const typedNumber = (missing: ReturnType<typeof told>) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .transform((v) => Number(v.replace(',', '.')));

/** A tool's list price and breaks in `currency` (major units); none for yen in a shop without yen. */
function listPricesIn(tool: PriceListTool | undefined, currency: PriceListCurrency) {
  if (!tool) return undefined;
  if (currency === 'USD') return { price: tool.perPrice, breaks: tool.volumePrices };
  return tool.yen ? { price: tool.yen.perPrice, breaks: tool.yen.volumePrices } : undefined;
}

/**
 * The form's check: the contract's rules for the name, the rate, each price and each of its own
 * breaks (the server asks the same), a tool chosen for each fixed price, each tool once per
 * currency, yen in whole yen, and own breaks judged by the tool form's rule against the tool's
 * minimum and pack size (above the minimum, increasing, each cheaper, at most five).
 */
const priceListFormSchema = (tools: readonly PriceListTool[]) =>
  z.object({
    name: priceListName,
    percent: typedNumber(told(says.priceListPercentInvalid(MIN_PERCENT_BP / 100, MAX_PERCENT_BP / 100))).pipe(
      priceListPercent,
    ),
    fixedPrices: z
      .array(
        z.object({
          toolId: z.string().min(1, told(says.priceListToolRequired)),
          currency: z.enum(priceListCurrencies, told(says.priceListCurrencyUnknown)),
          price: typedNumber(told(says.priceNotNumber)).pipe(dollarsField),
          breaks: z.enum(['scaled', 'fixed']),
          volumePrices: z
            .array(
              z.object({
                minQuantity: typedNumber(told(says.wholeNumberOf('Break quantity'))),
                perPrice: typedNumber(told(says.priceNotNumber)),
              }),
            )
            .pipe(volumePricesField),
        }),
      )
      .max(MAX_FIXED_PRICES, told(says.priceListTooManyPrices(MAX_FIXED_PRICES)))
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((row, i) => {
          const key = `${row.currency}:${row.toolId}`;
          if (row.toolId && seen.has(key))
            ctx.addIssue({ code: 'custom', path: [i, 'toolId'], ...issueOf(says.priceListPriceTwice) });
          seen.add(key);
          const own = row.breaks === 'fixed' ? row.volumePrices : [];
          if (row.currency === 'JPY') {
            if (!Number.isInteger(row.price))
              ctx.addIssue({ code: 'custom', path: [i, 'price'], ...issueOf(says.priceListYenWhole) });
            own.forEach((b, j) => {
              if (!Number.isInteger(b.perPrice))
                ctx.addIssue({
                  code: 'custom',
                  path: [i, 'volumePrices', j, 'perPrice'],
                  ...issueOf(says.priceListYenWhole),
                });
            });
          }
          const tool = tools.find((t) => t._id === row.toolId);
          if (!tool || row.breaks !== 'fixed') return;
          const problems = tradeTermsProblemsSaid({
            minQuantity: tool.minQuantity,
            packSize: tool.packSize,
            price: toMinor(row.price, row.currency),
            breaks: own.map((b) => ({
              minQuantity: b.minQuantity,
              price: toMinor(b.perPrice, row.currency),
            })),
          });
          for (const { path, said } of problems) {
            // Only the breaks' problems are this form's (the tool's own terms are the tool's).
            if (!path.startsWith('volumePrices')) continue;
            const at = path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
            ctx.addIssue({ code: 'custom', path: [i, ...at], ...issueOf(said) });
          }
        });
      }),
  });
type PriceListFormOutput = z.output<ReturnType<typeof priceListFormSchema>>;

interface PriceListFormProps {
  /** The list's values when editing; an empty form otherwise. */
  initial?: PriceListFormValues;
  /** The tools a fixed price may be for (on sale), and those the list already names (off sale too). */
  tools: readonly PriceListTool[];
  offSale?: readonly { toolId: string; productName: string }[];
  /** Saves the list: resolves true when saved. */
  onSubmit: (body: PriceListRequest) => Promise<boolean>;
  onCancel: () => void;
  /** Why the last save failed, and the server's problems by field (`fixedPrices.0.volumePrices.1.perPrice`). */
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
  const schema = useMemo(() => priceListFormSchema(tools), [tools]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PriceListFormValues, unknown, PriceListFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? emptyPriceList,
  });
  const bound = bindFields(register, errors);
  const rows = useFieldArray({ control, name: 'fixedPrices' });
  const chosen = watch('fixedPrices');

  // The server's problems at their fields (the tool off sale, a name another list has).
  useEffect(() => {
    for (const { path, message } of serverErrors ?? []) {
      const name =
        /^(name|percent|fixedPrices\.\d+\.(toolId|currency|price|volumePrices(\.\d+\.(minQuantity|perPrice))?))$/.test(
          path,
        )
          ? path
          : null;
      if (name) setError(name as FieldPath<PriceListFormValues>, { type: 'server', message });
    }
  }, [serverErrors, setError]);

  const submit = handleSubmit(async (values) => {
    await onSubmit({
      name: values.name,
      percent: values.percent,
      fixedPrices: values.fixedPrices.map((f) => ({
        toolId: f.toolId,
        currency: f.currency,
        price: f.price,
        volumePrices: f.breaks === 'fixed' ? f.volumePrices : null,
      })),
    });
  });

  const toolOf = (id: string) => tools.find((tool) => tool._id === id);

  return (
    <form noValidate onSubmit={submit} aria-describedby={serverError ? `${formId}-error` : undefined}>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={t.name} required hint={t.nameHint} autoComplete="off" {...bound('name')} />
        <InputField
          label={t.percent}
          required
          hint={t.percentHint}
          inputMode="decimal"
          autoComplete="off"
          {...bound('percent')}
        />
      </div>
      <fieldset className="mt-6">
        <legend className="font-semibold">{t.fixedPrices}</legend>
        <p className="mb-3 text-sm text-base-content/80">{t.fixedHint}</p>
        <ul className="flex flex-col gap-3">
          {rows.fields.map((row, i) => {
            const current = chosen[i];
            const currency = current?.currency ?? 'USD';
            const list = listPricesIn(toolOf(current?.toolId ?? ''), currency);
            return (
              <li
                key={row.id}
                className="grid items-start gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
              >
                <Field label={t.tool} required error={errors.fixedPrices?.[i]?.toolId}>
                  {(field) => (
                    <select
                      className={`select w-full ${errors.fixedPrices?.[i]?.toolId ? 'select-error' : ''}`}
                      // The row's own value at first (an edited list's tool): a select is not given it by the form.
                      defaultValue={row.toolId}
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
                <Field label={t.currency} error={errors.fixedPrices?.[i]?.currency}>
                  {(field) => (
                    <select
                      className="select w-full"
                      defaultValue={row.currency}
                      {...field}
                      {...register(`fixedPrices.${i}.currency`)}
                    >
                      {priceListCurrencies.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <InputField
                  label={t.price(currency)}
                  required
                  inputMode={currency === 'JPY' ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  hint={list === undefined ? undefined : t.listPriceWas(formatPriceIn(list.price, currency))}
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
                <div className="sm:col-span-4">
                  <FixedBreaks
                    index={i}
                    currency={currency}
                    kind={current?.breaks ?? 'scaled'}
                    list={list}
                    typedPrice={current?.price ?? ''}
                    control={control}
                    register={register}
                    errors={errors}
                    onKind={(kind) => {
                      setValue(`fixedPrices.${i}.breaks`, kind);
                      // Own breaks start from the list's (scaled) ones, to edit; scaled keeps none.
                      setValue(
                        `fixedPrices.${i}.volumePrices`,
                        kind === 'fixed' ? scaledBreaks(list, current?.price ?? '', currency) : [],
                      );
                    }}
                  />
                </div>
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
          onClick={() =>
            rows.append({ toolId: '', currency: 'USD', price: '', breaks: 'scaled', volumePrices: [] })
          }
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
      <SaveOrCancel saving={isSubmitting} texts={t} onCancel={onCancel} className="mt-6" />
    </form>
  );
}

/** A price typed as text, as a number when it is one above 0. */
const typedPrice = (text: string): number | null => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() && Number.isFinite(value) && value > 0 ? value : null;
};

/**
 * The list's breaks scaled to the typed fixed price (what the buyer pays while the breaks are
 * scaled: `withPriceList`'s rule, `scaledPrice`), as the form's text; none before a price is typed.
 */
function scaledBreaks(
  list: ReturnType<typeof listPricesIn>,
  typed: string,
  currency: PriceListCurrency,
): { minQuantity: string; perPrice: string }[] {
  const fixed = typedPrice(typed);
  if (!list || fixed === null) return [];
  const listMinor = Math.max(1, toMinor(list.price, currency));
  const fixedMinor = toMinor(fixed, currency);
  return list.breaks.map((b) => {
    const minor = scaledPrice(toMinor(b.perPrice, currency), fixedMinor, listMinor);
    return {
      minQuantity: String(b.minQuantity),
      perPrice: String(currency === 'JPY' ? minor : minor / 100),
    };
  });
}

interface FixedBreaksProps {
  index: number;
  currency: PriceListCurrency;
  kind: BreaksKind;
  /** The tool's list price and breaks in this currency (none: no tool chosen, or no yen). */
  list: ReturnType<typeof listPricesIn>;
  typedPrice: string;
  control: Control<PriceListFormValues, unknown, PriceListFormOutput>;
  register: UseFormRegister<PriceListFormValues>;
  errors: FieldErrors<PriceListFormValues>;
  onKind: (kind: BreaksKind) => void;
}

/**
 * A fixed price's volume prices: scaled from the tool's (what each comes to is shown) or the
 * list's own, edited by row like the product form's breaks (at most five).
 */
function FixedBreaks({
  index,
  currency,
  kind,
  list,
  typedPrice: typed,
  control,
  register,
  errors,
  onKind,
}: FixedBreaksProps) {
  const t = useTexts(adminTexts).priceLists;
  const form = useTexts(adminTexts).form;
  const say = useSay();
  const groupId = useId();
  const rows = useFieldArray({ control, name: `fixedPrices.${index}.volumePrices` });
  const rowErrors = errors.fixedPrices?.[index]?.volumePrices;
  const listMessage = rowErrors?.message ?? rowErrors?.root?.message;
  const scaled = scaledBreaks(list, typed, currency);
  const shown = (b: { minQuantity: string; perPrice: string }) =>
    t.breakAt(Number(b.minQuantity), formatPriceIn(Number(b.perPrice), currency));
  return (
    <fieldset aria-describedby={`${groupId}-state`}>
      <legend className="text-sm font-semibold">
        {t.breaks}
        <span className="sr-only">{t.breaksOf(index + 1)}</span>
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        {(['scaled', 'fixed'] as const).map((option) => (
          <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2 sm:min-h-8">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${groupId}-kind`}
              value={option}
              checked={kind === option}
              onChange={() => onKind(option)}
            />
            {option === 'scaled' ? t.breaksScaled : t.breaksFixed}
          </label>
        ))}
      </div>
      <p id={`${groupId}-state`} className="mt-1 text-sm text-base-content/80" data-testid="breaks-state">
        {kind === 'fixed'
          ? rows.fields.length === 0
            ? t.noOwnBreaks
            : t.ownBreaks
          : !list || list.breaks.length === 0
            ? t.noListBreaks
            : scaled.length === 0
              ? t.scaledOnceTyped
              : t.scaledTo(scaled.map(shown).join(' · '))}
      </p>
      {kind === 'fixed' && (
        <div className="mt-2 flex flex-col gap-3">
          {rows.fields.length > 0 && (
            <ol className="flex flex-col gap-3">
              {rows.fields.map((row, j) => (
                <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                  <BreakInput
                    label={form.breakFrom}
                    breakLabel={t.breakOf(index + 1, j + 1)}
                    error={rowErrors?.[j]?.minQuantity}
                    registration={register(`fixedPrices.${index}.volumePrices.${j}.minQuantity`)}
                    inputMode="numeric"
                  />
                  <BreakInput
                    label={currency === 'JPY' ? form.yenBreakPrice : form.breakPrice}
                    breakLabel={t.breakOf(index + 1, j + 1)}
                    error={rowErrors?.[j]?.perPrice}
                    registration={register(`fixedPrices.${index}.volumePrices.${j}.perPrice`)}
                    inputMode={currency === 'JPY' ? 'numeric' : 'decimal'}
                  />
                  <button
                    type="button"
                    className="btn btn-ghost btn-square mt-11 text-error sm:mt-7"
                    aria-label={t.removeBreakOf(index + 1, j + 1)}
                    onClick={() => rows.remove(j)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ol>
          )}
          {listMessage && <p className="text-sm font-medium text-error">{say(listMessage)}</p>}
          <AddBreak count={rows.fields.length} onAdd={() => rows.append({ minQuantity: '', perPrice: '' })}>
            {t.addBreak}
            <span className="sr-only">{t.breaksOf(index + 1)}</span>
          </AddBreak>
        </div>
      )}
    </fieldset>
  );
}
