import { messages } from '@kanna/shared/domain/messages';
import { Minus, Plus } from 'lucide-react';
import { type ChangeEvent, type Ref, useId } from 'react';

interface QuantityStepperProps {
  /** The quantity; NaN while the field is empty or not a number. */
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  /** The tool's minimum order. */
  min: number;
  /** The most that can be ordered: what is available, or fewer if more would exceed one order's limit. */
  max: number;
  /** Pieces per pack: the buttons move by it (default 1). */
  step?: number;
  /** The warning for plus at `max` (default: the spec's "can't order above your available quantity"). */
  maxWarning?: string;
  /** Called when a button is pressed at a bound, with the spec's warning (§5). */
  onBlocked: (warning: string) => void;
  /** The message to show under the field (a typed quantity out of bounds, or a blocked button). */
  message?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/**
 * 'Decrease quantity' and 'Increase quantity' around a number input named 'Quantity' (docs/ARCHITECTURE.md, "The web app").
 * The buttons stay pressable at the bounds so that pressing them explains why nothing happens
 * (spec §5: minus at the minimum warns "can't order below your minimum quantity", plus at the
 * available quantity warns "can't order above your available quantity").
 */
export function QuantityStepper({
  value,
  onChange,
  onBlur,
  min,
  max,
  step = 1,
  maxWarning = messages.aboveAvailable,
  onBlocked,
  message,
  name = 'quantity',
  inputRef,
  disabled = false,
}: QuantityStepperProps) {
  const inputId = useId();
  const messageId = useId();
  const hintId = useId();
  const valid = Number.isFinite(value);

  const decrease = () => {
    if (!valid) return onChange(min);
    if (value <= min) return onBlocked(messages.belowMinimum);
    // To the pack below (a quantity off the pack size lands back on it).
    onChange(Math.max(min, Math.min(Math.ceil(value / step) * step - step, max)));
  };
  const increase = () => {
    if (!valid) return onChange(min);
    if (value >= max) return onBlocked(maxWarning);
    onChange(Math.min(max, Math.max(Math.floor(value / step) * step + step, min)));
  };
  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    onChange(raw.trim() === '' ? Number.NaN : Number(raw));
  };

  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block font-semibold">
        Quantity
      </label>
      <div className="join w-full max-w-xs">
        <button
          type="button"
          className="btn join-item btn-square"
          aria-label="Decrease quantity"
          aria-controls={inputId}
          onClick={decrease}
          disabled={disabled}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          id={inputId}
          ref={inputRef}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={valid ? value : ''}
          onChange={typed}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${messageId} ${hintId}` : hintId}
          className={`input join-item w-full text-center text-lg font-semibold tabular-nums ${message ? 'input-error' : ''}`}
        />
        <button
          type="button"
          className="btn join-item btn-square"
          aria-label="Increase quantity"
          aria-controls={inputId}
          onClick={increase}
          disabled={disabled}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p id={hintId} className="mt-1 text-sm text-base-content/80">
        From {min} to {max} pieces{step > 1 ? `, in packs of ${step}` : ''}
      </p>
      <p id={messageId} role="alert" className="mt-1 min-h-5 text-sm font-medium text-error">
        {message}
      </p>
    </div>
  );
}
