import type { Review } from '@kanna/shared/reviews';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui/query-state';
import { useTexts } from '../../../lib/i18n';
import { reviewsTexts } from '../i18n';
import { ReviewCard } from './review-card';

interface ReviewGridProps {
  query: UseQueryResult<Review[]>;
  headingLevel?: 2 | 3;
  /** Grid columns on large screens: 3 on the reviews page (spec §9), 4 for the home page's four. */
  columns?: 3 | 4;
}

export function ReviewGrid({ query, headingLevel = 3, columns = 3 }: ReviewGridProps) {
  const t = useTexts(reviewsTexts);
  const large = columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3';
  return (
    <QueryState
      query={query}
      loadingLabel={t.loadingReviews}
      errorTitle={t.reviewsNotLoaded}
      empty={t.noReviews}
      minHeightClass="min-h-64"
    >
      {(reviews) => (
        <ul className={`grid grid-cols-1 gap-6 md:grid-cols-2 ${large}`}>
          {reviews.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} headingLevel={headingLevel} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
