import { messages } from '@kanna/shared/domain/messages';
import type { Enquiry } from '@kanna/shared/orders';
import { useCallback, useMemo, useRef } from 'react';
import { FilterBar, FilterSelect } from '../../../components/ui/filter-bar';
import { useListAddress } from '../../../components/ui/list-address';
import { PagedCards } from '../../../components/ui/paged-list';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { type EnquiryFilter, useEnquiries } from '../api/get-enquiries';
import { useMarkEnquiry } from '../api/mark-enquiry';
import { EnquiryCard } from '../components/enquiry-card';
import { enquiryTexts } from '../i18n';

/** What the Show filter offers; the inbox opens on the new ones. */
type Shown = 'new' | 'answered' | 'all';
const shownValues: Shown[] = ['new', 'answered', 'all'];

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

/**
 * /dashboard/enquiries (admin): Contact Supplier messages, newest first, page by page: the new
 * ones, the answered ones or all. The owner replies from their mail client (the shop's copy of
 * each message answers to the buyer, and the address here opens a reply), then marks it answered.
 */
export function EnquiriesPage() {
  const t = useTexts(enquiryTexts);
  const say = useSay();
  usePageMeta(t.title, t.description);
  const { shown, update } = useShown();
  const filter: EnquiryFilter = shown === 'all' ? '' : shown;
  const query = useEnquiries(filter);
  const mark = useMarkEnquiry();
  const heading = useRef<HTMLHeadingElement>(null);

  const onMark = (enquiry: Enquiry) => {
    const status = enquiry.status === 'new' ? 'answered' : 'new';
    mark.mutate(
      { id: enquiry._id, status },
      {
        onSuccess: () => {
          void notify(
            'success',
            say(status === 'answered' ? messages.enquiryMarkedAnswered : messages.enquiryMarkedNew),
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
        {t.title}
      </h1>
      <p className="mt-2 mb-6 text-base-content/80">{t.lead}</p>
      <FilterBar label={t.filter} onSubmit={(event) => event.preventDefault()} className="sm:grid-cols-3">
        <FilterSelect
          label={t.show}
          name="status"
          options={shownValues.map((value) => ({ value, label: t.shownOptions[value] }))}
          value={shown}
          onChange={update}
        />
      </FilterBar>
      <PagedCards
        query={query}
        t={t}
        empty={{
          text: t.empty[shown],
          clear: shown !== 'all' ? { label: t.showAll, onClick: () => update('all') } : undefined,
        }}
        keyOf={(enquiry) => enquiry._id}
        className="flex flex-col gap-4"
      >
        {(enquiry) => (
          <EnquiryCard
            enquiry={enquiry}
            onMark={onMark}
            marking={mark.isPending && mark.variables?.id === enquiry._id}
          />
        )}
      </PagedCards>
    </section>
  );
}
