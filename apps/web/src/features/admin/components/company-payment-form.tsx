import { type CompanyPaymentRequest, companyPaymentRequest } from '@kanna/shared/companies';
import { type CompanyCurrency, companyAmountProblem } from '@kanna/shared/domain/companies';
import { inEnglish } from '@kanna/shared/domain/messages';
import { useEffect } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/ui/form-alert';
import { bindFields, InputField } from '../../../components/ui/form-field';
import type { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { adminTexts } from '../i18n';

type Values = { amount: string; receivedOn: string; reference: string };

interface CompanyPaymentFormProps {
  currency: CompanyCurrency;
  /** Today in the shop's time zone (YYYY-MM-DD): the day received starts at it and may not pass it. */
  today: string;
  onRecord: (body: CompanyPaymentRequest) => Promise<unknown>;
  refused: ApiError | null;
}

/**
 * Money a company paid, as an administrator records it (消込, decision 0069): the amount in the
 * company's currency (cents in dollars, whole yen), the day it arrived and the payer's reference;
 * each refusal said at its field, the server's too.
 */
export function CompanyPaymentForm({ currency, today, onRecord, refused }: CompanyPaymentFormProps) {
  const t = useTexts(adminTexts).companies;
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { amount: '', receivedOn: today, reference: '' } });
  const bound = bindFields(register, errors);

  useEffect(() => {
    if (!refused) return;
    for (const e of refused.errors)
      setError(e.path as FieldPath<Values>, { type: 'server', message: e.message }, { shouldFocus: true });
  }, [refused, setError]);

  const record = async (values: Values) => {
    clearErrors();
    const amount = Number(values.amount.trim().replace(/,/g, ''));
    const parsed = companyPaymentRequest.safeParse({
      ...values,
      amount: values.amount.trim() ? amount : undefined,
    });
    const problem = Number.isFinite(amount) ? companyAmountProblem(currency, amount) : null;
    if (!parsed.success || problem) {
      if (problem)
        setError('amount', { type: 'validate', message: inEnglish(problem) }, { shouldFocus: true });
      for (const [i, issue] of (parsed.error?.issues ?? []).entries()) {
        const field = String(issue.path[0] ?? 'amount') as FieldPath<Values>;
        setError(field, { type: 'validate', message: issue.message }, { shouldFocus: i === 0 && !problem });
      }
      return;
    }
    await onRecord(parsed.data)
      .then(() => reset({ amount: '', receivedOn: today, reference: '' }))
      .catch(() => {});
  };

  const unplaced = refused && !refused.errors.length ? refused.message : null;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(record)}
      className="flex flex-col gap-3"
      aria-label={t.paymentTitle}
    >
      <FormAlert>{unplaced}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          label={t.paymentAmount(currency)}
          required
          inputMode="decimal"
          className="tabular-nums"
          {...bound('amount')}
        />
        <InputField label={t.receivedOn} required type="date" max={today} {...bound('receivedOn')} />
        <InputField
          label={t.paymentReference}
          hint={t.paymentReferenceHint}
          required
          maxLength={100}
          {...bound('reference')}
        />
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t.recordingPayment : t.recordPayment}
        </button>
      </div>
    </form>
  );
}
