import { zodResolver } from '@hookform/resolvers/zod';
import type { AddressEntry, AddressEntryRequest } from '@kanna/shared/address-book';
import { profileAddressText } from '@kanna/shared/domain/address-book';
import {
  type CheckoutFormInput,
  type CheckoutForm as CheckoutValues,
  checkoutForm,
} from '@kanna/shared/orders';
import type { UserRecord } from '@kanna/shared/users';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BusinessFields } from '../../../components/ui/business-fields';
import { CountryOptions } from '../../../components/ui/country-options';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, DeliveryFields, SelectField } from '../../../components/ui/form-field';
import { PostalCodeField } from '../../../components/ui/postal-code-field';
import { RadioChoice } from '../../../components/ui/radio-choice';
import { useTexts } from '../../../lib/i18n';
import type { Delivery } from '../api/get-last-delivery';
import { cartTexts } from '../i18n';
import { AddressChooser, deliveryEntry, SaveToAddressBook } from './address-book-choice';

interface CheckoutFormProps {
  /** Where the buyer's last order went: phone and address start from it. */
  lastDelivery: Delivery | null;
  /** The buyer's record: phone and address start from it before their first order. */
  profile: Pick<
    UserRecord,
    'phone' | 'streetAddress' | 'city' | 'district' | 'country' | 'displayName' | 'company' | 'department'
  > | null;
  /** The buyer's delivery addresses (the address book): one chosen fills phone, address and country. */
  deliveries?: AddressEntry[] | undefined;
  /** The buyer's billing address in the address book, when there is one: the invoice goes there unless they say otherwise. */
  billing?: AddressEntry | undefined;
  /** The shop's time zone: a delivery date may be asked from its today on (its own until known). */
  timeZone?: string | undefined;
  /** The countries the shop ships to, by name, and the one chosen first (the shop's own). */
  countries: string[];
  country: string;
  /** Told when the buyer picks another country: the totals above follow it. */
  onCountry: (country: string) => void;
  /** Whether the buyer may pay by bank transfer, and whether a card can carry this order at all. */
  bankTransfer: boolean;
  cardAllowed: boolean;
  /** Whether the buyer may order on their company's account (a member of an approved company with terms). */
  onAccount?: boolean | undefined;
  /** The total shown, for the button ("Place order · $1,234"). */
  total: string;
  /** Nothing can be sent while a line has a problem or prices are loading. */
  blocked: string | null;
  pending: boolean;
  serverError: string | null;
  /** `saveAddress`: the delivery as a new entry of the address book, when the buyer asked to save it. */
  onSubmit: (values: CheckoutValues, saveAddress: AddressEntryRequest | null) => void;
}

/**
 * Where the whole cart goes and how it is paid: phone and address (where the last order went, else
 * from the profile), the country
 * (shipping and tax follow it), card, bank transfer or — for a member of a company with terms —
 * on account; then one order for every line. A refusal (over the credit limit) shows at the form.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { profile, lastDelivery, countries, country, onCountry, bankTransfer, cardAllowed } = props;
  const onAccount = props.onAccount ?? false;
  const t = useTexts(cartTexts);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    getValues,
    setError,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutForm),
    defaultValues: {
      phone: lastDelivery?.phone ?? profile?.phone ?? '',
      address: lastDelivery?.address ?? profileAddressText(profile),
      country,
      paymentMethod: cardAllowed || !bankTransfer ? 'card' : 'transfer',
      company: profile?.company ?? '',
      department: profile?.department ?? '',
      billingAddress: props.billing?.text ?? '',
    },
    mode: 'onTouched',
  });
  const bound = bindFields(register, errors);
  // The country is the cart page's (the totals follow it): once the shop's zones or the profile
  // arrive it may start elsewhere than when this form was drawn.
  useEffect(() => {
    if (getValues('country') !== country) setValue('country', country);
  }, [country, getValues, setValue]);

  const [saveAddress, setSaveAddress] = useState(false);
  // The invoice goes to the book's billing address unless the buyer says otherwise (it is asked for then).
  const [billApart, setBillApart] = useState(Boolean(props.billing));
  const [billChosen, setBillChosen] = useState(false);
  // The book arrives after the form is drawn (the checkout does not wait for it): its billing
  // address then applies as if it had been there, unless the buyer has already chosen.
  const bookBilling = props.billing?.text;
  useEffect(() => {
    if (!bookBilling || billChosen) return;
    setBillApart(true);
    if (!getValues('billingAddress')) setValue('billingAddress', bookBilling);
  }, [bookBilling, billChosen, getValues, setValue]);
  const submit = (values: CheckoutValues) => {
    const entry = saveAddress && profile ? deliveryEntry(values, profile) : null;
    if (saveAddress && !entry)
      return setError('address', { message: t.addressUnreadable }, { shouldFocus: true });
    props.onSubmit({ ...values, billingAddress: billApart ? values.billingAddress : undefined }, entry);
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4" aria-label={t.checkout}>
      <AddressChooser
        entries={props.deliveries ?? []}
        onChoose={(entry) => {
          setValue('phone', entry.phone, { shouldValidate: true });
          setValue('address', entry.text, { shouldValidate: true });
          if (countries.includes(entry.country)) {
            setValue('country', entry.country, { shouldValidate: true });
            onCountry(entry.country);
          }
        }}
      />
      <SelectField
        // Drawn again when the countries arrive (the shop's settings), so it shows the chosen one
        // rather than whichever came first once options appeared under an empty select.
        key={countries.join()}
        label={t.country}
        autoComplete="country"
        {...bound('country', { onChange: (e) => onCountry(e.target.value) })}
      >
        <CountryOptions codes={countries} />
      </SelectField>
      {country === 'JP' && <PostalCodeField form={{ getValues, setValue, setFocus }} />}
      <DeliveryFields phone={bound('phone')} address={bound('address')} />
      {profile && <SaveToAddressBook checked={saveAddress} onChange={setSaveAddress} />}
      <BusinessFields
        register={(name) => register(name)}
        errors={errors}
        billApart={billApart}
        onBillApart={(apart) => {
          setBillChosen(true);
          setBillApart(apart);
        }}
        open={Boolean(profile?.company || props.billing)}
        defaultAddressee={profile?.company || profile?.displayName || ''}
        timeZone={props.timeZone}
      />
      {(bankTransfer || onAccount) && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t.payment}</legend>
          <RadioChoice
            value="card"
            field={register('paymentMethod')}
            disabled={!cardAllowed}
            label={t.card}
            hint={!cardAllowed && t.notAboveCardLimit}
          />
          {bankTransfer && (
            <RadioChoice
              value="transfer"
              field={register('paymentMethod')}
              label={t.bankTransfer}
              hint={t.againstProforma}
            />
          )}
          {onAccount && (
            <RadioChoice
              value="account"
              field={register('paymentMethod')}
              label={t.onAccount}
              hint={t.onAccountNote}
            />
          )}
        </fieldset>
      )}
      <FormAlert>{props.serverError}</FormAlert>
      {props.blocked && <p className="text-sm font-medium text-error">{props.blocked}</p>}
      <button
        type="submit"
        className="btn btn-primary btn-lg"
        disabled={props.pending || props.blocked !== null}
      >
        {props.pending ? t.placingOrder : t.placeOrder(props.total)}
      </button>
    </form>
  );
}
