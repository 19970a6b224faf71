import { zodResolver } from '@hookform/resolvers/zod';
import type { Tool } from '@kanna/shared/catalog';
import { messages } from '@kanna/shared/domain/messages';
import { formatMoney } from '@kanna/shared/domain/money';
import { type OrderForm as OrderFormValues, orderForm, piecesWithinOrderLimit } from '@kanna/shared/orders';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField, TextareaField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { usePlaceOrder } from '../api/place-order';
import { orderTotal } from '../format';
import { QuantityStepper } from './quantity-stepper';

/**
 * The most this buyer can order: what is available, unless that many pieces would total more
 * than one order may (then the server's own message explains the lower bound).
 */
const upperBound = (tool: Pick<Tool, 'maxQuantity' | 'perPrice'>) => {
  const byTotal = piecesWithinOrderLimit(tool.perPrice);
  return byTotal < tool.maxQuantity
    ? { max: byTotal, warning: messages.orderTooLarge }
    : { max: tool.maxQuantity, warning: messages.aboveAvailable };
};

/** The shared order schema, with this tool's own bounds and the spec's warnings (§5). */
const schemaFor = (tool: Pick<Tool, 'minQuantity'>, upper: { max: number; warning: string }) =>
  orderForm.extend({
    quantity: orderForm.shape.quantity
      .min(tool.minQuantity, { message: messages.belowMinimum })
      .max(upper.max, { message: upper.warning }),
  });

interface OrderFormProps {
  tool: Tool;
  buyer: { name: string; email: string };
}

/**
 * The purchase form: quantity between the tool's minimum and what is available, the buyer's
 * name and e-mail from the session (read-only), phone and address, and the live total.
 */
export function OrderForm({ tool, buyer }: OrderFormProps) {
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const totalId = useId();
  const [warning, setWarning] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const upper = useMemo(() => upperBound(tool), [tool]);
  const schema = useMemo(() => schemaFor(tool, upper), [tool, upper]);
  // Even the minimum order would total more than one order may: only an enquiry can help.
  const tooLargeAtMinimum = upper.max < tool.minQuantity;

  const {
    control,
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<OrderFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: tool.minQuantity, phone: '', address: '' },
    mode: 'onTouched',
  });
  const quantity = useWatch({ control, name: 'quantity' });
  const quantityOk = Number.isInteger(quantity) && quantity >= tool.minQuantity && quantity <= upper.max;

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    place.mutate(
      {
        toolId: tool._id,
        quantity: values.quantity,
        phone: values.phone,
        address: values.address,
        perPrice: tool.perPrice,
        totalPrice: orderTotal(tool.perPrice, values.quantity),
      },
      {
        onSuccess: (result) => {
          if (!result?.insertedId) {
            void notify('error', messages.orderFailed);
            return;
          }
          void notify('success', messages.orderPlaced);
          navigate('/dashboard/myOrders');
        },
        onError: (error) => {
          void notify('error', messages.orderFailed);
          setServerError(error.message);
          // Not confirmed after all (e.g. the page was open before the link was opened elsewhere):
          // ask again, and the purchase page shows how to confirm.
          if (error instanceof ApiError && error.statusCode === 403) void refreshSession();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Order form">
      <Controller
        control={control}
        name="quantity"
        render={({ field }) => (
          <QuantityStepper
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(value) => {
              setWarning(null);
              setValue('quantity', value, { shouldValidate: true, shouldTouch: true });
            }}
            min={tool.minQuantity}
            max={upper.max}
            maxWarning={upper.warning}
            disabled={tooLargeAtMinimum}
            onBlocked={(text) => {
              setWarning(text);
              void notify('warning', text);
            }}
            message={
              tooLargeAtMinimum ? messages.orderTooLarge : (errors.quantity?.message ?? warning ?? undefined)
            }
          />
        )}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Name" name="name" value={buyer.name} readOnly autoComplete="name" />
        <InputField
          label="Email"
          name="email"
          type="email"
          value={buyer.email}
          readOnly
          autoComplete="email"
        />
      </div>

      <InputField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0312345678"
        hint="Digits only, with an optional + in front."
        registration={register('phone')}
        error={errors.phone}
      />

      <TextareaField
        label="Address"
        rows={3}
        autoComplete="street-address"
        registration={register('address')}
        error={errors.address}
      />

      <p
        id={totalId}
        className="flex items-baseline justify-between gap-3 rounded-box bg-base-200 px-4 py-3"
        aria-live="polite"
      >
        <span className="font-semibold">Total</span>
        <span className="text-2xl font-bold tabular-nums text-primary">
          {quantityOk ? formatMoney(orderTotal(tool.perPrice, quantity)) : '—'}
        </span>
      </p>

      <FormAlert>{serverError}</FormAlert>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={place.isPending || tooLargeAtMinimum}
        >
          {place.isPending ? 'Placing order…' : 'Place order'}
        </button>
        <Link to="/dashboard/myOrders" className="btn btn-outline btn-lg">
          Proceed CheckOut
        </Link>
      </div>
    </form>
  );
}
