import { type CompanyPayment, paymentReversalRequest } from '@kanna/shared/companies';
import { formatIn } from '@kanna/shared/domain/money';
import { useState } from 'react';
import { useCompanyPayments, useReversePayment } from '../../../api/companies';
import { TextareaField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useShopDay } from '../../../lib/shop-time';
import { formatDate } from '../format';
import { adminTexts } from '../i18n';
import { useReason } from './use-reason';

/**
 * The money a company paid, newest first (decision 0069): where each payment went, what waits,
 * and — for one recorded with a wrong amount — "Reverse": a reason, then a confirmation; the
 * server's refusal said at the reason. A reversed payment stays listed, marked with why.
 */
export function CompanyPayments({
  companyId,
  onReversed,
}: {
  companyId: string;
  onReversed: (said: string) => void;
}) {
  const t = useTexts(adminTexts).companies;
  const payments = useCompanyPayments(companyId);
  return (
    <section aria-labelledby="payments-title" className="flex flex-col gap-3">
      <h3 id="payments-title" className="text-lg font-bold">
        {t.paymentsTitle}
      </h3>
      <QueryState
        query={payments}
        loadingLabel={t.paymentsLoading}
        errorTitle={t.paymentsNotLoaded}
        minHeightClass="min-h-16"
      >
        {(list) =>
          list.length === 0 ? (
            <p className="text-base-content/80">{t.noPayments}</p>
          ) : (
            <ul aria-label={t.paymentsCaption} className="flex flex-col gap-3">
              {list.map((p) => (
                <PaymentItem key={p.id} companyId={companyId} payment={p} onReversed={onReversed} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function PaymentItem({
  companyId,
  payment: p,
  onReversed,
}: {
  companyId: string;
  payment: CompanyPayment;
  onReversed: (said: string) => void;
}) {
  const t = useTexts(adminTexts).companies;
  const language = useLanguage();
  const shopDay = useShopDay();
  const reverse = useReversePayment(companyId);
  const [open, setOpen] = useState(false);
  const { reason, setReason, problem, setProblem, onSubmit } = useReason(paymentReversalRequest, (why) =>
    reverse.mutate(
      { paymentId: p.id, reason: why },
      { onSuccess: () => onReversed(t.paymentReversed(amount)) },
    ),
  );
  const amount = formatIn(p.amount, p.currency);
  const refused = reverse.error instanceof ApiError ? reverse.error : null;
  const shownProblem = problem ?? refused?.errors[0]?.message ?? refused?.message ?? null;
  return (
    <li
      className={`rounded-box border border-base-300 bg-base-100 p-4 ${p.reversed ? 'opacity-80' : ''}`}
      aria-label={`${amount} ${p.reference}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold [overflow-wrap:anywhere]">
          <span className={`tabular-nums ${p.reversed ? 'line-through' : ''}`}>{amount}</span>{' '}
          <span className="font-normal">{p.reference}</span>
        </p>
        <p className="text-sm text-base-content/80">{formatDate(p.receivedOn, language)}</p>
      </div>
      {p.reversed ? (
        <p className="mt-1 text-sm font-medium text-error">
          {t.reversedOn(shopDay(p.reversed.at), p.reversed.reason)}
        </p>
      ) : (
        <p className="mt-1 text-sm text-base-content/80">
          {t.applied(
            ...p.appliedTo.map((a) => t.wentTo(a.statement, formatIn(a.amount, p.currency))),
            ...(p.unapplied > 0 ? [t.unapplied(formatIn(p.unapplied, p.currency))] : []),
          )}
        </p>
      )}
      {!p.reversed && !open && (
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm mt-3"
          aria-label={t.reverseTitle(amount, p.reference)}
          onClick={() => setOpen(true)}
        >
          {t.reverse}
        </button>
      )}
      {!p.reversed && open && (
        <form
          noValidate
          aria-label={t.reverseTitle(amount, p.reference)}
          className="mt-3 flex flex-col gap-3"
          onSubmit={onSubmit}
        >
          <p role="alert" className="rounded-box border border-warning/60 bg-warning/10 p-3 text-sm">
            {t.reverseWarning}
          </p>
          <TextareaField
            label={t.reversalReason}
            required
            hint={t.reversalReasonHint}
            rows={2}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={shownProblem ? { type: 'validate', message: shownProblem } : undefined}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-error" disabled={reverse.isPending}>
              {reverse.isPending ? t.reversingPayment : t.confirmReverse}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setOpen(false);
                setProblem(null);
                reverse.reset();
              }}
            >
              {t.keepPayment}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
