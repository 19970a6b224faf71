import { PagedCards } from '../../../components/ui/paged-list';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useQuoteRequests } from '../api/get-quote-requests';
import { QuoteRequestCard } from '../components/quote-request-card';
import { quoteTexts } from '../i18n';

/**
 * /dashboard/quote-requests (admin): buyers' requests for a quote, newest first, page by page,
 * each with its lines at the list prices of the day it was asked. The owner answers by mail.
 */
export function QuoteRequestsPage() {
  const t = useTexts(quoteTexts);
  usePageMeta(t.title, t.description);
  const query = useQuoteRequests();
  return (
    <section
      aria-labelledby="quote-requests-heading"
      className="w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0"
    >
      <h1 id="quote-requests-heading" className="text-2xl font-bold sm:text-3xl">
        {t.title}
      </h1>
      <p className="mt-2 text-base-content/80">{t.lead}</p>
      <PagedCards
        query={query}
        t={t}
        empty={{ text: t.empty }}
        keyOf={(request) => request._id}
        className="flex flex-col gap-4"
      >
        {(request) => <QuoteRequestCard request={request} />}
      </PagedCards>
    </section>
  );
}
