import { messages } from '@kanna/shared/domain/messages';
import type { Enquiry } from '@kanna/shared/orders';
import { useCallback, useMemo, useRef } from 'react';
import { FilterBar, FilterSelect } from '../../../components/ui/filter-bar';
import { useListAddress } from '../../../components/ui/list-address';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { usePageMeta } from '../../../lib/page-meta';
import { notify } from '../../../lib/toast';
import { type EnquiryFilter, useEnquiries } from '../api/get-enquiries';
import { useMarkEnquiry } from '../api/mark-enquiry';
import { EnquiryCard } from '../components/enquiry-card';

/** What the Show filter offers; the inbox opens on the new ones. */
type Shown = 'new' | 'answered' | 'all';
const shownOptions: { value: Shown; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'answered', label: 'Answered' },
  { value: 'all', label: 'All' },
];

const emptyText: Record<Shown, string> = {
  new: 'No new enquiries',
  answered: 'No answered enquiries yet',
  all: 'No enquiries yet',
};

/** `?status=answered` or `?status=all`; no status (or one this page does not know) is New. */
const readShown = (params: URLSearchParams): Shown => {
  const status = params.get('status');
  return status === 'answered' || status === 'all' ? status : 'new';
};

/** The filter in the address, so a link, a reload and Back keep it (New, the default, is left out). */
function useShown() {
  const { params, write } = useListAddress();
  const shown = useMemo(() => readShown(params), [params]);
  const update = useCallback(
    (next: Shown) =>
      write(() => {
        const query = new URLSearchParams();
        if (next !== 'new') query.set('status', next);
        return query;
      }),
    [write],
  );
  return { shown, update };
}

const enquiryCount = (n: number) => (n === 1 ? '1 enquiry' : `${n.toLocaleString('en-US')} enquiries`);

/**
 * /dashboard/enquiries (admin): Contact Supplier messages, newest first, page by page: the new
 * ones, the answered ones or all. The owner replies from their mail client (the shop's copy of
 * each message answers to the buyer, and the address here opens a reply), then marks it answered.
 */
export function EnquiriesPage() {
  usePageMeta('Enquiries', 'Contact Supplier messages and quote requests from buyers, for administrators.');
  const { shown, update } = useShown();
  const filter: EnquiryFilter = shown === 'all' ? '' : shown;
  const query = useEnquiries(filter);
  const mark = useMarkEnquiry();
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const updating = query.isPlaceholderData && query.isFetching;

  const onMark = (enquiry: Enquiry) => {
    const status = enquiry.status === 'new' ? 'answered' : 'new';
    mark.mutate(
      { id: enquiry._id, status },
      {
        onSuccess: () => {
          void notify(
            'success',
            status === 'answered' ? messages.enquiryMarkedAnswered : messages.enquiryMarkedNew,
          );
          // The card leaves a filtered list with its button: focus goes back to the top.
          if (shown !== 'all') heading.current?.focus();
        },
        onError: (error) => void notify('error', error.message),
      },
    );
  };

  return (
    <section
      aria-labelledby="enquiries-heading"
      className="w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0"
    >
      <h1
        id="enquiries-heading"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold outline-none sm:text-3xl"
      >
        Enquiries
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">
        Contact Supplier messages and quote requests, newest first. Reply from your mail client (the buyer's
        address opens a reply), then mark the enquiry answered.
      </p>
      <FilterBar
        label="Filter enquiries"
        onSubmit={(event) => event.preventDefault()}
        className="sm:grid-cols-3"
      >
        <FilterSelect label="Show" name="status" options={shownOptions} value={shown} onChange={update} />
      </FilterBar>
      <p className="mt-4 mb-4 min-h-6 text-sm text-base-content/80" aria-live="polite">
        {updating
          ? 'Updating the list…'
          : query.isSuccess
            ? `${enquiryCount(query.data.items.length)} shown${query.hasNextPage ? ', newest first; more below' : ''}.`
            : ''}
      </p>
      <div aria-busy={query.isFetching} className={updating ? 'opacity-60 transition-opacity' : undefined}>
        <QueryState
          query={query}
          loadingLabel="Loading enquiries"
          errorTitle="The enquiries could not be loaded."
        >
          {({ items }) =>
            items.length === 0 ? (
              <div className="py-10 text-center text-base-content/80">
                <p>{emptyText[shown]}</p>
                {shown !== 'all' && (
                  <button type="button" className="btn btn-link" onClick={() => update('all')}>
                    Show all enquiries
                  </button>
                )}
              </div>
            ) : (
              <>
                <ul ref={list} className="flex flex-col gap-4" aria-label="Enquiries, newest first">
                  {items.map((enquiry) => (
                    <li key={enquiry._id} data-list-item>
                      <EnquiryCard
                        enquiry={enquiry}
                        onMark={onMark}
                        marking={mark.isPending && mark.variables?.id === enquiry._id}
                      />
                    </li>
                  ))}
                </ul>
                <LoadMore query={query} count={items.length} listRef={list} label="Load more enquiries" />
              </>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
