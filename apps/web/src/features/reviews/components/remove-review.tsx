import { REMOVAL_REASON_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import type { Review } from '@kanna/shared/reviews';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextareaField } from '../../../components/ui/form-field';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { notify } from '../../../lib/toast';
import { useRemoveReview } from '../api/remove-review';
import { reviewsTexts } from '../i18n';

/**
 * An admin's "Remove review" on a review card: asks for the reason in a confirmation, then
 * removes the review (kept on the server for the record); the lists load again without it.
 * The server judges the reason too; here a blank one is caught before anything is sent.
 */
export function RemoveReview({ review }: { review: Review }) {
  const t = useTexts(reviewsTexts);
  const say = useSay();
  const remove = useRemoveReview();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const close = () => {
    setOpen(false);
    setReason('');
    setMissing(false);
    remove.reset();
  };
  const confirm = () => {
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    remove.mutate(
      { id: review._id, reason },
      {
        onSuccess: () => {
          void notify('success', say(messages.reviewRemoved));
          close();
        },
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error self-start"
        onClick={() => setOpen(true)}
      >
        {t.removeReview}
        <span className="sr-only">{t.by(review.name)}</span>
      </button>
      <ConfirmDialog
        open={open}
        title={t.removeTitle}
        confirmLabel={t.yesRemove}
        pendingLabel={t.removing}
        cancelLabel={t.keepReview}
        onConfirm={confirm}
        onCancel={close}
        pending={remove.isPending}
        error={remove.error?.message}
      >
        <p className="mb-4">{t.removeExplained(review.name)}</p>
        <TextareaField
          label={t.reason}
          required
          rows={3}
          maxLength={REMOVAL_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          error={missing ? { type: 'required', message: messages.removalReasonRequired } : undefined}
        />
      </ConfirmDialog>
    </>
  );
}
