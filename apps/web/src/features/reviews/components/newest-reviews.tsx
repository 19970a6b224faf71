import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { useTexts } from '../../../lib/i18n';
import { useReviews } from '../api/get-reviews';
import { reviewsTexts } from '../i18n';
import { ReviewGrid } from './review-grid';

/** Spec §9: the home page shows the last 4 reviews. */
export const HOME_REVIEW_COUNT = 4;

/** Home page section 'CLIENT REVIEW'. */
export function NewestReviews() {
  const t = useTexts(reviewsTexts);
  const query = useReviews(HOME_REVIEW_COUNT);
  return (
    <section aria-labelledby="reviews-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <h2 id="reviews-heading" className="text-3xl font-bold sm:text-4xl">
            {t.clientReview}
          </h2>
          <Link to="/allReview" className="link link-primary inline-flex items-center gap-1 font-semibold">
            {t.seeMore}
            <span className="sr-only">{t.seeMoreReviews}</span>
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <ReviewGrid query={query} columns={4} />
      </div>
    </section>
  );
}
