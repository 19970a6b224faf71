import { zodResolver } from '@hookform/resolvers/zod';
import { taxRoundings } from '@kanna/shared/domain/charges';
import { countryChoices, countryName } from '@kanna/shared/domain/countries';
import { dollarsToCents, formatIn, yenFromCents } from '@kanna/shared/domain/money';
import {
  REST_OF_WORLD,
  type ShopSettingsFields,
  type ShopSettingsInput,
  shopSettingsFields,
} from '@kanna/shared/shop-settings';
import { Plus, Trash2, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, Field, InputField, SelectField, TextareaField } from '../../../components/ui/form-field';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { settingsTexts } from '../i18n';

type Values = ShopSettingsInput;

interface SettingsFormProps {
  /** The settings as stored (or the defaults). */
  initial: ShopSettingsFields;
  /** Saves the whole object; resolves true when saved (the form then starts from what was saved). */
  onSubmit: (values: ShopSettingsFields) => Promise<boolean>;
  /** Why the last save failed, when the server named no field. */
  serverError?: string | null | undefined;
  /** The server's refusals by field (`shippingZones.1.countries`), shown at their fields. */
  serverErrors?: readonly { path: string; message: string }[] | undefined;
}

/** A required number typed as text: empty or not a number is NaN, which the shared rule refuses with its message. */
const requiredNumber = (v: unknown) => (v === '' || v === null ? Number.NaN : Number(v));
/** An optional amount: empty is none (null). */
const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

const emptyZone = {
  name: '',
  countries: [] as string[],
  rate: 0,
  freeFrom: null,
  rateYen: null,
  freeFromYen: null,
};

/**
 * The yen a dollar amount of the form stands for at the form's yen rate (as a yen order would be
 * charged when its yen field is left empty), written as yen; undefined while either is not a number.
 */
function derivedYen(dollars: unknown, yenPerDollar: unknown): string | undefined {
  if (typeof dollars !== 'number' || !Number.isFinite(dollars) || dollars < 0) return undefined;
  if (typeof yenPerDollar !== 'number' || !Number.isFinite(yenPerDollar) || yenPerDollar <= 0)
    return undefined;
  return formatIn(yenFromCents(dollarsToCents(dollars), yenPerDollar), 'JPY');
}

/** The Japanese legal name and address are left out when empty (the English ones serve), as before there were two. */
function withoutEmptyJapanese(values: ShopSettingsFields): ShopSettingsFields {
  const { legalNameJa, addressJa, ...rest } = values;
  return { ...rest, ...(legalNameJa ? { legalNameJa } : {}), ...(addressJa ? { addressJa } : {}) };
}

/**
 * The shop settings (docs/rules.md, "Shop settings"), in sections, checked with the same shared schema the server
 * uses (packages/shared/src/shop-settings.ts); the server's refusals are shown at their fields.
 */
export function SettingsForm({ initial, onSubmit, serverError, serverErrors }: SettingsFormProps) {
  const t = useTexts(settingsTexts);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, ShopSettingsFields>({
    resolver: zodResolver(shopSettingsFields),
    defaultValues: initial,
  });
  const bound = bindFields(register, errors);
  const zones = useFieldArray({ control, name: 'shippingZones' });
  const [yenPerDollar, minimumOrder] = useWatch({ control, name: ['yenPerDollar', 'minimumOrder'] });
  const minimumDerived = derivedYen(minimumOrder, yenPerDollar);
  const [unplaced, setUnplaced] = useState<string | null>(null);
  // A removed zone takes its button with it: the keyboard goes on from Add zone.
  const addZone = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const left: string[] = [];
    for (const { path, message } of serverErrors ?? []) {
      // A country code refused inside a zone's list is shown at the list.
      const name = path.replace(/^(shippingZones\.\d+\.countries)\.\d+$/, '$1');
      if (/^[A-Za-z.\d]+$/.test(name) && name !== '') {
        setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: left.length === 0 });
      } else left.push(message);
    }
    setUnplaced(left.length ? left.join(' ') : null);
  }, [serverErrors, setError]);

  const submit = async (values: ShopSettingsFields) => {
    if (await onSubmit(withoutEmptyJapanese(values))) reset(values);
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-6" aria-label={t.form}>
      <Section title={t.business} hint={t.businessHint}>
        <InputField label={t.legalName} required autoComplete="organization" {...bound('legalName')} />
        <TextareaField
          label={t.address}
          rows={3}
          autoComplete="street-address"
          hint={t.addressHint}
          {...bound('address')}
        />
        <InputField
          label={t.legalNameJa}
          lang="ja"
          autoComplete="off"
          hint={t.inJapaneseHint}
          {...bound('legalNameJa')}
        />
        <TextareaField
          label={t.addressJa}
          lang="ja"
          rows={3}
          autoComplete="off"
          hint={t.inJapaneseHint}
          {...bound('addressJa')}
        />
        <InputField
          label={t.registrationNumber}
          autoComplete="off"
          spellCheck={false}
          placeholder="T1234567890123"
          hint={t.registrationNumberHint}
          {...bound('registrationNumber')}
        />
      </Section>

      <Section title={t.bank} hint={t.bankHint}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label={t.bankName} {...bound('bank.bankName')} />
          <InputField label={t.branch} registration={register('bank.branch')} error={errors.bank?.branch} />
          <InputField
            label={t.accountType}
            placeholder={t.accountTypePlaceholder}
            {...bound('bank.accountType')}
          />
          <InputField
            label={t.accountNumber}
            inputMode="numeric"
            autoComplete="off"
            {...bound('bank.accountNumber')}
          />
          <InputField label={t.accountHolder} {...bound('bank.accountHolder')} />
          <InputField
            label={t.swift}
            autoComplete="off"
            spellCheck={false}
            placeholder="MHCBJPJT"
            {...bound('bank.swift')}
          />
        </div>
      </Section>

      <Section title={t.tax} hint={t.taxHint}>
        <label className="flex cursor-pointer items-center gap-3 font-semibold">
          <input type="checkbox" className="checkbox checkbox-primary" {...register('tax.enabled')} />
          {t.chargeTax}
        </label>
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label={t.taxRate}
            inputMode="decimal"
            {...bound('tax.ratePercent', { setValueAs: requiredNumber })}
          />
          <SelectField label={t.taxRounding} hint={t.taxRoundingHint} {...bound('tax.rounding')}>
            {taxRoundings.map((rounding) => (
              <option key={rounding} value={rounding}>
                {t.roundings[rounding]}
              </option>
            ))}
          </SelectField>
          <InputField
            label={t.taxCountry}
            autoComplete="off"
            maxLength={2}
            hint={t.taxCountryHint}
            className="uppercase"
            {...bound('tax.country')}
          />
        </div>
      </Section>

      <Section title={t.yen} hint={t.yenHint}>
        <InputField
          label={t.yenPerDollar}
          inputMode="decimal"
          hint={t.yenPerDollarHint}
          className="sm:max-w-xs"
          {...bound('yenPerDollar', { setValueAs: optionalNumber })}
        />
        <Controller
          control={control}
          name="yenCountries"
          render={({ field }) => (
            <YenCountriesField
              value={field.value ?? []}
              onChange={field.onChange}
              inputRef={field.ref}
              error={firstMessage(errors.yenCountries)}
            />
          )}
        />
      </Section>

      <Section title={t.shippingZones} hint={t.shippingZonesHint}>
        {zones.fields.length === 0 ? (
          <p className="text-base-content/80">{t.noZones}</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {zones.fields.map((zone, index) => (
              <li key={zone.id}>
                <ZoneRow
                  index={index}
                  control={control}
                  register={register}
                  errors={errors}
                  onRemove={() => {
                    zones.remove(index);
                    addZone.current?.focus();
                  }}
                />
              </li>
            ))}
          </ol>
        )}
        <button
          ref={addZone}
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => zones.append(emptyZone)}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t.addZone}
        </button>
        {errors.shippingZones?.root?.message || errors.shippingZones?.message ? (
          <p className="text-sm font-medium text-error">
            {errors.shippingZones?.root?.message ?? errors.shippingZones?.message}
          </p>
        ) : null}
      </Section>

      <Section title={t.orders}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t.minimumOrder}
            inputMode="decimal"
            hint={t.minimumOrderHint}
            {...bound('minimumOrder', { setValueAs: optionalNumber })}
          />
          <InputField
            label={t.minimumOrderYen}
            inputMode="numeric"
            hint={t.minimumOrderYenHint}
            placeholder={minimumDerived && t.derived(minimumDerived)}
            {...bound('minimumOrderYen', { setValueAs: optionalNumber })}
          />
          <InputField
            label={t.holdDays}
            inputMode="numeric"
            hint={t.holdDaysHint}
            {...bound('transferHoldDays', { setValueAs: requiredNumber })}
          />
        </div>
      </Section>

      <FormAlert>{serverError && !serverErrors?.length ? serverError : unplaced}</FormAlert>
      <button type="submit" className="btn btn-primary self-start max-sm:w-full" disabled={isSubmitting}>
        {isSubmitting ? t.saving : t.save}
      </button>
    </form>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const hintId = useId();
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
      aria-describedby={hint ? hintId : undefined}
    >
      <legend className="float-left mb-1 w-full text-xl font-bold">{title}</legend>
      {hint && (
        <p id={hintId} className="-mt-2 text-sm text-base-content/80">
          {hint}
        </p>
      )}
      {children}
    </fieldset>
  );
}

interface ZoneRowProps {
  index: number;
  control: Control<Values, unknown, ShopSettingsFields>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  onRemove: () => void;
}

/** The first message about a list of countries: the list's own, or a code's in it. */
function firstMessage(e: FieldErrors<Values>['yenCountries']) {
  if (!e) return undefined;
  if (typeof e.message === 'string') return { type: 'validate', message: e.message };
  const first = Array.isArray(e) ? e.find((x) => x?.message) : undefined;
  return first?.message ? { type: 'validate', message: first.message as string } : undefined;
}

/** One zone: its name, its countries (typed as codes) or the rest of the world, its rate and free-from amount. */
function ZoneRow({ index, control, register, errors, onRemove }: ZoneRowProps) {
  const t = useTexts(settingsTexts);
  const name = useWatch({ control, name: `shippingZones.${index}.name` });
  const zoneErrors = errors.shippingZones?.[index];
  const countriesId = useId();
  const [rate, freeFrom, yenPerDollar] = useWatch({
    control,
    name: [`shippingZones.${index}.rate`, `shippingZones.${index}.freeFrom`, 'yenPerDollar'],
  });
  const rateDerived = derivedYen(rate, yenPerDollar);
  const freeFromDerived = derivedYen(freeFrom, yenPerDollar);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-field border border-base-300 p-3 sm:p-4">
      <legend className="px-1 font-semibold">
        {t.zone(index + 1)}
        {name ? t.zoneNamed(name) : ''}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          label={t.zoneName}
          placeholder={t.zoneNamePlaceholder}
          registration={register(`shippingZones.${index}.name`)}
          error={zoneErrors?.name}
        />
        <Controller
          control={control}
          name={`shippingZones.${index}.countries`}
          render={({ field }) => (
            <CountriesField
              id={countriesId}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={firstMessage(errors.shippingZones?.[index]?.countries)}
            />
          )}
        />
        <InputField
          label={t.rate}
          inputMode="decimal"
          hint={t.rateHint}
          registration={register(`shippingZones.${index}.rate`, { setValueAs: requiredNumber })}
          error={zoneErrors?.rate}
        />
        <InputField
          label={t.freeFrom}
          inputMode="decimal"
          hint={t.freeFromHint}
          registration={register(`shippingZones.${index}.freeFrom`, { setValueAs: optionalNumber })}
          error={zoneErrors?.freeFrom}
        />
        <InputField
          label={t.rateYen}
          inputMode="numeric"
          hint={t.rateYenHint}
          placeholder={rateDerived && t.derived(rateDerived)}
          registration={register(`shippingZones.${index}.rateYen`, { setValueAs: optionalNumber })}
          error={zoneErrors?.rateYen}
        />
        <InputField
          label={t.freeFromYen}
          inputMode="numeric"
          hint={t.freeFromYenHint}
          placeholder={freeFromDerived && t.derived(freeFromDerived)}
          registration={register(`shippingZones.${index}.freeFromYen`, { setValueAs: optionalNumber })}
          error={zoneErrors?.freeFromYen}
        />
      </div>
      <button type="button" className="btn btn-ghost btn-sm self-end text-error" onClick={onRemove}>
        <Trash2 className="size-4" aria-hidden="true" />
        {t.removeZone(index + 1)}
        <span className="sr-only">{name ? ` (${name})` : ''}</span>
      </button>
    </fieldset>
  );
}

interface CountriesFieldProps {
  id: string;
  value: string[] | typeof REST_OF_WORLD | undefined;
  onChange: (value: string[] | typeof REST_OF_WORLD) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  error: { type: string; message: string } | undefined;
}

const codesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** Country codes typed as text ("JP, KR"), or the rest of the world (every country no other zone lists). */
function CountriesField({ id, value, onChange, onBlur, inputRef, error }: CountriesFieldProps) {
  const t = useTexts(settingsTexts);
  const restOfWorld = value === REST_OF_WORLD;
  const [text, setText] = useState(() => (Array.isArray(value) ? value.join(', ') : ''));
  return (
    <div className="flex flex-col gap-2">
      <Field id={id} label={t.countries} hint={t.countriesHint} error={error}>
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            className={`input w-full uppercase ${error ? 'input-error' : ''}`}
            autoComplete="off"
            spellCheck={false}
            disabled={restOfWorld}
            value={restOfWorld ? '' : text}
            placeholder={restOfWorld ? t.everyOtherCountry : 'JP'}
            onChange={(event) => {
              setText(event.target.value);
              onChange(codesOf(event.target.value));
            }}
            onBlur={onBlur}
          />
        )}
      </Field>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={restOfWorld}
          onChange={(event) => onChange(event.target.checked ? REST_OF_WORLD : codesOf(text))}
        />
        {t.restOfWorld}
      </label>
    </div>
  );
}

interface YenCountriesFieldProps {
  value: string[];
  onChange: (value: string[]) => void;
  inputRef: (element: HTMLSelectElement | null) => void;
  error: { type: string; message: string } | undefined;
}

/** The countries paying in yen: each chosen one with its Remove button, and a list to add one from (Japan first). */
function YenCountriesField({ value, onChange, inputRef, error }: YenCountriesFieldProps) {
  const t = useTexts(settingsTexts);
  const language = useLanguage();
  const add = useRef<HTMLSelectElement | null>(null);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 font-semibold">{t.yenCountries}</legend>
      {value.length === 0 ? (
        <p className="text-sm text-base-content/80">{t.noYenCountries}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {value.map((code) => (
            <li key={code} className="badge badge-lg h-auto gap-1 border-base-300 bg-base-200 py-0 pr-0">
              {countryName(code, language)}
              <button
                type="button"
                className="btn btn-ghost btn-sm btn-circle"
                aria-label={t.removeYenCountry(countryName(code, language))}
                onClick={() => {
                  onChange(value.filter((c) => c !== code));
                  add.current?.focus();
                }}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Field label={t.addYenCountry} hint={t.yenCountriesHint} error={error}>
        {(control) => (
          <select
            {...control}
            ref={(element) => {
              add.current = element;
              inputRef(element);
            }}
            className={`select w-full sm:max-w-xs ${error ? 'select-error' : ''}`}
            value=""
            onChange={(event) => {
              if (event.target.value) onChange([...value, event.target.value]);
            }}
          >
            <option value="">{t.chooseCountry}</option>
            {countryChoices(language)
              .filter((code) => !value.includes(code))
              .map((code) => (
                <option key={code} value={code}>
                  {countryName(code, language)}
                </option>
              ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
