import type { AddressEntry } from '@kanna/shared/address-book';
import { MAX_DELIVERY_ADDRESSES } from '@kanna/shared/domain/address-book';
import { countryName } from '@kanna/shared/domain/countries';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAddressBook, useDeleteAddressEntry, useSaveAddressEntry } from '../../../api/address-book';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { AddressForm } from '../components/address-form';
import { addressBookTexts } from '../i18n';

/**
 * /dashboard/addresses (signed in): the buyer's address book — one billing address and up to 20
 * delivery addresses — each edited or deleted (after a question) in place, and a new one added
 * with the same form. The checkout offers the delivery addresses.
 */
export function AddressBookPage() {
  const t = useTexts(addressBookTexts);
  usePageMeta(t.title, t.description);
  const book = useAddressBook();
  const save = useSaveAddressEntry();
  const remove = useDeleteAddressEntry();
  const [editing, setEditing] = useState<AddressEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<AddressEntry | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const entries = book.data ?? [];
  const deliveries = entries.filter((e) => e.kind === 'delivery').length;
  const billingTaken = entries.some((e) => e.kind === 'billing');
  const deliveryFull = deliveries >= MAX_DELIVERY_ADDRESSES;
  const close = () => {
    setEditing(null);
    save.reset();
    addButton.current?.focus();
  };

  return (
    <section className="px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
        <Link to="/dashboard/myProfile" className="link">
          {t.backToProfile}
        </Link>
      </div>
      <p className="mb-6 text-base-content/80">{t.description}</p>
      <p role="status" className="mb-4 text-sm font-medium text-success">
        {said}
      </p>
      {editing ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
          <h2 className="mb-4 text-xl font-bold">
            {editing === 'new' ? t.addTitle : t.editTitle(editing.label)}
          </h2>
          <AddressForm
            entry={editing === 'new' ? undefined : editing}
            billingTaken={billingTaken}
            deliveryFull={deliveryFull}
            refused={save.error instanceof ApiError ? save.error : null}
            onCancel={close}
            onSave={(body) =>
              save.mutateAsync({ id: editing === 'new' ? undefined : editing._id, body }).then(() => {
                setSaid(t.saved);
                close();
              })
            }
          />
        </div>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-base-content/80">
              {deliveryFull
                ? t.deliveryFull(MAX_DELIVERY_ADDRESSES)
                : t.deliveryCount(deliveries, MAX_DELIVERY_ADDRESSES)}
            </p>
            <button
              ref={addButton}
              type="button"
              className="btn btn-primary btn-sm"
              disabled={book.isPending || (deliveryFull && billingTaken)}
              onClick={() => {
                setSaid(null);
                setEditing('new');
              }}
            >
              <Plus className="size-4" aria-hidden="true" />
              {t.add}
            </button>
          </div>
          <QueryState query={book} loadingLabel={t.loading} errorTitle={t.notLoaded} empty={t.empty}>
            {(items) => (
              <ul className="grid gap-3 lg:grid-cols-2">
                {items.map((entry) => (
                  <EntryCard
                    key={entry._id}
                    entry={entry}
                    onEdit={() => {
                      setSaid(null);
                      setEditing(entry);
                    }}
                    onRemove={() => setRemoving(entry)}
                  />
                ))}
              </ul>
            )}
          </QueryState>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        confirmLabel={t.removeConfirm}
        cancelLabel={t.keep}
        pendingLabel={t.removing}
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing._id, {
            onSuccess: () => {
              setRemoving(null);
              setSaid(t.removed);
            },
          });
        }}
      >
        <p>{removing && t.removeBody(removing.label)}</p>
      </ConfirmDialog>
    </section>
  );
}

function EntryCard({
  entry,
  onEdit,
  onRemove,
}: {
  entry: AddressEntry;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const t = useTexts(addressBookTexts);
  const language = useLanguage();
  const organisation = [entry.company, entry.department].filter(Boolean).join(' ');
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{entry.label}</h2>
        <span className={`badge ${entry.kind === 'billing' ? 'badge-primary' : 'badge-ghost'}`}>
          {t[entry.kind]}
        </span>
      </div>
      <address className="not-italic leading-relaxed break-words">
        {entry.recipient}
        {organisation && (
          <>
            <br />
            {organisation}
          </>
        )}
        <br />
        {entry.text}
        <br />
        {countryName(entry.country, language)} · {entry.phone}
      </address>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={onEdit}
          aria-label={t.editOf(entry.label)}
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t.edit}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          onClick={onRemove}
          aria-label={t.removeOf(entry.label)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t.remove}
        </button>
      </div>
    </li>
  );
}
