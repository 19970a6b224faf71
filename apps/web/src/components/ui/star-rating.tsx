import { useTexts } from '../../lib/i18n';
import { pieceTexts } from './i18n';
import { StarIcon } from './icons';

interface StarRatingProps {
  rating: number;
  max?: number;
}

// Stable keys for the stars (positions never reorder).
const starKeys = Array.from({ length: 10 }, (_, i) => `star-${i + 1}`);

/** As many stars as the rating (spec §2), read out as "Rated 4 out of 5". */
export function StarRating({ rating, max = 5 }: StarRatingProps) {
  const t = useTexts(pieceTexts);
  const stars = Math.max(0, Math.min(max, starKeys.length, Math.round(rating)));
  return (
    <span role="img" aria-label={t.rated(stars, max)} className="inline-flex gap-0.5 text-warning">
      {starKeys.slice(0, stars).map((key) => (
        <StarIcon key={key} className="size-5 fill-current stroke-[oklch(55%_0.12_70)]" />
      ))}
    </span>
  );
}
