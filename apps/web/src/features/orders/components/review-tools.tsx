import { RATING_MAX, REVIEW_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { toolName } from '@kanna/shared/domain/tool-texts';
import type { OrderDesk, OrderLine } from '@kanna/shared/orders';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useReviewTool } from '../../../api/post-tool-review';
import { FormAlert } from '../../../components/ui/form-alert';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { linesOf } from '../api/order-again';
import { orderDeskTexts } from '../i18n/desk';
import { OrderSection } from './order-details';

const ratings = Array.from({ length: RATING_MAX }, (_, i) => RATING_MAX - i);

/** One line's review: a button that opens the form, the form, then a link to the tool's page once posted. */
function ReviewLine({ line }: { line: Pick<OrderLine, 'toolId' | 'productName' | 'productNameJa'> }) {
  const t = useTexts(orderDeskTexts);
  const say = useSay();
  const name = toolName(line, useLanguage());
  const id = useId();
  const review = useReviewTool();
  const [open, setOpen] = useState(false);
  const [posted, setPosted] = useState(false);
  const [rating, setRating] = useState('');
  const [description, setDescription] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    review.mutate(
      { toolId: line.toolId, rating: Number(rating), description },
      {
        onSuccess: () => {
          setPosted(true);
          setOpen(false);
          void notify('success', say(messages.reviewPosted));
        },
      },
    );
  };

  return (
    <li className="flex flex-col gap-3 border-base-300 border-b pb-3 last:border-b-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{name}</span>
        {posted ? (
          <Link to={`/tools/${line.toolId}`} className="link link-primary">
            {t.reviewPostedSee}
          </Link>
        ) : (
          !open && (
            <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)}>
              {t.reviewTool(name)}
            </button>
          )
        )}
      </div>
      {open && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label={t.reviewTool(name)}>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-rating`} className="font-semibold">
              {t.reviewRating}
            </label>
            <select
              id={`${id}-rating`}
              className="select w-full max-w-xs"
              value={rating}
              onChange={(e) => setRating(e.target.value)}
            >
              <option value="">{t.reviewChooseRating}</option>
              {ratings.map((n) => (
                <option key={n} value={n}>
                  {t.reviewStars(n, RATING_MAX)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-text`} className="font-semibold">
              {t.reviewText}
            </label>
            <textarea
              id={`${id}-text`}
              rows={4}
              maxLength={REVIEW_MAX_LENGTH}
              className="textarea w-full"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <FormAlert>{review.error?.message}</FormAlert>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={review.isPending}>
              {t.reviewPost}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              {t.reviewCancel}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

/**
 * A shipped order's tools, each with its own review (decision 0058): the buyer rates a tool they
 * received, and the review is shown on that tool's page. The server decides (403 before it ships,
 * 409 the second time) and says why; the page offers it only while `mayReviewTools`.
 */
export function ReviewTools({ order }: { order: OrderDesk }) {
  const t = useTexts(orderDeskTexts);
  return (
    <OrderSection id="review-tools" title={t.reviewTools}>
      <p className="mb-3 text-sm text-base-content/80">{t.reviewToolsHelp}</p>
      <ul className="flex flex-col gap-3">
        {linesOf(order).map((line) => (
          <ReviewLine key={line.toolId} line={line} />
        ))}
      </ul>
    </OrderSection>
  );
}
