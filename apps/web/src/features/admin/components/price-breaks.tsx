import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import {
  type Control,
  type FieldError,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
  useFieldArray,
} from 'react-hook-form';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { adminTexts } from '../i18n';
import { MAX_PRICE_BREAKS, type ProductFormOutput, type ProductFormValues } from '../product-form-schema';

interface PriceBreaksProps {
  /** The dollar breaks (`volumePrices`) or the yen ones (`volumePricesYen`). */
  currency: 'USD' | 'JPY';
  control: Control<ProductFormValues, unknown, ProductFormOutput>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}

/** A list of price breaks, "From (pieces)" and a price per piece each (at most five), added and removed by row. */
export function PriceBreaks({ currency, control, register, errors }: PriceBreaksProps) {
  const t = useTexts(adminTexts).form;
  const say = useSay();
  const titleId = useId();
  const yen = currency === 'JPY';
  const name = yen ? 'volumePricesYen' : 'volumePrices';
  const [title, hint, priceLabel, breakNumber, removeLabel, addLabel] = yen
    ? [t.yenBreaks, t.yenBreaksHint, t.yenBreakPrice, t.yenBreakNumber, t.removeYenBreak, t.addYenBreak]
    : [
        t.priceBreaks,
        t.priceBreaksHint(MAX_PRICE_BREAKS),
        t.breakPrice,
        t.breakNumber,
        t.removeBreak,
        t.addBreak,
      ];
  const rows = useFieldArray({ control, name });
  const listErrors = errors[name];
  return (
    <div className="flex flex-col gap-3">
      <p id={titleId} className="font-semibold">
        {title}
      </p>
      <p className="-mt-2 text-sm text-base-content/80">{hint}</p>
      {rows.fields.length > 0 && (
        <ol aria-labelledby={titleId} className="flex flex-col gap-3">
          {rows.fields.map((row, index) => (
            <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
              <BreakInput
                label={t.breakFrom}
                breakLabel={breakNumber(index + 1)}
                error={listErrors?.[index]?.minQuantity}
                registration={register(`${name}.${index}.minQuantity`)}
                inputMode="numeric"
              />
              <BreakInput
                label={priceLabel}
                breakLabel={breakNumber(index + 1)}
                error={listErrors?.[index]?.perPrice}
                registration={register(`${name}.${index}.perPrice`)}
                inputMode={yen ? 'numeric' : 'decimal'}
              />
              <button
                type="button"
                className="btn btn-ghost btn-square mt-11 text-error sm:mt-7"
                aria-label={removeLabel(index + 1)}
                onClick={() => rows.remove(index)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ol>
      )}
      {listErrors?.message && <p className="text-sm font-medium text-error">{say(listErrors.message)}</p>}
      <AddBreak count={rows.fields.length} onAdd={() => rows.append({ minQuantity: '', perPrice: '' })}>
        {addLabel}
      </AddBreak>
    </div>
  );
}

/** "Add a price break": unavailable once there are as many as a tool may have. */
export function AddBreak({
  count,
  onAdd,
  children,
}: {
  count: number;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm self-start max-sm:btn-md"
      onClick={onAdd}
      disabled={count >= MAX_PRICE_BREAKS}
    >
      <Plus className="size-4" aria-hidden="true" />
      {children}
    </button>
  );
}

/** One input of a price break, labelled "From (pieces)" / "Price per piece ($)" and which break it is (the price lists' fixed breaks use it too). */
export function BreakInput({
  label,
  breakLabel,
  error,
  registration,
  inputMode,
}: {
  label: string;
  /** Which break, for screen readers (", break 2"). */
  breakLabel: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  inputMode: 'numeric' | 'decimal';
}) {
  const id = useId();
  const say = useSay();
  return (
    <div className="flex flex-col gap-1">
      {/* Two lines tall on a phone, where "Price per piece ($)" wraps: the inputs of a row stay level. */}
      <label htmlFor={id} className="min-h-10 text-sm font-semibold sm:min-h-0">
        {label}
        <span className="sr-only">{breakLabel}</span>
      </label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`input w-full ${error ? 'input-error' : ''}`}
        {...registration}
      />
      {error?.message && (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          {say(error.message)}
        </p>
      )}
    </div>
  );
}
