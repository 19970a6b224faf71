import { zodResolver } from '@hookform/resolvers/zod';
import { REVIEW_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { reviewRequest } from '@kanna/shared/reviews';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/ui/form-alert';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { usePostReview } from '../api/post-review';
import { reviewsTexts } from '../i18n';
import { RatingInput } from './rating-input';

type ReviewFormInput = z.input<typeof reviewRequest>;
type ReviewFormOutput = z.output<typeof reviewRequest>;

interface ReviewFormProps {
  /** Called after the review was posted. */
  onPosted?: () => void;
}

/** Spec §2 addReview: a rating of 1 to 5 stars and the review text (required, spec §5). */
export function ReviewForm({ onPosted }: ReviewFormProps) {
  const t = useTexts(reviewsTexts);
  const say = useSay();
  const locale = localeOf(useLanguage());
  const formatCount = (n: number) => n.toLocaleString(locale);
  const id = useId();
  const ids = {
    ratingLabel: `${id}-rating-label`,
    ratingHint: `${id}-rating-hint`,
    ratingError: `${id}-rating-error`,
    review: `${id}-review`,
    reviewCount: `${id}-review-count`,
    reviewError: `${id}-review-error`,
  };
  const post = usePostReview();
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormInput, unknown, ReviewFormOutput>({
    resolver: zodResolver(reviewRequest),
    defaultValues: { rating: undefined, description: '' },
  });

  // Registered here, before the text's `register` below: a refused submit focuses the first field
  // in error in the order the fields were registered, and the rating comes first on the page.
  const { field: rating } = useController({ control, name: 'rating' });
  const length = watch('description')?.length ?? 0;
  const tooLong = length > REVIEW_MAX_LENGTH;

  const onSubmit = async (values: ReviewFormOutput) => {
    try {
      await post.mutateAsync(values);
    } catch {
      return; // post.error is shown above the button
    }
    void notify('success', say(messages.reviewPosted));
    reset();
    post.reset();
    onPosted?.();
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <span id={ids.ratingLabel} className="font-semibold">
          {t.rating}
        </span>
        <p id={ids.ratingHint} className="text-sm text-base-content/80">
          {t.ratingHint}
        </p>
        <RatingInput
          ref={rating.ref}
          value={rating.value}
          onChange={rating.onChange}
          onBlur={rating.onBlur}
          labelledBy={ids.ratingLabel}
          describedBy={errors.rating ? `${ids.ratingHint} ${ids.ratingError}` : ids.ratingHint}
          invalid={Boolean(errors.rating)}
        />
        {errors.rating && (
          <p id={ids.ratingError} className="text-sm font-medium text-error">
            {errors.rating.message && say(errors.rating.message)}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-2">
        <label htmlFor={ids.review} className="font-semibold">
          {t.review}
        </label>
        <textarea
          id={ids.review}
          rows={6}
          className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={errors.description ? `${ids.reviewCount} ${ids.reviewError}` : ids.reviewCount}
          placeholder={t.reviewPlaceholder}
          {...register('description')}
        />
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          {errors.description ? (
            <p id={ids.reviewError} className="font-medium text-error">
              {errors.description.message && say(errors.description.message)}
            </p>
          ) : (
            <span />
          )}
          <p id={ids.reviewCount} className={tooLong ? 'font-medium text-error' : 'text-base-content/80'}>
            {t.characters(formatCount(length), formatCount(REVIEW_MAX_LENGTH))}
          </p>
        </div>
      </div>

      <FormAlert>{post.error?.message}</FormAlert>

      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t.posting : t.postReview}
        </button>
      </div>
    </form>
  );
}
