import type { CompanyOrder } from '@kanna/shared/companies';
import { formatIn } from '@kanna/shared/domain/money';
import type { OrderState } from '@kanna/shared/domain/order-state';
import { isAwaitingApproval } from '@kanna/shared/domain/order-state';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useApproveOrder, useCompanyOrders, useDeclineOrder } from '../../../api/companies';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextareaField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { companyTexts } from '../i18n';

const dateIn = (iso: string, language: 'en' | 'ja') =>
  new Date(iso).toLocaleDateString(localeOf(language), { year: 'numeric', month: 'short', day: 'numeric' });

/** A company order waiting for its owner (decision 0067), asked of the order-state module. */
const waiting = (o: CompanyOrder) => isAwaitingApproval({ status: o.status as OrderState });

/**
 * The owner's "Orders awaiting your approval" on /dashboard/company: the members' orders above
 * their spending limit (number, member, amount due, date), each with Approve, and Decline asking
 * for the reason the member is mailed. What happened is said in a status line; a refusal as an
 * alert, or at the reason when it is the reason's.
 */
export function ApprovalsSection({ companyId }: { companyId: string }) {
  const t = useTexts(companyTexts);
  const language = useLanguage();
  const orders = useCompanyOrders(companyId);
  const approve = useApproveOrder();
  const decline = useDeclineOrder();
  const [declining, setDeclining] = useState<CompanyOrder | null>(null);
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const refused = decline.error instanceof ApiError ? decline.error : null;
  const atReason = refused?.errors.find((e) => e.path === 'reason');

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-5">
      <h2 className="mb-2 text-xl font-bold">{t.approvals}</h2>
      <p className="mb-3 text-base-content/80">{t.approvalsIntro}</p>
      <p role="status" className="mb-2 text-sm font-medium text-success">
        {said}
      </p>
      <FormAlert className="mb-2">{approve.error?.message}</FormAlert>
      <QueryState
        query={orders}
        loadingLabel={t.ordersLoading}
        errorTitle={t.ordersNotLoaded}
        minHeightClass="min-h-24"
      >
        {(list) => {
          const shown = list.filter(waiting);
          if (shown.length === 0) return <p className="text-base-content/80">{t.noApprovals}</p>;
          return (
            <CardTable
              caption={t.approvalsCaption}
              withActions
              columns={[t.orderNumber, t.orderedBy, t.orderedOn, { label: t.amountDue, align: 'right' }]}
            >
              {shown.map((o) => (
                <tr key={o.id} className={cardTable.row}>
                  <th scope="row" className={`tabular-nums ${cardTable.title}`}>
                    {o.number}
                  </th>
                  <td
                    data-label={t.orderedBy}
                    className={`[overflow-wrap:anywhere] ${cardTable.fieldStacked}`}
                  >
                    {o.buyerName} · {o.buyerEmail}
                  </td>
                  <td data-label={t.orderedOn} className={cardTable.field}>
                    {dateIn(o.createdAt, language)}
                  </td>
                  <td data-label={t.amountDue} className={`text-right tabular-nums ${cardTable.field}`}>
                    {formatIn(o.amountDue, o.currency)}
                  </td>
                  <td className={cardTable.actions}>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        aria-label={t.approveOf(o.number)}
                        disabled={approve.isPending && approve.variables === o.id}
                        onClick={() => {
                          setSaid(null);
                          approve.mutate(o.id, { onSuccess: () => setSaid(t.orderApproved(o.number)) });
                        }}
                      >
                        <Check className="size-4" aria-hidden="true" />
                        {approve.isPending && approve.variables === o.id ? t.approving : t.approve}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm text-error"
                        aria-label={t.declineOf(o.number)}
                        onClick={() => {
                          setSaid(null);
                          approve.reset();
                          decline.reset();
                          setReason('');
                          setDeclining(o);
                        }}
                      >
                        <X className="size-4" aria-hidden="true" />
                        {t.decline}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </CardTable>
          );
        }}
      </QueryState>
      <ConfirmDialog
        open={declining !== null}
        title={declining ? t.declineOf(declining.number) : t.decline}
        confirmLabel={t.declineConfirm}
        cancelLabel={t.keepOrder}
        pendingLabel={t.declining}
        pending={decline.isPending}
        error={
          refused && !atReason ? refused.message : decline.error && !refused ? decline.error.message : null
        }
        onCancel={() => {
          setDeclining(null);
          decline.reset();
        }}
        onConfirm={() => {
          if (!declining) return;
          decline.mutate(
            { id: declining.id, reason },
            {
              onSuccess: () => {
                setSaid(t.orderDeclined(declining.number));
                setDeclining(null);
              },
            },
          );
        }}
      >
        {declining && (
          <TextareaField
            label={t.declineReason(declining.number)}
            hint={t.declineHint}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={atReason ? { type: 'server', message: atReason.message } : undefined}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
