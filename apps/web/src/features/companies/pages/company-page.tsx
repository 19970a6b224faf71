import type { Company, CompanyMember, MyCompany } from '@kanna/shared/companies';
import { type CompanyCurrency, MONTH_END } from '@kanna/shared/domain/companies';
import { formatIn } from '@kanna/shared/domain/money';
import { Building2, Trash2, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAddressBook } from '../../../api/address-book';
import {
  useAcceptInvitation,
  useApplyForCompany,
  useCompanyFigures,
  useCompanyOrders,
  useCompanyStatements,
  useInviteMember,
  useMyCompany,
  useRemoveMember,
  useSetSpendingLimit,
  useWithdrawInvitation,
} from '../../../api/companies';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { InputField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { StatementsList } from '../../../components/ui/statements-list';
import { ApiError } from '../../../lib/api-client';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { formatDay } from '../../../lib/shop-time';
import { ApplicationForm } from '../components/application-form';
import { ApprovalsSection } from '../components/approvals-section';
import { SpendingLimitForm } from '../components/spending-limit-form';
import { companyTexts } from '../i18n';

type T = ReturnType<typeof useTexts<typeof import('../i18n/en').default>>;

const dateIn = (iso: string, language: 'en' | 'ja') =>
  new Date(iso).toLocaleDateString(localeOf(language), { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * /dashboard/company (signed in): the buyer's trade account. With none, the application form (and
 * why the last one was declined); while pending, that it is; once approved, its terms, and to its
 * owner the members (spending limits, removal), invitations and the members' orders. A link from
 * an invitation mail (`?invitation=…`) offers to join first.
 */
export function CompanyPage() {
  const t = useTexts(companyTexts);
  usePageMeta(t.title, t.description);
  const mine = useMyCompany();
  const [params, setParams] = useSearchParams();
  const token = params.get('invitation');
  // Said after joining, once the link's token has left the address (and its box with it).
  const [joined, setJoined] = useState<string | null>(null);

  return (
    <section className="px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">{t.title}</h1>
      <p className="mb-6 text-base-content/80">{t.description}</p>
      <p
        role="status"
        className={joined ? 'mb-6 rounded-box border border-success/40 bg-success/10 p-4 font-medium' : ''}
      >
        {joined && t.joined(joined)}
      </p>
      {token && (
        <AcceptInvitation
          token={token}
          onDone={(name) => {
            setJoined(name);
            params.delete('invitation');
            setParams(params, { replace: true });
          }}
        />
      )}
      <QueryState query={mine} loadingLabel={t.loading} errorTitle={t.notLoaded}>
        {(data) =>
          data.company === null ? (
            <Apply declined={data.declined} />
          ) : data.company.status === 'pending' ? (
            <div className="rounded-box border border-base-300 bg-base-100 p-5" role="status">
              <h2 className="mb-2 text-xl font-bold">{t.pendingTitle}</h2>
              <p>{t.pending(data.company.name)}</p>
            </div>
          ) : (
            <Approved data={data} company={data.company} />
          )
        }
      </QueryState>
    </section>
  );
}

function AcceptInvitation({ token, onDone }: { token: string; onDone: (company: string) => void }) {
  const t = useTexts(companyTexts);
  const accept = useAcceptInvitation();
  return (
    <div className="mb-6 rounded-box border border-primary/40 bg-primary/5 p-5">
      <h2 className="mb-2 text-xl font-bold">{t.acceptTitle}</h2>
      <p className="mb-4">{t.acceptIntro}</p>
      <FormAlert className="mb-4">{accept.error && t.notJoined(accept.error.message)}</FormAlert>
      <button
        type="button"
        className="btn btn-primary"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(token, {
            onSuccess: (data) => onDone(data.company?.name ?? ''),
          })
        }
      >
        {accept.isPending ? t.accepting : t.accept}
      </button>
    </div>
  );
}

function Apply({ declined }: { declined: MyCompany['declined'] }) {
  const t = useTexts(companyTexts);
  const session = useSession();
  const book = useAddressBook();
  const apply = useApplyForCompany();
  const billing = (book.data ?? []).filter((e) => e.kind === 'billing');
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8">
      {declined && (
        <div role="alert" className="mb-6 rounded-box border border-warning/50 bg-warning/10 p-4">
          <p className="font-semibold">{t.declined(declined.name)}</p>
          {declined.reason && <p>{t.declinedReason(declined.reason)}</p>}
          <p>{t.declinedAgain}</p>
        </div>
      )}
      <h2 className="mb-2 text-xl font-bold">{t.applyTitle}</h2>
      <p className="mb-6 text-base-content/80">{t.applyIntro}</p>
      {book.isPending ? null : (
        <ApplicationForm
          billingEntries={billing}
          email={session.user?.email ?? ''}
          refused={apply.error instanceof ApiError ? apply.error : null}
          onApply={(body) => apply.mutateAsync(body)}
        />
      )}
    </div>
  );
}

/** The terms as the buyer reads them. */
export function termsText(
  t: Pick<T, 'monthEnd' | 'dayOfMonth' | 'dueOn'>,
  terms: NonNullable<Company['terms']>,
) {
  return {
    closing: terms.closingDay === MONTH_END ? t.monthEnd : t.dayOfMonth(terms.closingDay),
    due: t.dueOn(terms.payMonthsAfter, terms.payDay === MONTH_END ? null : terms.payDay),
  };
}

function Approved({ data, company }: { data: MyCompany; company: Company }) {
  const t = useTexts(companyTexts);
  const terms = company.terms;
  const currency: CompanyCurrency = company.currency ?? 'USD';
  const owner = data.role === 'owner';
  const said = terms ? termsText(t, terms) : null;
  const statements = useCompanyStatements(company.id, owner && terms !== null);
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-box border border-base-300 bg-base-100 p-5">
        <h2 className="mb-3 flex items-start gap-2 text-xl font-bold [overflow-wrap:anywhere]">
          <Building2 className="mt-1 size-5 shrink-0" aria-hidden="true" />
          <span>
            {company.name}
            {company.department && (
              <span className="block text-base font-normal text-base-content/80">{company.department}</span>
            )}
          </span>
        </h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">{t.yourRole}</dt>
          <dd>{owner ? t.owner : t.buyer}</dd>
          <dt className="font-semibold">{t.yourLimit}</dt>
          <dd>{data.spendingLimit === null ? t.noLimit : formatIn(data.spendingLimit, currency)}</dd>
          {company.registrationNumber && (
            <>
              <dt className="font-semibold">{t.registrationNumber}</dt>
              <dd className="tabular-nums">{company.registrationNumber}</dd>
            </>
          )}
          <dt className="font-semibold">{t.billingAddress}</dt>
          <dd className="whitespace-pre-line">{company.billingAddress}</dd>
          <dt className="font-semibold">{t.billingEmail}</dt>
          <dd className="[overflow-wrap:anywhere]">{company.billingEmail}</dd>
          {terms && said && (
            <>
              <dt className="font-semibold">{t.closingDay}</dt>
              <dd>{said.closing}</dd>
              <dt className="font-semibold">{t.paymentDue}</dt>
              <dd>{said.due}</dd>
              <dt className="font-semibold">{t.creditLimit}</dt>
              <dd>{formatIn(terms.creditLimit, currency)}</dd>
            </>
          )}
          <dt className="font-semibold">{t.priceList}</dt>
          <dd>{company.priceListName ?? t.listPrices}</dd>
        </dl>
      </div>
      {owner && terms && (
        <>
          <AccountFigures companyId={company.id} currency={currency} />
          <section aria-labelledby="statements-title">
            <h2 id="statements-title" className="mb-3 text-xl font-bold">
              {t.statementsTitle}
            </h2>
            <StatementsList query={statements} companyId={company.id} />
          </section>
        </>
      )}
      {owner && (
        <>
          <ApprovalsSection companyId={company.id} />
          <Members companyId={company.id} members={data.members} currency={currency} />
          <Invitations companyId={company.id} data={data} />
          <Orders companyId={company.id} />
        </>
      )}
    </div>
  );
}

/**
 * The company's account as its owner reads it (decision 0069): the open balance, the credit limit,
 * what is available, the next closing date and what is overdue (with why orders on account stop).
 */
function AccountFigures({ companyId, currency }: { companyId: string; currency: CompanyCurrency }) {
  const t = useTexts(companyTexts);
  const language = useLanguage();
  const figures = useCompanyFigures(companyId);
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-5" aria-labelledby="account-title">
      <h2 id="account-title" className="mb-3 text-xl font-bold">
        {t.accountTitle}
      </h2>
      <QueryState
        query={figures}
        loadingLabel={t.figuresLoading}
        errorTitle={t.figuresNotLoaded}
        minHeightClass="min-h-24"
      >
        {(c) => (
          <>
            {c.overdue > 0 && (
              <p role="alert" className="mb-3 rounded-box border border-error/50 bg-error/10 p-3 font-medium">
                {t.overdueNote}
              </p>
            )}
            {c.creditOnAccount > 0 && (
              <p className="mb-3 rounded-box border border-success/50 bg-success/10 p-3 font-medium">
                {t.creditNote(formatIn(c.creditOnAccount, currency))}
              </p>
            )}
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
              <dt className="font-semibold">{t.balance}</dt>
              <dd className="tabular-nums">{formatIn(Math.max(0, c.openBalance), currency)}</dd>
              <dt className="font-semibold">{t.creditOnAccount}</dt>
              <dd className="tabular-nums">{formatIn(c.creditOnAccount, currency)}</dd>
              <dt className="font-semibold">{t.creditLimit}</dt>
              <dd className="tabular-nums">{c.terms ? formatIn(c.terms.creditLimit, currency) : '—'}</dd>
              <dt className="font-semibold">{t.available}</dt>
              <dd className="tabular-nums">{formatIn(c.available ?? 0, currency)}</dd>
              <dt className="font-semibold">{t.nextClosing}</dt>
              <dd>{c.nextClosingDate ? formatDay(c.nextClosingDate, language) : '—'}</dd>
              <dt className="font-semibold">{t.overdue}</dt>
              <dd className="tabular-nums">{formatIn(c.overdue, currency)}</dd>
            </dl>
          </>
        )}
      </QueryState>
    </section>
  );
}

function Members({
  companyId,
  members,
  currency,
}: {
  companyId: string;
  members: CompanyMember[];
  currency: CompanyCurrency;
}) {
  const t = useTexts(companyTexts);
  const setLimit = useSetSpendingLimit(companyId);
  const remove = useRemoveMember(companyId);
  const [editing, setEditing] = useState<CompanyMember | null>(null);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <div>
      <h2 className="mb-3 text-xl font-bold">{t.members}</h2>
      <p role="status" className="mb-2 text-sm font-medium text-success">
        {said}
      </p>
      {editing && (
        <div className="mb-4 rounded-box border border-base-300 bg-base-100 p-4">
          <SpendingLimitForm
            name={editing.name}
            currency={currency}
            current={editing.spendingLimit}
            refused={setLimit.error instanceof ApiError ? setLimit.error : null}
            onCancel={() => {
              setEditing(null);
              setLimit.reset();
            }}
            onSave={(limit) =>
              setLimit.mutateAsync({ email: editing.email, spendingLimit: limit }).then(() => {
                setSaid(t.limitSaved(editing.name));
                setEditing(null);
              })
            }
          />
        </div>
      )}
      <CardTable
        caption={t.membersCaption}
        withActions
        columns={[t.memberName, t.email, t.role, t.spendingLimit]}
      >
        {members.map((m) => (
          <tr key={m.userId} className={cardTable.row}>
            <th scope="row" className={`font-semibold ${cardTable.title}`}>
              {m.name}
            </th>
            <td data-label={t.email} className={`[overflow-wrap:anywhere] ${cardTable.fieldStacked}`}>
              {m.email}
            </td>
            <td data-label={t.role} className={cardTable.field}>
              {m.role === 'owner' ? t.owner : t.buyer}
            </td>
            <td data-label={t.spendingLimit} className={`tabular-nums ${cardTable.field}`}>
              {m.spendingLimit === null ? t.noLimit : formatIn(m.spendingLimit, currency)}
            </td>
            <td className={cardTable.actions}>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-label={t.setLimitOf(m.name)}
                  onClick={() => {
                    setLimit.reset();
                    setSaid(null);
                    setEditing(m);
                  }}
                >
                  {t.setLimit}
                </button>
                {m.role !== 'owner' && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    aria-label={t.removeOf(m.name)}
                    onClick={() => setRemoving(m)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    {t.remove}
                  </button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </CardTable>
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        confirmLabel={t.removeConfirm}
        cancelLabel={t.keep}
        pendingLabel={t.removing}
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.email, {
            onSuccess: () => {
              setSaid(t.removed(removing.name));
              setRemoving(null);
            },
          });
        }}
      >
        <p>{removing && t.removeBody(removing.name)}</p>
      </ConfirmDialog>
    </div>
  );
}

function Invitations({ companyId, data }: { companyId: string; data: MyCompany }) {
  const t = useTexts(companyTexts);
  const language = useLanguage();
  const invite = useInviteMember(companyId);
  const withdraw = useWithdrawInvitation(companyId);
  const [email, setEmail] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const refused = invite.error instanceof ApiError ? invite.error : null;
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-5">
      <h2 className="mb-3 text-xl font-bold">{t.inviteTitle}</h2>
      <form
        noValidate
        aria-label={t.inviteTitle}
        className="flex flex-wrap items-start gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSaid(null);
          withdraw.reset();
          invite.mutate(
            { email, role: 'buyer' },
            {
              onSuccess: (made) => {
                setSaid(t.invited(made.email));
                setEmail('');
              },
            },
          );
        }}
      >
        <div className="min-w-64 flex-1">
          <InputField
            label={t.inviteEmail}
            type="email"
            autoComplete="off"
            hint={t.inviteHint}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={
              refused ? { type: 'server', message: refused.errors[0]?.message ?? refused.message } : undefined
            }
          />
        </div>
        <button type="submit" className="btn btn-primary mt-7" disabled={invite.isPending}>
          <UserPlus className="size-4" aria-hidden="true" />
          {invite.isPending ? t.inviting : t.invite}
        </button>
      </form>
      <p role="status" className="mt-2 text-sm font-medium text-success">
        {said}
      </p>
      <h3 className="mt-4 mb-2 font-semibold">{t.invitations}</h3>
      <FormAlert className="mb-2">{withdraw.error?.message}</FormAlert>
      {data.invitations.length === 0 ? (
        <p className="text-base-content/80">{t.noInvitations}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.invitations.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-x-2 [overflow-wrap:anywhere]">
              <span>
                {i.email}{' '}
                <span className="text-sm text-base-content/80">
                  ({t.expires(dateIn(i.expiresAt, language))})
                </span>
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-sm text-error"
                aria-label={t.withdrawOf(i.email)}
                disabled={withdraw.isPending && withdraw.variables === i.id}
                onClick={() => {
                  setSaid(null);
                  withdraw.mutate(i.id, { onSuccess: () => setSaid(t.withdrawn(i.email)) });
                }}
              >
                <X className="size-4" aria-hidden="true" />
                {withdraw.isPending && withdraw.variables === i.id ? t.withdrawing : t.withdraw}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Orders({ companyId }: { companyId: string }) {
  const t = useTexts(companyTexts);
  const language = useLanguage();
  const orders = useCompanyOrders(companyId);
  return (
    <div>
      <h2 className="mb-3 text-xl font-bold">{t.orders}</h2>
      <QueryState
        query={orders}
        loadingLabel={t.ordersLoading}
        errorTitle={t.ordersNotLoaded}
        empty={t.noOrders}
      >
        {(list) => (
          <CardTable
            caption={t.ordersCaption}
            columns={[
              t.orderNumber,
              t.orderedBy,
              t.orderedOn,
              t.orderStatus,
              { label: t.total, align: 'right' },
            ]}
          >
            {list.map((o) => (
              <tr key={o.id} className={cardTable.row}>
                <th scope="row" className={`tabular-nums ${cardTable.title}`}>
                  {o.number}
                </th>
                <td data-label={t.orderedBy} className={`[overflow-wrap:anywhere] ${cardTable.fieldStacked}`}>
                  {o.buyerName} · {o.buyerEmail}
                </td>
                <td data-label={t.orderedOn} className={cardTable.field}>
                  {dateIn(o.createdAt, language)}
                </td>
                <td data-label={t.orderStatus} className={cardTable.field}>
                  {t.states[o.status as keyof typeof t.states] ?? o.status}
                </td>
                <td data-label={t.total} className={`text-right tabular-nums ${cardTable.field}`}>
                  {formatIn(o.total, o.currency)}
                </td>
              </tr>
            ))}
          </CardTable>
        )}
      </QueryState>
    </div>
  );
}
