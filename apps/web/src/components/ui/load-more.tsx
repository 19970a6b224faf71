import type { InfiniteData } from '@tanstack/react-query';
import { type MouseEvent, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import type { Matching, PageOf } from '../../lib/api-client';
import { useTexts } from '../../lib/i18n';
import { pieceTexts } from './i18n';

/**
 * A list loaded page by page, flattened: every item so far, the cursor of the next page (null at
 * the end), and how many match in all when the list says so.
 */
export type Paged<T> = { items: T[]; next: string | null; matching?: Matching };

/** `select` for `useInfiniteQuery` over `callPage`: the pages as one list, and the last page's next cursor. */
export const flattenPages = <T,>(data: InfiniteData<PageOf<T[]>, unknown>): Paged<T> => ({
  items: data.pages.flatMap((page) => page.items),
  next: data.pages.at(-1)?.next ?? null,
  // How many match, as the first page said (later pages do not count again).
  ...(data.pages[0]?.matching ? { matching: data.pages[0].matching } : {}),
});

/** What `LoadMore` needs of an infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => Promise<unknown>;
}

interface LoadMoreProps {
  query: PagedQuery;
  /** How many items are shown: after a load the user asked for, focus moves to the first new one. */
  count: number;
  /** The button's text ("Load more orders"). */
  label: string;
  /** The list: its items carry `data-list-item`; the first new one gets focus after a load the user asked for. */
  listRef?: RefObject<HTMLElement | null>;
  /** Load the next page by itself as this comes near the screen (the visitor scrolls). */
  auto?: boolean;
  /**
   * A real address of the next page (`/allProduct?cursor=…`): the control is then a link, which
   * crawlers follow and which opens in a new tab; a plain click loads in place.
   */
  href?: string;
  /** Shown at the end of a list that had more than one page. */
  endText?: string;
}

const itemsOf = (list: HTMLElement | null | undefined) =>
  list ? Array.from(list.querySelectorAll<HTMLElement>('[data-list-item]')) : [];

/**
 * The end of a list that pages (docs/decisions/0015): a "Load more" button (or link) that stays
 * where it is and focusable while the next page loads, the server's message with Try again when
 * it fails, and optionally loading on its own as the visitor scrolls near. Its box keeps one
 * height while there is more, so nothing below it moves; a list that fits on one page has none.
 */
export function LoadMore({ query, count, label, listRef, auto = false, href, endText }: LoadMoreProps) {
  const t = useTexts(pieceTexts);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, error, fetchNextPage } = query;
  const box = useRef<HTMLDivElement>(null);
  // The number of items when the user asked for more: the first new item gets focus.
  const askedAt = useRef<number | null>(null);

  const load = () => {
    if (isFetchingNextPage || !hasNextPage) return;
    void fetchNextPage();
  };

  const ask = () => {
    askedAt.current = count;
    load();
  };

  useEffect(() => {
    const from = askedAt.current;
    if (from === null || isFetchingNextPage || count <= from) return;
    askedAt.current = null;
    const first = itemsOf(listRef?.current)[from];
    if (!first) return;
    if (!first.hasAttribute('tabindex')) first.setAttribute('tabindex', '-1');
    first.focus();
  }, [isFetchingNextPage, listRef, count]);

  // After every load, before the new items are painted: if the end is still within a screen of
  // the bottom of the window (a short page, a quick scroller), the next page is asked for at once,
  // in the same frame, and otherwise when the end comes within a screen. Loading a whole screen
  // ahead is what keeps the footer from jumping: the items arrive below the window, not in it, for
  // a visitor who scrolls up to a screen at a time while a page loads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for every count, on purpose
  useLayoutEffect(() => {
    const target = box.current;
    if (!auto || !target || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    // Where nothing tells what is on screen, the visitor asks with the link or button.
    if (typeof IntersectionObserver === 'undefined') return;
    // A box drawn (not hidden: it has a height) within a screen of the bottom: the next page now.
    const { top, height } = target.getBoundingClientRect();
    if (height > 0 && top < 2 * window.innerHeight) {
      void fetchNextPage();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void fetchNextPage();
        }
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, count]);

  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window gets the page itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    ask();
  };

  const content = (
    <>
      {isFetchingNextPage && <span className="loading loading-dots loading-sm" aria-hidden="true" />}
      {isFetchingNextPage ? t.loadingMoreNow : isFetchNextPageError ? t.tryAgain : label}
    </>
  );
  const className = 'btn btn-outline min-w-48';

  // A list that fits on one page ends with nothing: no empty box before the footer.
  if (!hasNextPage && !isFetchNextPageError && !endText) return null;

  return (
    <div ref={box} className="mt-6 flex min-h-24 flex-col items-center justify-center gap-2">
      {isFetchNextPageError && (
        <p role="alert" className="text-center text-error">
          {t.moreNotLoaded} {error?.message}
        </p>
      )}
      {hasNextPage ? (
        href ? (
          <a
            href={href}
            className={className}
            aria-disabled={isFetchingNextPage || undefined}
            onClick={onLinkClick}
          >
            {content}
          </a>
        ) : (
          <button
            type="button"
            className={className}
            aria-disabled={isFetchingNextPage || undefined}
            onClick={ask}
          >
            {content}
          </button>
        )
      ) : (
        endText && <p className="text-sm text-base-content/80">{endText}</p>
      )}
      <span className="sr-only" aria-live="polite">
        {isFetchingNextPage ? t.loadingMore : ''}
      </span>
    </div>
  );
}
