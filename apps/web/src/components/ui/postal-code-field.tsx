import { useId } from 'react';
import { lookupFailed, lookupSaid, placeName, usePostalCodeLookup } from '../../api/postal-code-lookup';
import { useTexts } from '../../lib/i18n';
import { partyTexts } from './i18n/parties';

/**
 * A Japanese address starts with its postal code (docs/rules.md, "Japanese addresses"):
 * once seven digits are typed the shop's table names the prefecture, city and town, which
 * it puts at the start of the form's address (`〒104-0061 東京都中央区銀座 `) for the buyer (or the admin entering
 * their order) to add the street and building. A code no place has is said, and the address is left as it is.
 */
/**
 * An address without the 〒 line `PostalCodeField` put at its start (`〒104-0061 東京都中央区銀座 `):
 * what the reader typed after it, which a newly found place's line goes in front of.
 */
const withoutPostalStart = (address: string): string => address.replace(/^〒\S+ \S+ ?/, '');

/** What `PostalCodeField` needs of the form whose `address` it fills: react-hook-form's own methods. */
interface AddressForm {
  getValues: (name: 'address') => string;
  setValue: (name: 'address', value: string, options: { shouldValidate: boolean }) => void;
  setFocus: (name: 'address') => void;
}

/**
 * Puts a found place's line at the start of `form`'s address: it replaces an earlier 〒 line, and
 * what was typed after that is kept (and checked again); the address takes the focus for the street.
 */
function putFirst(form: AddressForm, start: string) {
  const typed = withoutPostalStart(form.getValues('address'));
  form.setValue('address', start + typed, { shouldValidate: typed !== '' });
  form.setFocus('address');
}

export function PostalCodeField({ form }: { form: AddressForm }) {
  const t = useTexts(partyTexts);
  const id = useId();
  const { status, lookUp } = usePostalCodeLookup((place, postalCode) =>
    putFirst(form, `〒${postalCode} ${placeName(place)} `),
  );

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {t.postalCode}
      </label>
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className="text-base-content/80">
          〒
        </span>
        <input
          id={id}
          className="input w-40 tabular-nums"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="104-0061"
          maxLength={10}
          aria-describedby={`${id}-status`}
          onChange={(event) => void lookUp(event.target.value)}
        />
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className={`text-sm ${lookupFailed(status) ? 'text-error' : 'text-base-content/80'}`}
      >
        {lookupSaid(status, {
          looking: t.lookingUp,
          found: t.addStreet,
          unknown: t.noSuchCode,
          failed: t.notLookedUp,
        }) ?? t.sevenDigits}
      </p>
    </div>
  );
}
