import type { UserRecord } from '@kanna/shared/users';
import { useId, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { FormAlert } from '../../../components/ui/form-alert';
import { Field } from '../../../components/ui/form-field';
import { LoadingDots } from '../../../components/ui/loading-dots';
import { Modal } from '../../../components/ui/modal';
import { useTexts } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { useAssignPriceList, usePriceLists } from '../api/price-lists';
import { adminTexts } from '../i18n';

/**
 * A customer's price list (decision 0060), chosen from the lists or none (the list price): the
 * lists are read when the dialog opens; saved, the buyer's prices change at once.
 */
export function PriceListDialog({ user, onClose }: { user: UserRecord; onClose: () => void }) {
  const t = useTexts(adminTexts).users;
  const lists = usePriceLists();
  const assign = useAssignPriceList();
  const titleId = useId();
  const bodyId = useId();
  const current = lists.data?.find((l) => l.buyers.includes(user.email))?.id ?? '';
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? current;

  const save = () =>
    assign.mutate(
      { email: user.email, priceListId: value || null },
      {
        onSuccess: () => {
          const name = lists.data?.find((l) => l.id === value)?.name ?? null;
          void notify('success', t.priceListGiven(user.displayName, name));
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={titleId}
      describedBy={bodyId}
      closeOnBackdrop={!assign.isPending}
    >
      <h2 id={titleId} className="text-lg font-bold">
        {t.priceListOf(user.displayName)}
      </h2>
      <p id={bodyId} className="mt-2 text-base-content/80 [overflow-wrap:anywhere]">
        {t.priceListBody(user.email)}
      </p>
      <div className="mt-4">
        {lists.isPending ? (
          <LoadingDots label={t.priceListsLoading} />
        ) : lists.isError ? (
          <ErrorMessage message={lists.error.message} onRetry={() => void lists.refetch()} />
        ) : (
          <Field label={t.priceList}>
            {(control) => (
              <select
                className="select w-full"
                {...control}
                data-autofocus
                value={value}
                onChange={(event) => setChosen(event.target.value)}
              >
                <option value="">{t.listPrice}</option>
                {lists.data.map((list) => (
                  <option key={list.id} value={list.id}>
                    {list.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      {assign.error && (
        <div className="mt-4">
          <FormAlert>{assign.error.message}</FormAlert>
        </div>
      )}
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={assign.isPending}>
          {t.cancel}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={save}
          disabled={assign.isPending || !lists.isSuccess}
        >
          {assign.isPending ? t.savingPriceList : t.savePriceList}
        </button>
      </div>
    </Modal>
  );
}
