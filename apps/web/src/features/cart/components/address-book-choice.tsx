import type { AddressEntry, AddressEntryRequest } from '@kanna/shared/address-book';
import { placeFromText } from '@kanna/shared/domain/address-book';
import { useId } from 'react';
import { useTexts } from '../../../lib/i18n';
import { cartTexts } from '../i18n';

/** What an entry puts into the checkout: its phone, its one-text address and its country. */
export type ChosenDelivery = Pick<AddressEntry, 'phone' | 'text' | 'country'>;

/**
 * The buyer's delivery addresses (their address book), one chosen to fill the checkout's phone,
 * address and country; nothing when the book has none. The fields stay editable after.
 */
export function AddressChooser({
  entries,
  onChoose,
}: {
  entries: AddressEntry[];
  onChoose: (entry: ChosenDelivery) => void;
}) {
  const t = useTexts(cartTexts);
  const id = useId();
  if (entries.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {t.fromAddressBook}
      </label>
      <select
        id={id}
        className="select w-full"
        defaultValue=""
        onChange={(event) => {
          const entry = entries.find((e) => e._id === event.target.value);
          if (entry) onChoose(entry);
        }}
      >
        <option value="">{t.chooseDelivery}</option>
        {entries.map((entry) => (
          <option key={entry._id} value={entry._id}>
            {entry.label} — {entry.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The buyer who would receive a saved delivery: the profile's name, company and department. */
export type Recipient = { displayName: string; company: string | null; department: string | null };

/**
 * The checkout's delivery as a new entry of the address book, labelled with its city (the buyer
 * renames it in the book): null when the address is not written so that its parts can be read
 * (`placeFromText`), which the checkout then says at the address.
 */
export function deliveryEntry(
  values: { phone: string; address: string; country: string },
  recipient: Recipient,
): AddressEntryRequest | null {
  const place = placeFromText(values.address, values.country);
  if (!place?.city) return null;
  const text = (v: string | null | undefined) => v ?? '';
  return {
    label: place.city.slice(0, 60),
    kind: 'delivery',
    recipient: recipient.displayName,
    company: text(recipient.company),
    department: text(recipient.department),
    phone: values.phone,
    country: values.country,
    postalCode: text(place.postalCode),
    prefecture: text(place.prefecture),
    city: place.city,
    street: text(place.street),
    line1: text(place.line1),
    line2: text(place.line2),
  };
}

/** "Keep this delivery for next time" (saved to the address book), and how to write the address when it cannot be read. */
export function SaveToAddressBook({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useTexts(cartTexts);
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={checked}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{t.saveToAddressBook}</span>
      </label>
      <p id={hintId} className="text-sm text-base-content/80">
        {t.saveToAddressBookHint}
      </p>
    </div>
  );
}
