import { type Company, type CompanyTermsRequest, companyTerms } from '@kanna/shared/companies';
import { DEFAULT_TERMS, LAST_CLOSING_DAY, MONTH_END } from '@kanna/shared/domain/companies';
import { useEffect } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, InputField, SelectField } from '../../../components/ui/form-field';
import type { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { adminTexts } from '../i18n';

/** The terms as typed: every field a string, as the controls hold them. */
type Values = {
  closingDay: string;
  payMonthsAfter: '1' | '2';
  payDay: string;
  creditLimit: string;
  currency: 'USD' | 'JPY';
  language: 'en' | 'ja';
};

/** The terms now, with the company's currency and language; none: the pinned default 月末締め翌月末払い. */
type TermsNow = {
  terms: Company['terms'];
  currency: Company['currency'];
  language: Company['language'];
};

const valuesOf = ({ terms, currency, language }: TermsNow): Values => ({
  closingDay: String(terms?.closingDay ?? DEFAULT_TERMS.closingDay),
  payMonthsAfter: terms?.payMonthsAfter === 2 ? '2' : '1',
  payDay: String(terms?.payDay ?? DEFAULT_TERMS.payDay),
  creditLimit: terms ? String(terms.creditLimit) : '',
  currency: currency ?? 'JPY',
  language: language ?? 'ja',
});

const numberOf = (typed: string) =>
  typed.trim() === '' ? Number.NaN : Number(typed.trim().replace(/,/g, ''));

/** The terms the form's values make, for the contract to judge. */
const dayOf = (typed: string) => (typed === MONTH_END ? MONTH_END : numberOf(typed));
const requestOf = (v: Values) => ({
  closingDay: dayOf(v.closingDay),
  payMonthsAfter: Number(v.payMonthsAfter),
  payDay: dayOf(v.payDay),
  creditLimit: numberOf(v.creditLimit),
  currency: v.currency,
  language: v.language,
});

/** A day of the month, 1–28, or its end: the closing day's and the payment day's choices. */
function DayOptions() {
  const t = useTexts(adminTexts).companies;
  return (
    <>
      <option value={MONTH_END}>{t.monthEnd}</option>
      {Array.from({ length: LAST_CLOSING_DAY }, (_, i) => i + 1).map((day) => (
        <option key={day} value={String(day)}>
          {t.dayOfMonth(day)}
        </option>
      ))}
    </>
  );
}

interface CompanyTermsFormProps {
  /** The terms now (null for none yet), the company's currency and language. */
  now: TermsNow;
  submitLabel: string;
  pendingLabel: string;
  onSave: (terms: CompanyTermsRequest) => Promise<unknown>;
  refused: ApiError | null;
}

/**
 * A company's terms, as an administrator approves an application or changes them: the closing day
 * (1–28 or month end), the month payment is due in (the next or the one after) and its day (1–28
 * or month end) — 月末締め翌月末払い to begin with —, the credit limit in the company's currency,
 * the currency and the language of its papers. The server's contract (`companyTerms`) judges
 * them before they are sent.
 */
export function CompanyTermsForm({ now, submitLabel, pendingLabel, onSave, refused }: CompanyTermsFormProps) {
  const t = useTexts(adminTexts).companies;
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: valuesOf(now) });
  const bound = bindFields(register, errors);
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
        <SelectField label={t.closingDay} required {...bound('closingDay')}>
          <DayOptions />
        </SelectField>
        <SelectField label={t.payMonthsAfter} required {...bound('payMonthsAfter')}>
          <option value="1">{t.nextMonth}</option>
          <option value="2">{t.monthAfterNext}</option>
        </SelectField>
        <SelectField label={t.payDay} required error={errors.payDay} registration={register('payDay')}>
          <DayOptions />
        </SelectField>
        <SelectField label={t.currency} required error={errors.currency} registration={register('currency')}>
          <option value="JPY">{t.jpy}</option>
          <option value="USD">{t.usd}</option>
        </SelectField>
        <InputField
          label={t.creditLimitIn(currency)}
          required
          inputMode="decimal"
          hint={t.creditLimitHint}
          className="tabular-nums"
          {...bound('creditLimit')}
        />
        <SelectField label={t.language} required error={errors.language} registration={register('language')}>
          <option value="ja">日本語</option>
          <option value="en">English</option>
        </SelectField>
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
