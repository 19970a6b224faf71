import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * One choice of a radio group in a form (a way to pay): the radio, its name and, below the name,
 * a hint that says what the choice means or why it is not offered.
 */
export function RadioChoice(props: {
  value: string;
  field: UseFormRegisterReturn;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label className="flex items-center gap-3">
      <input
        type="radio"
        className="radio radio-primary"
        value={props.value}
        disabled={props.disabled}
        {...props.field}
      />
      <span>
        {props.label}
        {props.hint && <span className="block text-sm text-base-content/80">{props.hint}</span>}
      </span>
    </label>
  );
}
