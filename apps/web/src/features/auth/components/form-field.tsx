import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: string;
}

/** A labelled input with its message underneath, tied together for screen readers. */
export function FormField({ id, label, registration, error, hint, className, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
        {...registration}
      />
      {hint && (
        <p id={hintId} className="text-sm text-base-content/75">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="text-sm font-medium text-error">
          {error.message}
        </p>
      )}
    </div>
  );
}
