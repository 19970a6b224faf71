import { SEARCH_MAX_LENGTH } from '@kanna/shared/domain/limits';
import type { FormEvent, ReactNode } from 'react';

/**
 * A list's filters as one bar: a `<search>` landmark named `label`, a form that Enter sends (what
 * is typed goes at once), its fields on a grid that `className` lays out. The fields are
 * FilterSearch, FilterSelect and, for anything else, FilterField.
 */
export function FilterBar({
  label,
  onSubmit,
  className,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <search aria-label={label}>
      <form
        onSubmit={onSubmit}
        className={`grid gap-3 rounded-box border border-base-300 bg-base-200 p-4 sm:gap-4 ${className}`}
      >
        {children}
      </form>
    </search>
  );
}

/** One filter: its label above its control (`id` is the control's). */
export function FilterField({
  id,
  label,
  className = '',
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The bar's search box, as long as the API takes a search; `hint` is said under it. Its text is
 * the draft of useTypedSearch or useTypedFields, which send it after a pause in typing.
 */
export function FilterSearch({
  id,
  label,
  name,
  value,
  onChange,
  onFocus,
  placeholder,
  hint,
  className,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (text: string) => void;
  onFocus: () => void;
  placeholder: string;
  hint?: string;
  className?: string;
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      <input
        id={id}
        type="search"
        name={name}
        className="input w-full"
        value={value}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onFocus={onFocus}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-base-content/80">
          {hint}
        </span>
      )}
    </FilterField>
  );
}

/** A choice of the bar; `options` in the order shown, '' usually meaning "any". */
export function FilterSelect<V extends string>({
  id,
  label,
  name,
  value,
  options,
  onChange,
  className,
}: {
  id: string;
  label: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <FilterField id={id} label={label} className={className}>
      <select
        id={id}
        name={name}
        className="select w-full"
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
