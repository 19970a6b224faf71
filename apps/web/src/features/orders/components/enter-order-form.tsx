import { zodResolver } from '@hookform/resolvers/zod';
import type { Tool } from '@kanna/shared/catalog';
import { profileAddressText } from '@kanna/shared/domain/address-book';
import { MAX_ORDER_LINES } from '@kanna/shared/domain/limits';
import { type Currency, formatPrice, formatPriceIn } from '@kanna/shared/domain/money';
import { toolName } from '@kanna/shared/domain/tool-texts';
import {
  type EnterOrderRequest,
  type EnterOrderForm as EnterOrderValues,
  enterOrderRequest,
} from '@kanna/shared/orders';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useProfile } from '../../../api/get-profile';
import { BusinessFields, type PartyField } from '../../../components/ui/business-fields';
import { CountryOptions } from '../../../components/ui/country-options';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, DeliveryFields, InputField, SelectField } from '../../../components/ui/form-field';
import { PostalCodeField } from '../../../components/ui/postal-code-field';
import { RadioChoice } from '../../../components/ui/radio-choice';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { useReaderLanguage } from '../../../lib/reader-language';
import { useSay } from '../../../lib/say';
import { useShownCurrency } from '../../../lib/shown-currency';
import { enterOrderTexts } from '../i18n/enter';

/** The fields a refusal may name, besides a line's tool or quantity (`lines.2.quantity`). */
const namedFields = new Set<string>([
  'buyerEmail',
  'lines',
  'phone',
  'address',
  'country',
  'paymentMethod',
  'billingAddress',
  'company',
  'department',
  'receiptAddressee',
  'receiptNote',
  'poNumber',
  'requestedDate',
] satisfies (FieldPath<EnterOrderRequest> | PartyField)[]);
const linePath = /^lines\.\d+\.(toolId|quantity)$/;

interface EnterOrderFormProps {
  /** The tools on sale, newest first: each line chooses one. */
  tools: Tool[];
  /** The countries the shop ships to (the checkout's list) and the one chosen first (the shop's own). */
  countries: string[];
  country: string;
  /** Whether the shop takes bank transfers: the payment method is asked for then. */
  bankTransfer: boolean;
  /** The shop's time zone: a delivery date may be asked from its today on. */
  timeZone: string | undefined;
  pending: boolean;
  /** The server's refusal of the last try: its fields are said at their fields, the rest above the button. */
  refusal: Error | null;
  onSubmit: (values: EnterOrderValues) => void;
}

/** A tool's list price a piece: in yen where the reader sees yen and the shop prices it so, else in dollars. */
const listPrice = (tool: Tool, currency: Currency) =>
  currency === 'JPY' && tool.yen ? formatPriceIn(tool.yen.perPrice, 'JPY') : `$${formatPrice(tool.perPrice)}`;

/**
 * An order taken by phone or fax, for its buyer (docs/rules.md, "Orders entered by the shop"): the
 * buyer's e-mail address (their account is looked up and named), the lines, the delivery, the
 * payment method and the order's parties. Judged by the shared `enterOrderRequest` before it is
 * sent; the server prices and judges it again as the buyer's own order.
 */
export function EnterOrderForm(props: EnterOrderFormProps) {
  const { tools, countries, bankTransfer, refusal } = props;
  const t = useTexts(enterOrderTexts);
  const say = useSay();
  const lang = useReaderLanguage();
  const currency = useShownCurrency();
  const linesId = useId();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    getFieldState,
    setFocus,
    setError,
    formState: { errors },
  } = useForm<EnterOrderRequest, unknown, EnterOrderValues>({
    resolver: zodResolver(enterOrderRequest),
    defaultValues: {
      buyerEmail: '',
      lines: [{ toolId: '', quantity: 1 }],
      phone: '',
      address: '',
      country: props.country,
      paymentMethod: 'card',
    },
    mode: 'onTouched',
  });
  const bound = bindFields(register, errors);
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const country = useWatch({ control, name: 'country' });
  const byId = new Map(tools.map((tool) => [tool._id, tool]));

  // The country starts as the shop's own once its settings arrive.
  useEffect(() => {
    if (!getValues('country') && props.country) setValue('country', props.country);
  }, [props.country, getValues, setValue]);

  // The buyer's account, once an address is typed and left: named under the field.
  const [lookedUp, setLookedUp] = useState('');
  const buyer = useProfile(lookedUp);
  // Found, their phone, address and country fill the delivery fields the admin has not touched
  // yet, as the buyer's own first checkout starts from them.
  const found = buyer.data;
  const filledFor = useRef<typeof found>(undefined);
  useEffect(() => {
    if (!found || filledFor.current === found) return;
    filledFor.current = found;
    const untouched = (name: 'phone' | 'address' | 'country') => !getFieldState(name).isDirty;
    const address = profileAddressText(found);
    if (found.phone && untouched('phone')) setValue('phone', found.phone);
    if (address && untouched('address')) setValue('address', address);
    if (found.country && countries.includes(found.country) && untouched('country'))
      setValue('country', found.country);
  }, [found, countries, getFieldState, setValue]);

  // The invoice goes where the goods go unless the admin says otherwise (the billing address is asked for then).
  const [billApart, setBillApart] = useState(false);
  const submit = (values: EnterOrderValues) =>
    props.onSubmit({ ...values, billingAddress: billApart ? values.billingAddress : undefined });

  // The server's refusal: each named field at its field, the first focused; the rest above the button.
  const [unplaced, setUnplaced] = useState<string | null>(null);
  useEffect(() => {
    if (!refusal) {
      setUnplaced(null);
      return;
    }
    const fieldErrors = refusal instanceof ApiError ? refusal.errors : [];
    // The payment method is asked for only when the shop takes transfers: otherwise its refusal is said above the button.
    const placed = fieldErrors.filter(
      (e) =>
        (namedFields.has(e.path) && (e.path !== 'paymentMethod' || bankTransfer)) || linePath.test(e.path),
    );
    for (const [i, e] of placed.entries()) {
      setError(
        e.path as FieldPath<EnterOrderRequest>,
        { type: 'server', message: e.message },
        { shouldFocus: i === 0 },
      );
    }
    setUnplaced(placed.length ? null : refusal.message);
  }, [refusal, setError, bankTransfer]);

  const lineErrors = errors.lines;
  // What is wrong with the lines as a whole (none, too many): the schema's, or the server's at `lines`.
  const linesMessage = lineErrors?.root?.message ?? lineErrors?.message;
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-6" aria-label={t.title}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold">{t.buyer}</legend>
        <InputField
          label={t.buyerEmail}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          hint={t.buyerEmailHint}
          registration={register('buyerEmail', {
            onBlur: (event) => {
              const typed = String(event.target.value).trim();
              if (enterOrderRequest.shape.buyerEmail.safeParse(typed).success) setLookedUp(typed);
            },
          })}
          error={errors.buyerEmail}
        />
        {lookedUp && (
          <p
            role="status"
            className={`text-sm ${buyer.isError ? 'text-warning-content' : 'text-base-content/80'}`}
          >
            {buyer.isPending
              ? t.lookingUpBuyer
              : buyer.data
                ? t.buyerFound(`${buyer.data.displayName} (${buyer.data.email})`)
                : buyer.error instanceof ApiError && buyer.error.statusCode === 404
                  ? t.noSuchBuyer
                  : null}
          </p>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-3" aria-describedby={`${linesId}-limit`}>
        <legend className="mb-2 text-lg font-semibold">{t.lines}</legend>
        {fields.map((field, i) => {
          const chosen = byId.get(lines?.[i]?.toolId ?? '');
          const lineError = lineErrors?.[i];
          return (
            <fieldset
              key={field.id}
              className="grid grid-cols-[1fr_auto] items-start gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_8rem_auto]"
            >
              <legend className="sr-only">{t.lineLabel(i + 1)}</legend>
              <div className="col-span-2 sm:col-span-1">
                <SelectField
                  label={t.tool}
                  hint={chosen && t.toolHint(chosen.sku ?? null, listPrice(chosen, currency))}
                  error={lineError?.toolId}
                  registration={register(`lines.${i}.toolId`)}
                >
                  <option value="">{t.chooseTool}</option>
                  {tools.map((tool) => (
                    <option key={tool._id} value={tool._id}>
                      {tool.sku ? `${toolName(tool, lang)} (${tool.sku})` : toolName(tool, lang)}
                    </option>
                  ))}
                </SelectField>
              </div>
              <InputField
                label={t.quantity}
                type="number"
                inputMode="numeric"
                min={chosen?.minQuantity ?? 1}
                step={chosen?.packSize ?? 1}
                className="tabular-nums"
                registration={register(`lines.${i}.quantity`, { valueAsNumber: true })}
                error={lineError?.quantity}
              />
              <button
                type="button"
                className="btn btn-ghost btn-square mt-7"
                aria-label={t.removeLine(i + 1)}
                disabled={fields.length === 1}
                onClick={() => remove(i)}
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            </fieldset>
          );
        })}
        {linesMessage && <p className="text-sm font-medium text-error">{say(linesMessage)}</p>}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn btn-outline max-sm:w-full"
            disabled={fields.length >= MAX_ORDER_LINES}
            onClick={() => append({ toolId: '', quantity: 1 })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t.addLine}
          </button>
          <p id={`${linesId}-limit`} className="text-sm text-base-content/80">
            {t.atMostLines(MAX_ORDER_LINES)}
          </p>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-lg font-semibold">{t.delivery}</legend>
        <SelectField label={t.country} key={countries.join()} {...bound('country')}>
          <CountryOptions codes={countries} />
        </SelectField>
        {country === 'JP' && <PostalCodeField form={{ getValues, setValue, setFocus }} />}
        <DeliveryFields phone={bound('phone')} address={bound('address')} />
      </fieldset>

      {bankTransfer && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-lg font-semibold">{t.payment}</legend>
          <RadioChoice value="card" field={register('paymentMethod')} label={t.card} hint={t.cardHint} />
          <RadioChoice
            value="transfer"
            field={register('paymentMethod')}
            label={t.bankTransfer}
            hint={t.transferHint}
          />
          <RadioChoice
            value="account"
            field={register('paymentMethod')}
            label={t.onAccount}
            hint={t.onAccountHint}
          />
          {errors.paymentMethod?.message && (
            <p className="text-sm font-medium text-error">{say(errors.paymentMethod.message)}</p>
          )}
        </fieldset>
      )}

      <BusinessFields
        register={(name) => register(name)}
        errors={errors}
        billApart={billApart}
        onBillApart={setBillApart}
        open={false}
        defaultAddressee={buyer.data?.company || buyer.data?.displayName || ''}
        timeZone={props.timeZone}
        forBuyer
      />

      <FormAlert>{unplaced}</FormAlert>
      <button type="submit" className="btn btn-primary btn-lg" disabled={props.pending}>
        {props.pending ? t.entering : t.submit}
      </button>
    </form>
  );
}
