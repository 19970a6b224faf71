import { messages } from '@kanna/shared/domain/messages';
import { Minus, Plus } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, type Ref, useId } from 'react';
import { useTexts } from '../../lib/i18n';
import { useSay } from '../../lib/say';
import { orderPieceTexts } from './i18n/order';

interface QuantityStepperProps {
  /** The quantity; NaN while the field is empty or not a number. */
  value: number;
  /** A new quantity: `stepped` by a button, or `typed` (NaN while the field is empty). */
  onChange: (value: number, how: 'stepped' | 'typed') => void;
  onBlur?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The tool's minimum order. */
  min: number;
  /** The most that can be ordered: what is available on the pack size, or fewer if more would exceed one order's limit. */
  max: number;
  /** Pieces per pack: the buttons move by it (default 1). */
  step?: number;
  /** The warning for plus at `max` (default: the spec's "can't order above your available quantity"). */
  maxWarning?: string;
  /** Called when a button is pressed at a bound, with the spec's warning (§5). */
  onBlocked: (warning: string) => void;
  /** The message to show under the field (a problem with the quantity, or a blocked button). */
  message?: string | null;
  /** Whether the quantity is wrong (default: whenever there is a message). */
  invalid?: boolean;
  /** Whose quantity, for screen readers: "Quantity of Genno", "Increase quantity of Genno" (a list of lines needs it). */
  productName?: string;
  /** For a table's cell: small, no hint, the label shown on phones only (the column names it). */
  compact?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/**
 * 'Decrease quantity' and 'Increase quantity' around a number input named 'Quantity', moving by
 * the pack size between the minimum and `max` (docs/web.md, "The web app"): the
 * purchase page's and each cart line's. The buttons stay pressable at the bounds so that
 * pressing them explains why nothing happens (spec §5: minus at the minimum warns "can't order
 * below your minimum quantity", plus at the available quantity warns "can't order above your
 * available quantity"); a quantity off the pack size steps back onto it.
 */
export function QuantityStepper({
  value,
  onChange,
  onBlur,
  onKeyDown,
  min,
  max,
  step = 1,
  maxWarning = messages.aboveAvailable,
  onBlocked,
  message,
  invalid = Boolean(message),
  productName,
  compact = false,
  name = 'quantity',
  inputRef,
  disabled = false,
}: QuantityStepperProps) {
  const t = useTexts(orderPieceTexts);
  const say = useSay();
  const inputId = useId();
  const messageId = useId();
  const hintId = useId();
  const valid = Number.isFinite(value);
  const of = productName ? t.quantityOf(productName) : '';
  const describedBy = [message ? messageId : '', compact ? '' : hintId].filter(Boolean).join(' ');

  const decrease = () => {
    if (!valid) return onChange(min, 'stepped');
    if (value <= min) return onBlocked(say(messages.belowMinimum));
    // To the pack below (a quantity off the pack size lands back on it).
    onChange(Math.max(min, Math.min(Math.ceil(value / step) * step - step, max)), 'stepped');
  };
  const increase = () => {
    if (!valid) return onChange(min, 'stepped');
    if (value >= max) return onBlocked(say(maxWarning));
    onChange(Math.min(max, Math.max(Math.floor(value / step) * step + step, min)), 'stepped');
  };
  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    onChange(raw.trim() === '' ? Number.NaN : Number(raw), 'typed');
  };
  const buttonProps = {
    className: `btn join-item btn-square ${compact ? 'btn-sm' : ''}`,
    'aria-controls': inputId,
    disabled,
  };

  return (
    <div className={compact ? 'flex flex-col gap-1' : undefined}>
      <label
        htmlFor={inputId}
        className={compact ? 'text-sm font-semibold sm:sr-only' : 'mb-1 block font-semibold'}
      >
        {t.quantity}
        {of && <span className="sr-only">{of}</span>}
      </label>
      <div className={compact ? 'join' : 'join w-full max-w-xs'}>
        <button
          type="button"
          aria-label={productName ? t.decreaseOf(productName) : t.decrease}
          onClick={decrease}
          {...buttonProps}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          ref={inputRef}
          name={name}
          id={inputId}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={valid ? value : ''}
          onChange={typed}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`input join-item text-center font-semibold tabular-nums ${compact ? 'input-sm w-24' : 'w-full text-lg'} ${invalid ? 'input-error' : ''}`}
        />
        <button
          type="button"
          aria-label={productName ? t.increaseOf(productName) : t.increase}
          onClick={increase}
          {...buttonProps}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
      {!compact && (
        <p id={hintId} className="mt-1 text-sm text-base-content/80">
          {step > 1 ? t.quantityRangeInPacks(min, max, step) : t.quantityRange(min, max)}
        </p>
      )}
      {/* A table of lines speaks up politely; the one form's quantity is an alert. */}
      <p
        id={messageId}
        role={compact ? undefined : 'alert'}
        aria-live={compact ? 'polite' : undefined}
        className={`${compact ? '' : 'mt-1'} min-h-5 text-sm font-medium text-error`}
      >
        {message && say(message)}
      </p>
    </div>
  );
}
