import { type CompanyCurrency, companyAmountProblem } from '@kanna/shared/domain/companies';
import { inEnglish } from '@kanna/shared/domain/messages';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { InputField } from '../../../components/ui/form-field';
import type { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../lib/i18n';
import { companyTexts } from '../i18n';

interface SpendingLimitFormProps {
  /** Whose limit: named in the form's label. */
  name: string;
  currency: CompanyCurrency;
  /** The limit now, in the currency's major unit; null: none. */
  current: number | null;
  onSave: (limit: number | null) => Promise<unknown>;
  onCancel: () => void;
  refused: ApiError | null;
}

/**
 * A member's spending limit, as the owner sets it: empty for none, else above 0 and at most
 * 10,000,000 in the company's currency, with cents in dollars and whole yen (the server's rule,
 * `companyAmountProblem`, said before sending).
 */
export function SpendingLimitForm({
  name,
  currency,
  current,
  onSave,
  onCancel,
  refused,
}: SpendingLimitFormProps) {
  const t = useTexts(companyTexts);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ limit: string }>({ defaultValues: { limit: current === null ? '' : String(current) } });

  useEffect(() => {
    if (refused) setError('limit', { type: 'server', message: refused.message }, { shouldFocus: true });
  }, [refused, setError]);

  const amountOf = (typed: string) => (typed.trim() === '' ? null : Number(typed.trim().replace(/,/g, '')));

  return (
    <form
      noValidate
      aria-label={t.setLimitOf(name)}
      className="flex flex-wrap items-end gap-3"
      onSubmit={handleSubmit(({ limit }) => onSave(amountOf(limit)).catch(() => {}))}
    >
      <InputField
        label={t.limitLabel(currency)}
        hint={t.limitHint}
        inputMode="decimal"
        autoFocus
        className="tabular-nums sm:w-48"
        registration={register('limit', {
          validate: (typed) => {
            const amount = amountOf(typed);
            if (amount === null) return true;
            const problem = companyAmountProblem(currency, amount);
            return problem ? inEnglish(problem) : true;
          },
        })}
        error={errors.limit}
      />
      <div className="flex gap-2 pb-6">
        <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
          {isSubmitting ? t.savingLimit : t.saveLimit}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
