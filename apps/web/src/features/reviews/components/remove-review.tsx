import { REMOVAL_REASON_MAX_LENGTH } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import type { Review } from '@kanna/shared/reviews';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextareaField } from '../../../components/ui/form-field';
import { notify } from '../../../lib/toast';
import { useRemoveReview } from '../api/remove-review';

/**
 * An admin's "Remove review" on a review card: asks for the reason in a confirmation, then
 * removes the review (kept on the server for the record); the lists load again without it.
 * The server judges the reason too; here a blank one is caught before anything is sent.
 */
export function RemoveReview({ review }: { review: Review }) {
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
          void notify('success', messages.reviewRemoved);
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
        Remove review<span className="sr-only"> by {review.name}</span>
      </button>
      <ConfirmDialog
        open={open}
        title="Remove this review?"
        confirmLabel="Yes, remove review"
        pendingLabel="Removing…"
        cancelLabel="Keep review"
        onConfirm={confirm}
        onCancel={close}
        pending={remove.isPending}
        error={remove.error?.message}
      >
        <p className="mb-4">
          {review.name}’s review leaves the site for good; it is kept, with your reason, for the record.
        </p>
        <TextareaField
          label="Reason"
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
