import { type CompanyTermsRequest, companyTerms } from '@kanna/shared/companies';
import { LAST_CLOSING_DAY, MONTH_END } from '@kanna/shared/domain/companies';
import { useEffect } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { Field, InputField } from '../../../components/ui/form-field';
import type { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { adminTexts } from '../i18n';

/** The terms as typed: every field a string, as the controls hold them. */
type Values = {
  closingDay: string;
  paymentDue: 'nextMonthEnd' | 'days';
  paymentDays: string;
  creditLimit: string;
  currency: 'USD' | 'JPY';
  language: 'en' | 'ja';
};

const valuesOf = (terms: CompanyTermsRequest | null): Values => ({
  closingDay: terms ? String(terms.closingDay) : MONTH_END,
  paymentDue: terms?.paymentDue ?? 'nextMonthEnd',
  paymentDays: terms?.paymentDays ? String(terms.paymentDays) : '',
  creditLimit: terms ? String(terms.creditLimit) : '',
  currency: terms?.currency ?? 'JPY',
  language: terms?.language ?? 'ja',
});

const numberOf = (typed: string) =>
  typed.trim() === '' ? Number.NaN : Number(typed.trim().replace(/,/g, ''));

/** The terms the form's values make, for the contract to judge. */
const requestOf = (v: Values) => ({
  closingDay: v.closingDay === MONTH_END ? MONTH_END : numberOf(v.closingDay),
  paymentDue: v.paymentDue,
  paymentDays: v.paymentDue === 'days' ? numberOf(v.paymentDays) : null,
  creditLimit: numberOf(v.creditLimit),
  currency: v.currency,
  language: v.language,
});

interface CompanyTermsFormProps {
  /** The terms now (a company approved), or none (an application). */
  terms: CompanyTermsRequest | null;
  submitLabel: string;
  pendingLabel: string;
  onSave: (terms: CompanyTermsRequest) => Promise<unknown>;
  refused: ApiError | null;
}

/**
 * A company's terms, as an administrator approves an application or changes them: the closing day
 * (1–28 or month end), when payment is due (the end of the next month, or N days after closing),
 * the credit limit in the company's currency, the currency and the language of its papers. The
 * server's contract (`companyTerms`) judges them before they are sent.
 */
export function CompanyTermsForm({
  terms,
  submitLabel,
  pendingLabel,
  onSave,
  refused,
}: CompanyTermsFormProps) {
  const t = useTexts(adminTexts).companies;
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: valuesOf(terms) });
  const dueInDays = watch('paymentDue') === 'days';
  const currency = watch('currency');

  useEffect(() => {
    if (!refused) return;
    for (const e of refused.errors) {
      const field = e.path.replace(/^terms\./, '') as FieldPath<Values>;
      setError(field, { type: 'server', message: e.message });
    }
  }, [refused, setError]);

  const save = async (values: Values) => {
    clearErrors();
    const parsed = companyTerms.safeParse(requestOf(values));
    if (!parsed.success) {
      for (const [i, issue] of parsed.error.issues.entries()) {
        const field = String(issue.path[0] ?? 'creditLimit') as FieldPath<Values>;
        setError(field, { type: 'validate', message: issue.message }, { shouldFocus: i === 0 });
      }
      return;
    }
    await onSave(parsed.data).catch(() => {});
  };

  const unplaced = refused && !refused.errors.length ? refused.message : null;
  return (
    <form noValidate onSubmit={handleSubmit(save)} className="flex flex-col gap-4" aria-label={t.termsTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.closingDay} required error={errors.closingDay}>
          {(control) => (
            <select className="select w-full" {...control} {...register('closingDay')}>
              <option value={MONTH_END}>{t.monthEnd}</option>
              {Array.from({ length: LAST_CLOSING_DAY }, (_, i) => i + 1).map((day) => (
                <option key={day} value={String(day)}>
                  {t.dayOfMonth(day)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t.paymentDue}</legend>
          <label className="flex items-center gap-3">
            <input
              type="radio"
              className="radio radio-primary"
              value="nextMonthEnd"
              {...register('paymentDue')}
            />
            {t.nextMonthEnd}
          </label>
          <label className="flex items-center gap-3">
            <input type="radio" className="radio radio-primary" value="days" {...register('paymentDue')} />
            {t.inDays}
          </label>
        </fieldset>
        {dueInDays && (
          <InputField
            label={t.paymentDays}
            required
            inputMode="numeric"
            className="tabular-nums sm:w-32"
            registration={register('paymentDays')}
            error={errors.paymentDays}
          />
        )}
        <Field label={t.currency} required error={errors.currency}>
          {(control) => (
            <select className="select w-full" {...control} {...register('currency')}>
              <option value="JPY">{t.jpy}</option>
              <option value="USD">{t.usd}</option>
            </select>
          )}
        </Field>
        <InputField
          label={t.creditLimitIn(currency)}
          required
          inputMode="decimal"
          hint={t.creditLimitHint}
          className="tabular-nums"
          registration={register('creditLimit')}
          error={errors.creditLimit}
        />
        <Field label={t.language} required error={errors.language}>
          {(control) => (
            <select className="select w-full" {...control} {...register('language')}>
              <option value="ja">日本語</option>
              <option value="en">English</option>
            </select>
          )}
        </Field>
      </div>
      <FormAlert>{unplaced}</FormAlert>
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
