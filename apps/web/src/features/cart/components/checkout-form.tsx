import { zodResolver } from '@hookform/resolvers/zod';
import { type CheckoutForm as CheckoutValues, checkoutForm } from '@kanna/shared/orders';
import type { UserRecord } from '@kanna/shared/users';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { DeliveryFields } from '../../../components/ui/form-field';

interface CheckoutFormProps {
  /** The buyer's record: phone and address start from it. */
  profile: Pick<UserRecord, 'phone' | 'streetAddress' | 'city' | 'district'> | null;
  /** The total shown, for the button ("Place order · $1,234"). */
  total: string;
  /** Nothing can be sent while a line has a problem or prices are loading. */
  blocked: string | null;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: CheckoutValues) => void;
}

/** The profile's address on one line: street, city, district. */
const addressOf = (profile: CheckoutFormProps['profile']) =>
  [profile?.streetAddress, profile?.city, profile?.district].filter((v) => v?.trim()).join(', ');

/** Where the whole cart goes: phone and address (from the profile), then one order for every line. */
export function CheckoutForm({ profile, total, blocked, pending, serverError, onSubmit }: CheckoutFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckoutValues>({
    resolver: zodResolver(checkoutForm),
    defaultValues: {
      phone: profile?.phone ?? '',
      address: addressOf(profile),
      country: 'JP',
      paymentMethod: 'card',
    },
    mode: 'onTouched',
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-label="Checkout">
      <DeliveryFields
        phone={{ registration: register('phone'), error: errors.phone }}
        address={{ registration: register('address'), error: errors.address }}
      />
      <FormAlert>{serverError}</FormAlert>
      {blocked && <p className="text-sm font-medium text-error">{blocked}</p>}
      <button type="submit" className="btn btn-primary btn-lg" disabled={pending || blocked !== null}>
        {pending ? 'Placing order…' : `Place order · ${total}`}
      </button>
    </form>
  );
}
