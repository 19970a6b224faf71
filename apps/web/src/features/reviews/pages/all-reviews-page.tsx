import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { readCursor } from '../../../components/ui/list-address';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { pageDataOf } from '../../../lib/page-data';
import { usePageMeta } from '../../../lib/page-meta';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { primeFirstReviewPage, useReviewPages } from '../api/get-reviews';
import { RemoveReview } from '../components/remove-review';
import { ReviewCard } from '../components/review-card';
import { reviewsTexts } from '../i18n';
import { ALL_REVIEWS_PAGE, type AllReviewsData, allReviewsMeta } from './all-reviews-page-data';

// The server renders the newest reviews (entry-server.tsx): the list hydrates with the very
// reviews it drew, without asking the API again.
const fromServer = pageDataOf<AllReviewsData>(ALL_REVIEWS_PAGE);
if (fromServer) primeFirstReviewPage(queryClient, fromServer.reviews);

/**
 * /allReview: every review, 3 per row (spec §9), newest first; more load as the visitor
 * scrolls, and "More reviews" is a real link to the next page (?cursor=…) that this page
 * also opens at. An admin may remove a review from here (reviews are moderated after the fact).
 */
export function AllReviewsPage() {
  const t = useTexts(reviewsTexts);
  usePageMeta(allReviewsMeta(useLanguage()));
  const [params] = useSearchParams();
  const start = readCursor(params);
  const query = useReviewPages(start);
  const list = useRef<HTMLUListElement>(null);
  const next = query.data?.next ?? null;
  const isAdmin = useSession().user?.role === 'admin';
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="mb-8 text-3xl font-bold sm:text-4xl">{t.clientReview}</h1>
      {start && (
        <p className="-mt-4 mb-6 text-sm">
          {t.earlierReviews}{' '}
          <Link to="/allReview" className="link link-primary">
            {t.startFromNewest}
          </Link>
        </p>
      )}
      <QueryState
        query={query}
        loadingLabel={t.loadingReviews}
        errorTitle={t.reviewsNotLoaded}
        minHeightClass="min-h-64"
      >
        {({ items }) =>
          items.length === 0 ? (
            <p className="py-10 text-center text-base-content/80">{t.noReviews}</p>
          ) : (
            <>
              <ul ref={list} className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
                {items.map((review) => (
                  <li
                    key={review._id}
                    data-list-item
                    className="rounded-box focus:outline-2 focus:outline-offset-4"
                  >
                    <ReviewCard
                      review={review}
                      headingLevel={2}
                      action={isAdmin ? <RemoveReview review={review} /> : undefined}
                    />
                  </li>
                ))}
              </ul>
              <LoadMore
                query={query}
                count={items.length}
                listRef={list}
                auto
                label={t.moreReviews}
                href={next ? `/allReview?cursor=${encodeURIComponent(next)}` : undefined}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
