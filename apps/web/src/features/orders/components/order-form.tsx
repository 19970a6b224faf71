import { zodResolver } from '@hookform/resolvers/zod';
import type { Tool } from '@kanna/shared/catalog';
import { MAX_ORDER_LINES } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { formatMoney } from '@kanna/shared/domain/money';
import { nextBreak, roundToPack, unitPrice } from '@kanna/shared/domain/orders';
import { type OrderForm as OrderFormValues, orderForm, piecesWithinOrderLimit } from '@kanna/shared/orders';
import { ShoppingCart } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { usePlaceOrder } from '../../../api/place-order';
import { FormAlert } from '../../../components/ui/form-alert';
import { DeliveryFields, InputField } from '../../../components/ui/form-field';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { ApiError } from '../../../lib/api-client';
import { addToCart } from '../../../lib/cart';
import { refreshSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { pricedTool } from '../../../lib/tools';
import { orderTotal } from '../format';
import { PriceTable } from './price-table';

/**
 * The most this buyer can order: what is available, unless that many pieces would total more
 * than one order may (then the server's own message explains the lower bound).
 */
const upperBound = (tool: Pick<Tool, 'maxQuantity' | 'perPrice' | 'packSize'>) => {
  const pack = Math.max(1, tool.packSize);
  const onPack = (n: number) => Math.floor(n / pack) * pack;
  const byTotal = piecesWithinOrderLimit(tool.perPrice);
  return byTotal < tool.maxQuantity
    ? { max: onPack(byTotal), warning: messages.orderTooLarge }
    : { max: onPack(tool.maxQuantity), warning: messages.aboveAvailable };
};

/** The shared order schema, with this tool's own bounds and the spec's warnings (§5). */
const schemaFor = (tool: Pick<Tool, 'minQuantity' | 'packSize'>, upper: { max: number; warning: string }) => {
  const pack = Math.max(1, tool.packSize);
  return orderForm.extend({
    quantity: orderForm.shape.quantity
      .min(tool.minQuantity, { message: messages.belowMinimum })
      .max(upper.max, { message: upper.warning })
      .refine((q) => q % pack === 0, { message: messages.packSize(pack) }),
  });
};

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
    trigger,
    formState: { errors },
  } = useForm<OrderFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: tool.minQuantity, phone: '', address: '' },
    mode: 'onTouched',
  });
  const quantity = useWatch({ control, name: 'quantity' });
  const pack = Math.max(1, tool.packSize);
  const quantityOk =
    Number.isInteger(quantity) &&
    quantity >= tool.minQuantity &&
    quantity <= upper.max &&
    quantity % pack === 0;
  // The volume price of this quantity, and what the next break would save.
  const rules = useMemo(() => pricedTool(tool), [tool]);
  const perPrice = unitPrice(rules, Number.isFinite(quantity) ? quantity : tool.minQuantity);
  const next = quantityOk ? nextBreak(rules, quantity) : null;
  const nextFits = next !== null && quantity + next.more <= upper.max;

  /** A typed quantity off the pack size is brought up to the next pack (down when that is too many). */
  const correctToPack = () => {
    if (!Number.isInteger(quantity) || quantity % pack === 0) return;
    const up = roundToPack(quantity, pack);
    const corrected = up <= upper.max ? up : up - pack;
    setValue('quantity', Math.max(corrected, tool.minQuantity), { shouldValidate: true, shouldTouch: true });
    setWarning(messages.packSize(pack));
  };

  const onAddToCart = async () => {
    if (!(await trigger('quantity'))) return;
    const result = await addToCart([{ toolId: tool._id, quantity }]);
    if (result === 'full') void notify('warning', messages.tooManyLines(MAX_ORDER_LINES));
    else void notify('success', `${messages.addedToCart}: ${quantity} × ${tool.productName}`);
  };

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    place.mutate(
      {
        toolId: tool._id,
        quantity: values.quantity,
        phone: values.phone,
        address: values.address,
        perPrice: unitPrice(rules, values.quantity),
        totalPrice: orderTotal(unitPrice(rules, values.quantity), values.quantity),
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
            onBlur={() => {
              correctToPack();
              field.onBlur();
            }}
            onChange={(value) => {
              setWarning(null);
              setValue('quantity', value, { shouldValidate: true, shouldTouch: true });
            }}
            min={tool.minQuantity}
            max={upper.max}
            step={pack}
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

      <PriceTable tool={tool} quantity={quantity} />

      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1" aria-live="polite">
        <span>
          Price per piece <span className="font-semibold tabular-nums">{formatMoney(perPrice)}</span>
          {perPrice < tool.perPrice && <span className="text-base-content/80"> (volume price)</span>}
        </span>
        {nextFits && next && (
          <span className="text-sm font-medium text-success">
            Order {next.more} more for {formatMoney(next.price)} each
          </span>
        )}
      </p>

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

      <DeliveryFields
        phone={{ registration: register('phone'), error: errors.phone }}
        address={{ registration: register('address'), error: errors.address }}
      />

      <p
        id={totalId}
        className="flex items-baseline justify-between gap-3 rounded-box bg-base-200 px-4 py-3"
        aria-live="polite"
      >
        <span className="font-semibold">Total</span>
        <span className="text-2xl font-bold tabular-nums text-primary">
          {quantityOk ? formatMoney(orderTotal(perPrice, quantity)) : '—'}
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
        <button
          type="button"
          className="btn btn-secondary btn-lg"
          onClick={() => void onAddToCart()}
          disabled={tooLargeAtMinimum}
        >
          <ShoppingCart className="size-5" aria-hidden="true" />
          Add to cart
        </button>
        <Link to="/dashboard/myOrders" className="btn btn-outline btn-lg">
          Proceed CheckOut
        </Link>
      </div>
    </form>
  );
}
