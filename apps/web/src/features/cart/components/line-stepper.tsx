import { messages } from '@kanna/shared/domain/messages';
import { roundToPack } from '@kanna/shared/domain/orders';
import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';

interface LineStepperProps {
  /** Whose quantity, for screen readers ("Quantity of Genno Hammer"). */
  productName: string;
  value: number;
  /** The tool's minimum order. */
  min: number;
  /** The most on the pack size that is available. */
  max: number;
  /** Pieces per pack: the buttons step by it, a typed quantity is rounded up to it. */
  step: number;
  onChange: (quantity: number) => void;
  /** The line's problem, shown under the field. */
  message?: string | null;
  disabled?: boolean;
}

/**
 * A cart line's quantity: 'Decrease quantity' and 'Increase quantity' around a number input
 * 'Quantity', moving by the pack size between the minimum and what is available. A typed
 * quantity is taken when the field is left (or on Enter), rounded up to the pack size.
 */
export function LineStepper({
  productName,
  value,
  min,
  max,
  step,
  onChange,
  message,
  disabled,
}: LineStepperProps) {
  const inputId = useId();
  const messageId = useId();
  const [text, setText] = useState(String(value));
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => setText(String(value)), [value]);

  const change = (quantity: number, why: string | null = null) => {
    setNote(why);
    setText(String(quantity));
    if (quantity !== value) onChange(quantity);
  };
  const decrease = () => {
    if (value <= min) return setNote(messages.belowMinimum);
    change(Math.max(min, Math.min(value - step, max)));
  };
  const increase = () => {
    if (value >= max) return setNote(messages.aboveAvailable);
    change(Math.min(max, Math.max(value + step, min)));
  };
  const commit = () => {
    const typed = Number(text);
    if (text.trim() === '' || !Number.isFinite(typed) || typed < 1)
      return change(value, messages.quantityWhole);
    const whole = Math.round(typed);
    const onPack = roundToPack(whole, step);
    change(onPack, onPack !== typed ? messages.packSize(step) : null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const shown = [...new Set([message, note].filter(Boolean))].join(' — ') || null;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-semibold sm:sr-only">
        Quantity<span className="sr-only"> of {productName}</span>
      </label>
      <div className="join">
        <button
          type="button"
          className="btn join-item btn-square btn-sm"
          aria-label={`Decrease quantity of ${productName}`}
          aria-controls={inputId}
          onClick={decrease}
          disabled={disabled}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={shown ? messageId : undefined}
          className={`input input-sm join-item w-24 text-center font-semibold tabular-nums ${message ? 'input-error' : ''}`}
        />
        <button
          type="button"
          className="btn join-item btn-square btn-sm"
          aria-label={`Increase quantity of ${productName}`}
          aria-controls={inputId}
          onClick={increase}
          disabled={disabled}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p id={messageId} aria-live="polite" className="min-h-5 text-sm font-medium text-error">
        {shown}
      </p>
    </div>
  );
}
