import { SEARCH_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { type FormEvent, type ReactNode, useCallback, useId } from 'react';
import { useTypedSearch } from './typed-search';

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

/** One filter: its label above its control, which `children` draws with the id it is given. */
export function FilterField({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** What a search box shows and hears: useTypedSearch's draft (useTypedFields' for one of its fields). */
type SearchBox = { draft: string; setDraft: (text: string) => void; startTyping: () => void };

type SearchProps = { label: string; name: string; placeholder: string; hint?: string; className?: string };

/** The bar's search box, as long as the API takes a search; `hint` is said under it. */
export function FilterSearch({ box, hint, className, label, ...input }: SearchProps & { box: SearchBox }) {
  return (
    <FilterField label={label} className={className}>
      {(id) => (
        <>
          <input
            id={id}
            type="search"
            className="input w-full"
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={hint ? `${id}-hint` : undefined}
            value={box.draft}
            onFocus={box.startTyping}
            onChange={(event) => box.setDraft(event.target.value)}
            {...input}
          />
          {hint && (
            <span id={`${id}-hint`} className="text-xs text-base-content/80">
              {hint}
            </span>
          )}
        </>
      )}
    </FilterField>
  );
}

type Option<V extends string> = { value: V; label: string };
type SelectProps<V extends string> = {
  label: string;
  name: string;
  options: readonly Option<V>[];
  className?: string;
};

/** A choice of the bar; `options` in the order shown, '' usually meaning "any". */
export function FilterSelect<V extends string>({
  label,
  className,
  options,
  value,
  onChange,
  name,
}: SelectProps<V> & { value: V; onChange: (value: V) => void }) {
  return (
    <FilterField label={label} className={className}>
      {(id) => (
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
      )}
    </FilterField>
  );
}

/** Filters that are all strings (a search, a sort, a kind…), by name. */
type StringFilters<F> = { [K in keyof F]: string };

/** A search box and choices over filters kept in the address, laid out by `className`. */
export type SearchBarLayout<F> = {
  label: string;
  className: string;
  search: SearchProps & { name: keyof F & string };
  choices: readonly (SelectProps<string> & { name: keyof F & string })[];
  delayMs: number;
};

/**
 * A bar of one search box and choices (the catalogue's, the users'): the search goes after a
 * pause in typing (useTypedSearch), a choice at once and takes what is typed along, so the list
 * updates once.
 */
export function SearchFilterBar<F extends StringFilters<F>>({
  layout: { label, className, search, choices, delayMs },
  filters,
  onChange,
}: {
  layout: SearchBarLayout<F>;
  filters: F;
  onChange: (change: Partial<F>, options?: { replace?: boolean }) => void;
}) {
  const commit = useCallback(
    (text: string, options: { replace: boolean }) => onChange({ [search.name]: text } as Partial<F>, options),
    [onChange, search.name],
  );
  const box = useTypedSearch(filters[search.name], commit, { max: SEARCH_MAX_LENGTH, delayMs });
  const choose = (name: keyof F, value: string) =>
    onChange({ [name]: value, [search.name]: box.typed } as Partial<F>);

  return (
    <FilterBar label={label} onSubmit={box.submit} className={className}>
      <FilterSearch box={box} {...search} />
      {choices.map((choice) => (
        <FilterSelect
          key={choice.name}
          value={filters[choice.name]}
          onChange={(value) => choose(choice.name, value)}
          {...choice}
        />
      ))}
    </FilterBar>
  );
}
