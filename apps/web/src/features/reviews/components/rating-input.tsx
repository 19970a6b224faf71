import { RATING_MAX } from '@kanna/shared/domain/limits';
import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import { StarIcon } from '../../../components/ui/icons';
import { useTexts } from '../../../lib/i18n';
import { reviewsTexts } from '../i18n';

const values = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

interface RatingInputProps {
  /** The chosen rating, or undefined before the user has chosen one. */
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  /** Id of the visible label ('Rating'). */
  labelledBy: string;
  /** Ids of the hint and the error message. */
  describedBy?: string;
  invalid?: boolean;
  /** Receives the radio that takes focus (react-hook-form focuses it when the rating is missing). */
  ref?: Ref<HTMLInputElement>;
}

const steps: Record<string, (current: number) => number> = {
  ArrowRight: (n) => n + 1,
  ArrowUp: (n) => n + 1,
  ArrowLeft: (n) => n - 1,
  ArrowDown: (n) => n - 1,
  Home: () => 1,
  End: () => RATING_MAX,
};

/**
 * A rating from 1 to 5 drawn as stars: native radio buttons in a radio group, each shown as a
 * star. Tab reaches the group; the arrow keys move between the stars and choose them (stopping
 * at 1 and 5 rather than wrapping from 5 stars to 1), Home and End jump to the ends.
 */
export function RatingInput({
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid = false,
  ref,
}: RatingInputProps) {
  const t = useTexts(reviewsTexts);
  const name = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [hovered, setHovered] = useState<number | null>(null);
  const focusable = value ?? 1;
  const shown = hovered ?? value ?? 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, current: number) => {
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const next = Math.min(RATING_MAX, Math.max(1, step(current)));
    onChange(next);
    inputs.current[next - 1]?.focus();
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-required="true"
        aria-invalid={invalid || undefined}
        className="flex"
        onMouseLeave={() => setHovered(null)}
      >
        {values.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-field p-1 text-warning has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent"
            onMouseEnter={() => setHovered(n)}
          >
            <input
              ref={(element) => {
                inputs.current[n - 1] = element;
                if (n === focusable && ref) {
                  if (typeof ref === 'function') ref(element);
                  else ref.current = element;
                }
              }}
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              className="sr-only"
              onChange={() => onChange(n)}
              onKeyDown={(event) => onKeyDown(event, n)}
              onBlur={onBlur}
            />
            <StarIcon
              className={`size-9 stroke-[oklch(55%_0.12_70)] ${n <= shown ? 'fill-current' : 'fill-transparent'}`}
            />
            <span className="sr-only">{t.stars(n)}</span>
          </label>
        ))}
      </div>
      <span className="text-sm text-base-content/80" aria-hidden="true">
        {value ? t.outOf(value, RATING_MAX) : t.notRated}
      </span>
    </div>
  );
}
