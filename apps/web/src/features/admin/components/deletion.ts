import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/** A delete dialog's words, as each admin page's texts name them. */
interface DeleteWords {
  yesDelete: string;
  keep: string;
  deleting: string;
}

/**
 * Asking before an admin page deletes one of its items. `ask(item)` opens the question (clearing
 * an earlier failure); Yes deletes `keyOf(item)` with `remove` and, once it is gone, closes the
 * question and tells `onDeleted`; a failure stays in the dialog. `dialog(words)` is what
 * ConfirmDialog takes besides its title and body; `item` is the one asked about (null: none).
 */
export function useDeletion<T, K>(
  remove: UseMutationResult<unknown, Error, K>,
  keyOf: (item: T) => K,
  onDeleted: (item: T) => void,
) {
  const [item, setItem] = useState<T | null>(null);
  const ask = (next: T) => {
    remove.reset();
    setItem(next);
  };
  const dialog = (words: DeleteWords) => ({
    open: item !== null,
    confirmLabel: words.yesDelete,
    cancelLabel: words.keep,
    pendingLabel: words.deleting,
    pending: remove.isPending,
    error: remove.error?.message,
    onCancel: () => setItem(null),
    onConfirm: () => {
      if (!item) return;
      remove.mutate(keyOf(item), {
        onSuccess: () => {
          setItem(null);
          onDeleted(item);
        },
      });
    },
  });
  return { item, ask, dialog };
}
