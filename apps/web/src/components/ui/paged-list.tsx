import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { LoadMore, type Paged } from './load-more';
import { QueryState } from './query-state';

/** The words of a list that pages: the live line, loading and its failure, and the Load more button. */
export type PagedListTexts = {
  updating: string;
  shown: (count: number, more: boolean) => string;
  loading: string;
  notLoaded: string;
  loadMore: string;
};

/**
 * A list under filters that loads page by page (the admin's users, log, archive, enquiries): a
 * live line saying how many are shown, or that new filters are loading while the old list stays
 * dimmed; loading and its failure; when nothing is there, `empty` with a way back (`clear`);
 * otherwise the list `children` draws (each item with `data-list-item`) and Load more.
 */
export function PagedList<T>({
  query,
  t,
  empty,
  children,
  lineClassName = 'mt-4 mb-4',
  shownLine,
  endText,
}: {
  query: UseInfiniteQueryResult<Paged<T>>;
  t: PagedListTexts;
  empty: { text: string; clear?: { label: string; onClick: () => void } };
  children: (items: T[]) => ReactNode;
  lineClassName?: string;
  /** What the live line says once loaded, when more than `t.shown` (how many match in all). */
  shownLine?: ReactNode;
  /** Said at the end of a list that had more than one page. */
  endText?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const updating = query.isPlaceholderData && query.isFetching;
  return (
    <>
      <p className={`${lineClassName} min-h-6 text-sm text-base-content/80`} aria-live="polite">
        {updating
          ? t.updating
          : query.isSuccess
            ? (shownLine ?? t.shown(query.data.items.length, query.hasNextPage))
            : ''}
      </p>
      <div
        ref={list}
        aria-busy={query.isFetching}
        className={updating ? 'opacity-60 transition-opacity' : undefined}
      >
        <QueryState query={query} loadingLabel={t.loading} errorTitle={t.notLoaded}>
          {({ items }) =>
            items.length === 0 ? (
              <div className="py-10 text-center text-base-content/80">
                <p>{empty.text}</p>
                {empty.clear && (
                  <button type="button" className="btn btn-link" onClick={empty.clear.onClick}>
                    {empty.clear.label}
                  </button>
                )}
              </div>
            ) : (
              <>
                {children(items)}
                <LoadMore
                  query={query}
                  count={items.length}
                  listRef={list}
                  label={t.loadMore}
                  endText={endText}
                />
              </>
            )
          }
        </QueryState>
      </div>
    </>
  );
}

/** `empty` for a list under filters: `none` when nothing is filtered, else `noMatch` and a way to clear them. */
export const emptyUnlessFiltered = (
  filtered: boolean,
  t: { none: string; noMatch: string; clearFilters: string },
  clear: () => void,
) => ({
  text: filtered ? t.noMatch : t.none,
  clear: filtered ? { label: t.clearFilters, onClick: clear } : undefined,
});

/**
 * A PagedList of cards: a list named `t.list`, each item its card (`children`), keyed by `keyOf`
 * and focused after Load more.
 */
export function PagedCards<T>({
  keyOf,
  className = 'flex flex-col gap-3',
  children,
  t,
  ...paged
}: Omit<Parameters<typeof PagedList<T>>[0], 'children' | 't'> & {
  t: PagedListTexts & { list: string };
  keyOf: (item: T) => string | number;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <PagedList t={t} {...paged}>
      {(items) => (
        <ul className={className} aria-label={t.list}>
          {items.map((item) => (
            <li key={keyOf(item)} data-list-item>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
