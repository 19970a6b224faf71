import { zodResolver } from '@hookform/resolvers/zod';
import type { Tool } from '@kanna/shared/catalog';
import { orderCharges, orderCurrency, ratePercent } from '@kanna/shared/domain/charges';
import { countryName } from '@kanna/shared/domain/countries';
import { MAX_ORDER_LINES } from '@kanna/shared/domain/limits';
import { messages } from '@kanna/shared/domain/messages';
import { type Currency, formatPriceIn, MAX_ORDER_CENTS, toMajor, toMinor } from '@kanna/shared/domain/money';
import { lineProblem, nextBreak, type PricedTool, roundToPack, unitPrice } from '@kanna/shared/domain/orders';
import { toolName } from '@kanna/shared/domain/tool-texts';
import { type OrderForm as OrderFormValues, orderForm } from '@kanna/shared/orders';
import { ShoppingCart } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useShopSettings } from '../../../api/get-settings';
import { usePlaceOrder } from '../../../api/place-order';
import { FormAlert } from '../../../components/ui/form-alert';
import { DeliveryFields, InputField } from '../../../components/ui/form-field';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { ApiError } from '../../../lib/api-client';
import { addToCart } from '../../../lib/cart';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useReaderLanguage } from '../../../lib/reader-language';
import { useSay } from '../../../lib/say';
import { refreshSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { pricedTool, pricedToolIn } from '../../../lib/tools';
import { orderTotal } from '../format';
import { orderFormTexts } from '../i18n/form';
import { PriceTable } from './price-table';

/**
 * The most pieces one order may hold at the volume prices: in each price band, as many as keep
 * the total within one order's limit; the largest of them.
 */
const piecesWithinLimit = (rules: PricedTool, currency: Currency): number => {
  const bands = [{ minQuantity: rules.minQuantity, price: rules.price }, ...rules.breaks];
  return Math.max(
    ...bands.map((band, i) => {
      const fit = Math.floor(MAX_ORDER_CENTS / Math.max(1, toMinor(band.price, currency)));
      const end = (bands[i + 1]?.minQuantity ?? Number.POSITIVE_INFINITY) - 1;
      return fit >= band.minQuantity ? Math.min(fit, end) : 0;
    }),
  );
};

/**
 * The most this buyer can order, on the pack size: what is available, unless that many pieces
 * would total more than one order may (then the server's own message explains the lower bound).
 */
const upperBound = (rules: PricedTool, currency: Currency) => {
  const onPack = (n: number) => Math.floor(n / rules.packSize) * rules.packSize;
  const byTotal = piecesWithinLimit(rules, currency);
  return byTotal < rules.available
    ? { max: onPack(byTotal), warning: messages.overCardLimit }
    : { max: onPack(rules.available), warning: messages.aboveAvailable };
};

/**
 * What the shop adds to the goods for a delivery to its own country (shipping, tax), said under
 * the total when it adds anything: the order is placed to that country, and the payment page asks
 * for the amount due. Nothing when the shop charges nothing besides the goods.
 */
function ChargesNote({ goods, currency }: { goods: number; currency: Currency }) {
  const t = useTexts(orderFormTexts);
  const language = useLanguage();
  const settings = useShopSettings().data;
  if (!settings) return null;
  const country = settings.charges.tax.country;
  const charges = orderCharges(toMinor(goods, currency), country, settings.charges, currency);
  const money = (minor: number) => formatPriceIn(toMajor(minor, currency), currency);
  if (!charges || (charges.shippingCents === 0 && charges.taxTreatment === 'none')) return null;
  const parts = [
    charges.shippingCents === 0 ? t.shippingFree : t.shipping(money(charges.shippingCents)),
    ...(charges.taxTreatment === 'domestic'
      ? [t.tax(ratePercent(charges.taxRateBp), money(charges.taxCents))]
      : []),
  ];
  return (
    <p className="-mt-3 text-right text-sm text-base-content/80" aria-live="polite">
      {t.chargesNote(countryName(country, language), parts.join(t.and), money(charges.amountDueCents))}
    </p>
  );
}

/**
 * What is wrong with ordering `quantity` pieces, or null: the shared rule the server applies
 * (lineProblem), in the spec's own words (§5) for the two bounds the stepper warns about too,
 * and the card's limit, since this page pays by card (the server refuses more the same way).
 */
const quantityProblem = (rules: PricedTool, quantity: number, currency: Currency): string | null => {
  const totalCents = toMinor(unitPrice(rules, quantity), currency) * quantity;
  const problem = lineProblem(rules, quantity, totalCents);
  if (problem?.code === 'below_minimum') return messages.belowMinimum;
  if (problem?.code === 'above_available') return messages.aboveAvailable;
  if (!problem && totalCents > MAX_ORDER_CENTS) return messages.overCardLimit;
  return problem?.message ?? null;
};

/** The shared order schema, its quantity judged by quantityProblem. */
const schemaFor = (rules: PricedTool, currency: Currency) =>
  orderForm.extend({
    quantity: orderForm.shape.quantity.superRefine((quantity, ctx) => {
      const problem = quantityProblem(rules, quantity, currency);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
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
  const t = useTexts(orderFormTexts);
  const say = useSay();
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const totalId = useId();
  const lang = useReaderLanguage();
  const [warning, setWarning] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // The order goes to the shop's own country: its currency (yen where the shop prices it in yen).
  const charges = useShopSettings().data?.charges;
  const currency = charges ? orderCurrency(charges.tax.country, charges) : 'USD';
  const yenPerDollar = charges?.yenPerDollar ?? null;
  // The tool as the shared pricing and quantity rules see it, in that currency.
  const rules = useMemo(
    () => pricedToolIn(tool, { currency, yenPerDollar }) ?? pricedTool(tool),
    [tool, currency, yenPerDollar],
  );
  const upper = useMemo(() => upperBound(rules, currency), [rules, currency]);
  const schema = useMemo(() => schemaFor(rules, currency), [rules, currency]);
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
  // Registered here, before the contact fields' `register` below: a refused order focuses the
  // first field in error in the order the fields were registered, and the quantity comes first.
  const { field: quantityField } = useController({ control, name: 'quantity' });
  const quantity = quantityField.value;
  const pack = rules.packSize;
  const quantityOk = quantityProblem(rules, quantity, currency) === null;
  // The volume price of this quantity, and what the next break would save.
  const perPrice = unitPrice(rules, Number.isFinite(quantity) ? quantity : tool.minQuantity);
  const next = quantityOk ? nextBreak(rules, quantity) : null;
  const nextFits = next !== null && quantity + next.more <= upper.max;

  /** A typed quantity off the pack size is brought up to the next pack (down when that is too many). */
  const correctToPack = () => {
    if (!Number.isInteger(quantity) || quantity % pack === 0) return;
    const up = roundToPack(quantity, pack);
    const corrected = up <= upper.max ? up : up - pack;
    setValue('quantity', Math.max(corrected, tool.minQuantity), { shouldValidate: true, shouldTouch: true });
    setWarning(say(messages.packSize(pack)));
  };

  const onAddToCart = async () => {
    if (!(await trigger('quantity'))) return;
    const result = await addToCart([{ toolId: tool._id, quantity }]);
    if (result === 'full') void notify('warning', say(messages.tooManyLines(MAX_ORDER_LINES)));
    else void notify('success', `${say(messages.addedToCart)}: ${quantity} × ${toolName(tool, lang)}`);
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
        currency,
      },
      {
        onSuccess: (result) => {
          if (!result?.insertedId) {
            void notify('error', say(messages.orderFailed));
            return;
          }
          void notify('success', say(messages.orderPlaced));
          navigate('/dashboard/myOrders');
        },
        onError: (error) => {
          void notify('error', say(messages.orderFailed));
          setServerError(error.message);
          // Not confirmed after all (e.g. the page was open before the link was opened elsewhere):
          // ask again, and the purchase page shows how to confirm.
          if (error instanceof ApiError && error.statusCode === 403) void refreshSession();
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t.orderForm}>
      <QuantityStepper
        name={quantityField.name}
        inputRef={quantityField.ref}
        value={quantityField.value}
        onBlur={() => {
          correctToPack();
          quantityField.onBlur();
        }}
        onChange={(value) => {
          setWarning(null);
          setValue('quantity', value, { shouldValidate: true, shouldTouch: true });
        }}
        min={tool.minQuantity}
        max={upper.max}
        step={pack}
        maxWarning={say(upper.warning)}
        disabled={tooLargeAtMinimum}
        onBlocked={(text) => {
          setWarning(text);
          void notify('warning', text);
        }}
        message={
          tooLargeAtMinimum ? say(messages.overCardLimit) : (errors.quantity?.message ?? warning ?? undefined)
        }
      />

      <PriceTable rules={rules} currency={currency} quantity={quantity} />

      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1" aria-live="polite">
        <span>
          {t.pricePerPiece}{' '}
          <span className="font-semibold tabular-nums">{formatPriceIn(perPrice, currency)}</span>
          {perPrice < rules.price && <span className="text-base-content/80">{t.volumePrice}</span>}
        </span>
        {nextFits && next && (
          <span className="text-sm font-medium text-success">
            {t.orderMore(next.more, formatPriceIn(next.price, currency))}
          </span>
        )}
      </p>

      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={t.name} name="name" value={buyer.name} readOnly autoComplete="name" />
        <InputField
          label={t.email}
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
        <span className="font-semibold">{t.total}</span>
        <span className="text-2xl font-bold tabular-nums text-primary">
          {quantityOk ? formatPriceIn(orderTotal(perPrice, quantity), currency) : '—'}
        </span>
      </p>
      {quantityOk && <ChargesNote goods={orderTotal(perPrice, quantity)} currency={currency} />}

      <FormAlert>{serverError}</FormAlert>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={place.isPending || tooLargeAtMinimum}
        >
          {place.isPending ? t.placingOrder : t.placeOrder}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-lg"
          onClick={() => void onAddToCart()}
          disabled={tooLargeAtMinimum}
        >
          <ShoppingCart className="size-5" aria-hidden="true" />
          {t.addToCart}
        </button>
        <Link to="/dashboard/myOrders" className="btn btn-outline btn-lg">
          {t.proceedCheckOut}
        </Link>
      </div>
    </form>
  );
}
