import { zodResolver } from '@hookform/resolvers/zod';
import type { Tool } from '@kanna/shared/catalog';
import { messages } from '@kanna/shared/messages';
import { type OrderForm as OrderFormValues, orderForm } from '@kanna/shared/orders';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/toast';
import { usePlaceOrder } from '../api/place-order';
import { formatMoney, orderTotal } from '../format';
import { QuantityStepper } from './quantity-stepper';

/** The shared order schema, with this tool's own bounds and the spec's warnings (§5). */
const schemaFor = (tool: Pick<Tool, 'minQuantity' | 'maxQuantity'>) =>
  orderForm.extend({
    quantity: orderForm.shape.quantity
      .min(tool.minQuantity, { message: messages.belowMinimum })
      .max(tool.maxQuantity, { message: messages.aboveAvailable }),
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
  const ids = { name: useId(), email: useId(), phone: useId(), address: useId(), total: useId() };
  const [warning, setWarning] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const schema = useMemo(() => schemaFor(tool), [tool]);

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
  const quantityOk =
    Number.isInteger(quantity) && quantity >= tool.minQuantity && quantity <= tool.maxQuantity;

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
            max={tool.maxQuantity}
            onBlocked={(text) => {
              setWarning(text);
              void notify('warning', text);
            }}
            message={errors.quantity?.message ?? warning ?? undefined}
          />
        )}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.name} className="mb-1 block font-semibold">
            Name
          </label>
          <input
            id={ids.name}
            name="name"
            className="input w-full bg-base-200"
            value={buyer.name}
            readOnly
            autoComplete="name"
          />
        </div>
        <div>
          <label htmlFor={ids.email} className="mb-1 block font-semibold">
            Email
          </label>
          <input
            id={ids.email}
            name="email"
            type="email"
            className="input w-full bg-base-200"
            value={buyer.email}
            readOnly
            autoComplete="email"
          />
        </div>
      </div>

      <div>
        <label htmlFor={ids.phone} className="mb-1 block font-semibold">
          Phone
        </label>
        <input
          id={ids.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0312345678"
          className={`input w-full ${errors.phone ? 'input-error' : ''}`}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={`${ids.phone}-hint${errors.phone ? ` ${ids.phone}-error` : ''}`}
          {...register('phone')}
        />
        <p id={`${ids.phone}-hint`} className="mt-1 text-sm text-base-content/80">
          Digits only, with an optional + in front.
        </p>
        {errors.phone && (
          <p id={`${ids.phone}-error`} className="mt-1 text-sm font-medium text-error">
            {errors.phone.message}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={ids.address} className="mb-1 block font-semibold">
          Address
        </label>
        <textarea
          id={ids.address}
          rows={3}
          autoComplete="street-address"
          className={`textarea w-full ${errors.address ? 'textarea-error' : ''}`}
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errors.address ? `${ids.address}-error` : undefined}
          {...register('address')}
        />
        {errors.address && (
          <p id={`${ids.address}-error`} className="mt-1 text-sm font-medium text-error">
            {errors.address.message}
          </p>
        )}
      </div>

      <p
        id={ids.total}
        className="flex items-baseline justify-between gap-3 rounded-box bg-base-200 px-4 py-3"
        aria-live="polite"
      >
        <span className="font-semibold">Total</span>
        <span className="text-2xl font-bold tabular-nums text-primary">
          {quantityOk ? formatMoney(orderTotal(tool.perPrice, quantity)) : '—'}
        </span>
      </p>

      {serverError && (
        <p role="alert" className="rounded-box border border-error/40 px-4 py-3 font-medium text-error">
          {serverError}
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" className="btn btn-primary btn-lg" disabled={place.isPending}>
          {place.isPending ? 'Placing order…' : 'Place order'}
        </button>
        <Link to="/dashboard/myOrders" className="btn btn-outline btn-lg">
          Proceed CheckOut
        </Link>
      </div>
    </form>
  );
}
