import { zodResolver } from '@hookform/resolvers/zod';
import { type AddressEntry, type AddressEntryRequest, addressEntryRequest } from '@kanna/shared/address-book';
import { JAPAN, MAX_DELIVERY_ADDRESSES, prefectures } from '@kanna/shared/domain/address-book';
import { messages } from '@kanna/shared/domain/messages';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { lookupFailed, lookupSaid, usePostalCodeLookup } from '../../../api/postal-code-lookup';
import { CountryOptions } from '../../../components/ui/country-options';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, InputField, SelectField } from '../../../components/ui/form-field';
import { SaveOrCancel } from '../../../components/ui/save-or-cancel';
import type { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { addressBookTexts } from '../i18n';

/** The form's values as typed ('' for a part not given), sent as they are: the server checks them again. */
type Values = AddressEntryRequest;
type Output = z.output<typeof addressEntryRequest>;

const valuesOf = (entry: AddressEntry | undefined, kind: 'billing' | 'delivery'): Values => ({
  label: entry?.label ?? '',
  kind: entry?.kind ?? kind,
  recipient: entry?.recipient ?? '',
  company: entry?.company ?? '',
  department: entry?.department ?? '',
  phone: entry?.phone ?? '',
  country: entry?.country ?? JAPAN,
  postalCode: entry?.postalCode ?? '',
  prefecture: entry?.prefecture ?? '',
  city: entry?.city ?? '',
  street: entry?.street ?? '',
  building: entry?.building ?? '',
  line1: entry?.line1 ?? '',
  line2: entry?.line2 ?? '',
  region: entry?.region ?? '',
});

interface AddressFormProps {
  /** The entry edited; a new one when absent. */
  entry?: AddressEntry | undefined;
  /** Another entry is the billing address: this one cannot become one. */
  billingTaken: boolean;
  /** The book holds its most delivery addresses: this one cannot become another. */
  deliveryFull: boolean;
  onSave: (body: AddressEntryRequest) => Promise<unknown>;
  onCancel: () => void;
  /** Why the server refused the last save: each field it named is marked, the rest said above the buttons. */
  refused: ApiError | null;
}

/**
 * One entry of the address book. A Japanese address (the country Japan) is asked for as Japanese
 * addresses are written: the postal code first, which fills the prefecture and city from the
 * shop's table (`GET /api/postal-codes/{code}`), then the street and building; any other as two
 * lines, city, region and postal code. The same contract as the server's checks every field.
 */
export function AddressForm({
  entry,
  billingTaken,
  deliveryFull,
  onSave,
  onCancel,
  refused,
}: AddressFormProps) {
  const t = useTexts(addressBookTexts);
  const say = useSay();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setFocus,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(addressEntryRequest),
    defaultValues: valuesOf(entry, deliveryFull && !billingTaken ? 'billing' : 'delivery'),
  });
  const bound = bindFields(register, errors);
  const country = watch('country');
  const [unplaced, setUnplaced] = useState<string | null>(null);

  useEffect(() => {
    if (!refused) {
      setUnplaced(null);
      return;
    }
    const fields = refused.errors.filter((e) => e.path in getValues());
    for (const [i, e] of fields.entries()) {
      setError(e.path as FieldPath<Values>, { type: 'server', message: e.message }, { shouldFocus: i === 0 });
    }
    setUnplaced(fields.length ? null : refused.message);
  }, [refused, setError, getValues]);

  /** Seven digits typed: the prefecture and city (with its town) are filled from the shop's table. */
  const { status: lookup, lookUp } = usePostalCodeLookup((place) => {
    setValue('prefecture', place.prefecture, { shouldValidate: true });
    setValue('city', `${place.city}${place.town}`, { shouldValidate: true });
    setFocus('street');
  });

  const kindLocked = (kind: 'billing' | 'delivery') =>
    entry?.kind !== kind && (kind === 'billing' ? billingTaken : deliveryFull);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(() => onSave(getValues()).catch(() => {}))}
      className="flex flex-col gap-5"
      aria-label={entry ? t.editTitle(entry.label) : t.addTitle}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={t.label} required hint={t.labelHint} autoFocus {...bound('label')} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t.kind}</legend>
          {(['delivery', 'billing'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-3">
              <input
                type="radio"
                className="radio radio-primary"
                value={kind}
                disabled={kindLocked(kind)}
                {...register('kind')}
              />
              <span>
                {t[kind]}
                {kindLocked(kind) && (
                  <span className="block text-sm text-base-content/80">
                    {kind === 'billing' ? t.billingTaken : t.deliveryFull(MAX_DELIVERY_ADDRESSES)}
                  </span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
        <InputField label={t.recipient} required autoComplete="name" {...bound('recipient')} />
        <InputField
          label={t.phone}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={say(messages.phoneHint)}
          {...bound('phone')}
        />
        <InputField label={t.company} hint={t.optional} autoComplete="organization" {...bound('company')} />
        <InputField label={t.department} hint={t.optional} {...bound('department')} />
        <SelectField label={t.country} required autoComplete="country" {...bound('country')}>
          <CountryOptions />
        </SelectField>
      </div>
      {country === JAPAN ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <InputField
              label={t.postalCode}
              required
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="104-0061"
              maxLength={10}
              className="tabular-nums sm:w-48"
              hint={t.postalHint}
              {...bound('postalCode', { onChange: (e) => void lookUp(e.target.value) })}
            />
            <p
              role="status"
              className={`text-sm ${lookupFailed(lookup) ? 'text-error' : 'text-base-content/80'}`}
            >
              {lookupSaid(lookup, {
                looking: t.lookingUp,
                found: t.found,
                unknown: t.noSuchCode,
                failed: t.notLookedUp,
              })}
            </p>
          </div>
          <SelectField label={t.prefecture} required autoComplete="address-level1" {...bound('prefecture')}>
            <option value="">{t.choosePrefecture}</option>
            {prefectures.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          <InputField label={t.city} required autoComplete="address-level2" {...bound('city')} />
          <InputField label={t.street} required autoComplete="address-line1" {...bound('street')} />
          <InputField
            label={t.building}
            hint={t.optional}
            autoComplete="address-line2"
            {...bound('building')}
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label={t.line1} required autoComplete="address-line1" {...bound('line1')} />
          <InputField label={t.line2} hint={t.optional} autoComplete="address-line2" {...bound('line2')} />
          <InputField label={t.foreignCity} required autoComplete="address-level2" {...bound('city')} />
          <InputField label={t.region} hint={t.optional} autoComplete="address-level1" {...bound('region')} />
          <InputField
            label={t.foreignPostalCode}
            hint={t.optional}
            autoComplete="postal-code"
            {...bound('postalCode')}
          />
        </div>
      )}
      <FormAlert>{unplaced && t.notSaved(unplaced)}</FormAlert>
      <SaveOrCancel saving={isSubmitting} texts={t} onCancel={onCancel} />
    </form>
  );
}
