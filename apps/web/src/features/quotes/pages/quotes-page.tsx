import { PagedCards } from '../../../components/ui/paged-list';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { useMyQuoteRequests, useQuotes } from '../api/quotes';
import { QuoteCard } from '../components/quote-card';
import { QuoteRequestCard } from '../components/quote-request-card';
import { quoteTexts } from '../i18n';

/**
 * /dashboard/quotes: the quotes, newest first — a buyer's own (with their requests for a quote
 * below), an admin's every one — each opening its page, where it is accepted or declined.
 */
export function QuotesPage() {
  const t = useTexts(quoteTexts);
  usePageMeta(t.quotes.title, t.quotes.description);
  const session = useSession();
  const admin = session.user?.role === 'admin';
  const quotes = useQuotes();
  const requests = useMyQuoteRequests(session.status === 'signed-in' && !admin);
  return (
    <section aria-labelledby="quotes-heading" className="w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 id="quotes-heading" className="text-2xl font-bold sm:text-3xl">
        {t.quotes.title}
      </h1>
      <p className="mt-2 text-base-content/80">{admin ? t.quotes.leadAdmin : t.quotes.lead}</p>
      <PagedCards
        query={quotes}
        t={t.quotes}
        empty={{ text: t.quotes.empty }}
        keyOf={(quote) => quote._id}
        className="flex flex-col gap-4"
      >
        {(quote) => <QuoteCard quote={quote} showBuyer={admin} />}
      </PagedCards>
      {session.status === 'signed-in' && !admin && (
        <section aria-labelledby="my-requests-heading" className="mt-10">
          <h2 id="my-requests-heading" className="text-xl font-bold">
            {t.myRequests.title}
          </h2>
          <PagedCards
            query={requests}
            t={t.myRequests}
            empty={{ text: t.myRequests.empty }}
            keyOf={(request) => request._id}
            className="flex flex-col gap-4"
          >
            {(request) => <QuoteRequestCard request={request} inbox={false} />}
          </PagedCards>
        </section>
      )}
    </section>
  );
}
