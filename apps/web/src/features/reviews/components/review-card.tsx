import type { Review } from '@kanna/shared/reviews';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { StarRating } from '../../../components/ui/star-rating';
import { useTexts } from '../../../lib/i18n';
import { reviewsTexts } from '../i18n';

interface ReviewCardProps {
  review: Review;
  headingLevel?: 2 | 3;
  /** What the viewer may do with the review (an admin's "Remove review"), under its text. */
  action?: ReactNode;
}

export function ReviewCard({ review, headingLevel = 3, action }: ReviewCardProps) {
  const t = useTexts(reviewsTexts);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-6">
        <div className="flex items-center gap-4">
          <Avatar
            src={review.img}
            alt={t.avatarOf(review.name)}
            size={56}
            loading="lazy"
            decoding="async"
            className="size-14 shrink-0 bg-base-200 ring-2 ring-secondary"
          />
          <div className="min-w-0">
            <Heading className="truncate text-lg font-semibold">{review.name}</Heading>
            <StarRating rating={review.rating} />
            {review.verified && (
              <p className="badge badge-sm badge-success mt-1 block w-fit">{t.verifiedBuyer}</p>
            )}
          </div>
        </div>
        <p className="break-words text-base-content/90">{review.description}</p>
        {action}
      </div>
    </article>
  );
}
