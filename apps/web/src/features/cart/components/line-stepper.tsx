import { messages } from '@kanna/shared/domain/messages';
import { roundToPack } from '@kanna/shared/domain/orders';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { useSay } from '../../../lib/say';

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
 * A cart line's quantity: the shop's stepper, where a button changes the cart at once and a
 * typed quantity is taken when the field is left (or on Enter), rounded up to the pack size,
 * with why it changed beside the line's problem.
 */
export function LineStepper({ productName, value, onChange, message, ...bounds }: LineStepperProps) {
  const say = useSay();
  const [draft, setDraft] = useState(value);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);

  const change = (quantity: number, why: string | null = null) => {
    setNote(why);
    setDraft(quantity);
    if (quantity !== value) onChange(quantity);
  };
  const commit = () => {
    if (!Number.isFinite(draft) || draft < 1) return change(value, messages.quantityWhole);
    const onPack = roundToPack(Math.round(draft), bounds.step);
    change(onPack, onPack !== draft ? messages.packSize(bounds.step) : null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  // Each said in the page's language before they are joined (the stepper says a whole text only).
  const shown =
    [...new Set([message, note].filter((m): m is string => Boolean(m)).map(say))].join(' — ') || null;

  return (
    <QuantityStepper
      compact
      productName={productName}
      value={draft}
      onChange={(quantity, how) => (how === 'stepped' ? change(quantity) : setDraft(quantity))}
      onBlur={commit}
      onKeyDown={onKeyDown}
      onBlocked={setNote}
      message={shown}
      invalid={Boolean(message)}
      {...bounds}
    />
  );
}
