import type { CompanyDetail, CompanyRow } from '@kanna/shared/companies';
import { declineCompanyRequest } from '@kanna/shared/companies';
import { type CompanyCurrency, MONTH_END } from '@kanna/shared/domain/companies';
import { formatIn } from '@kanna/shared/domain/money';
import { Plus } from 'lucide-react';
import { type ReactNode, useDeferredValue, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useApproveCompany,
  useCompanies,
  useCompanyDetail,
  useCompanyStatements,
  useCreateCompany,
  useDeclineCompany,
  useIssueStatement,
  useRecordPayment,
  useSetCompanyPriceList,
  useUpdateCompanyTerms,
} from '../../../api/companies';
import { CardTable, cardTable } from '../../../components/ui/card-table';
import { FormAlert } from '../../../components/ui/form-alert';
import { Field, InputField, TextareaField } from '../../../components/ui/form-field';
import { DashboardPage, HeadedSection } from '../../../components/ui/headed-section';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryState } from '../../../components/ui/query-state';
import { StatementsList } from '../../../components/ui/statements-list';
import { ApiError } from '../../../lib/api-client';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useShopToday } from '../../../lib/shop-time';
import { usePriceLists } from '../api/price-lists';
import { CompanyPaymentForm } from '../components/company-payment-form';
import { CompanyPayments } from '../components/company-payments';
import { CompanyTermsForm } from '../components/company-terms-form';
import { NewCompanyForm } from '../components/new-company-form';
import { useReason } from '../components/use-reason';
import { formatDate } from '../format';
import { adminTexts } from '../i18n';

/** What nothing can be said of: no terms, no owner, no registration number. */
const NOTHING_YET = '—';

const statusBadge = { pending: 'badge-warning', approved: 'badge-success', declined: 'badge-ghost' } as const;

/**
 * /dashboard/companies (admin): the companies a page at a time, the applications waiting first,
 * found by name or reading, with status, currency, credit limit, next closing date, open balance,
 * what is available and overdue.
 */
export function CompaniesPage() {
  const t = useTexts(adminTexts).companies;
  usePageMeta(t.title, t.description);
  const [q, setQ] = useState('');
  const companies = useCompanies(useDeferredValue(q));
  const listRef = useRef<HTMLDivElement>(null);
  const create = useCreateCompany();
  const navigate = useNavigate();
  const language = useLanguage();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  return (
    <DashboardPage id="companies" title={t.title} width="max-w-6xl">
      <p className="mb-2 text-base-content/80">{t.description}</p>
      {adding ? (
        <section
          className="mb-6 rounded-box border border-base-300 bg-base-100 p-5"
          aria-labelledby="new-company"
        >
          <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
            <h2 id="new-company" className="text-xl font-bold">
              {t.addTitle}
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setAdding(false);
                create.reset();
                addButton.current?.focus();
              }}
            >
              {t.cancel}
            </button>
          </div>
          <p className="mb-4 text-sm text-base-content/80">{t.addIntro}</p>
          <NewCompanyForm
            refused={create.error instanceof ApiError ? create.error : null}
            onCreate={(body) =>
              create.mutateAsync(body).then((made) => navigate(`/dashboard/companies/${made.id}`))
            }
          />
        </section>
      ) : (
        <button
          ref={addButton}
          type="button"
          className="btn btn-primary btn-sm mb-6"
          onClick={() => setAdding(true)}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t.add}
        </button>
      )}
      <div className="mb-4 max-w-md">
        <InputField
          label={t.search}
          hint={t.searchHint}
          type="search"
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <QueryState query={companies} loadingLabel={t.loading} errorTitle={t.notLoaded}>
        {(page) =>
          page.items.length === 0 ? (
            <p className="py-10 text-center text-base-content/80">{q.trim() ? t.noMatch : t.empty}</p>
          ) : (
            <div ref={listRef}>
              <CardTable
                caption={t.caption}
                withActions
                columns={[
                  t.name,
                  t.status,
                  t.currency,
                  { label: t.creditLimit, align: 'right' },
                  t.nextClosing,
                  { label: t.balance, align: 'right' },
                  { label: t.available, align: 'right' },
                  { label: t.overdue, align: 'right' },
                ]}
              >
                {page.items.map((c) => (
                  <Row key={c.id} company={c} language={language} />
                ))}
              </CardTable>
              <LoadMore query={companies} count={page.items.length} label={t.loadMore} listRef={listRef} />
            </div>
          )
        }
      </QueryState>
    </DashboardPage>
  );
}

function Row({ company: c, language }: { company: CompanyRow; language: 'en' | 'ja' }) {
  const t = useTexts(adminTexts).companies;
  return (
    <tr className={cardTable.row} data-list-item tabIndex={-1}>
      <th scope="row" className={`font-semibold [overflow-wrap:anywhere] ${cardTable.title}`}>
        {c.name}
        {c.ownerEmail && (
          <span className="block text-sm font-normal text-base-content/80">{c.ownerEmail}</span>
        )}
      </th>
      <td data-label={t.status} className={cardTable.field}>
        <span className={`badge whitespace-nowrap ${statusBadge[c.status]}`}>{t.statuses[c.status]}</span>
      </td>
      <td data-label={t.currency} className={cardTable.field}>
        {c.currency ?? NOTHING_YET}
      </td>
      <td data-label={t.creditLimit} className={`text-right tabular-nums ${cardTable.field}`}>
        {c.terms && c.currency ? formatIn(c.terms.creditLimit, c.currency) : NOTHING_YET}
      </td>
      <td data-label={t.nextClosing} className={`tabular-nums ${cardTable.field}`}>
        {c.nextClosingDate ? formatDate(c.nextClosingDate, language) : NOTHING_YET}
      </td>
      <td data-label={t.balance} className={`text-right tabular-nums ${cardTable.field}`}>
        {c.currency ? formatIn(Math.max(0, c.openBalance), c.currency) : NOTHING_YET}
      </td>
      <td data-label={t.available} className={`text-right tabular-nums ${cardTable.field}`}>
        {c.available !== null && c.currency ? formatIn(c.available, c.currency) : NOTHING_YET}
      </td>
      <td data-label={t.overdue} className={`text-right tabular-nums ${cardTable.field}`}>
        {c.currency ? formatIn(c.overdue, c.currency) : NOTHING_YET}
      </td>
      <td className={cardTable.actions}>
        <Link
          to={`/dashboard/companies/${c.id}`}
          className="btn btn-outline btn-sm"
          aria-label={t.openOf(c.name)}
        >
          {t.open}
        </Link>
      </td>
    </tr>
  );
}

/**
 * /dashboard/companies/:id (admin): one company — what the applicant sent, approve with terms or
 * decline with a reason while it waits; once approved its terms, its price list and its members.
 */
export function CompanyAdminPage() {
  const t = useTexts(adminTexts).companies;
  const { id = '' } = useParams();
  const company = useCompanyDetail(id);
  usePageMeta(company.data?.name ?? t.title, t.description);
  return (
    <DashboardPage id="company" title={company.data?.name ?? t.title} width="max-w-4xl">
      <Link to="/dashboard/companies" className="link mb-4 inline-block">
        {t.back}
      </Link>
      <QueryState query={company} loadingLabel={t.loadingOne} errorTitle={t.notFound}>
        {(c) => <CompanyDesk company={c} />}
      </QueryState>
    </DashboardPage>
  );
}

function CompanyDesk({ company: c }: { company: CompanyDetail }) {
  const t = useTexts(adminTexts).companies;
  const language = useLanguage();
  const approve = useApproveCompany();
  const update = useUpdateCompanyTerms();
  const [said, setSaid] = useState<string | null>(null);
  const closing = c.terms
    ? c.terms.closingDay === MONTH_END
      ? t.monthEnd
      : t.dayOfMonth(c.terms.closingDay)
    : null;
  const currency = c.currency ?? 'JPY';
  const now = { terms: c.terms, currency: c.currency, language: c.language };
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="text-sm font-medium text-success">
        {said}
      </p>
      <section className="rounded-box border border-base-300 bg-base-100 p-5" aria-labelledby="company-facts">
        <h2 id="company-facts" className="mb-3 flex flex-wrap items-center gap-3 text-xl font-bold">
          {c.name}
          <span className={`badge whitespace-nowrap ${statusBadge[c.status]}`}>{t.statuses[c.status]}</span>
        </h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">{t.applicant}</dt>
          <dd className="[overflow-wrap:anywhere]">{c.ownerEmail ?? NOTHING_YET}</dd>
          {c.nameKana && (
            <>
              <dt className="font-semibold">{t.nameKana}</dt>
              <dd>{c.nameKana}</dd>
            </>
          )}
          {c.department && (
            <>
              <dt className="font-semibold">{t.department}</dt>
              <dd>{c.department}</dd>
            </>
          )}
          <dt className="font-semibold">{t.registrationNumber}</dt>
          <dd className="tabular-nums">{c.registrationNumber ?? NOTHING_YET}</dd>
          <dt className="font-semibold">{t.billingAddress}</dt>
          <dd className="whitespace-pre-line">{c.billingAddress}</dd>
          <dt className="font-semibold">{t.billingEmail}</dt>
          <dd className="[overflow-wrap:anywhere]">{c.billingEmail}</dd>
          {c.note && (
            <>
              <dt className="font-semibold">{t.note}</dt>
              <dd className="whitespace-pre-line">{c.note}</dd>
            </>
          )}
          <dt className="font-semibold">{t.appliedOn}</dt>
          <dd>{formatDate(c.createdAt, language)}</dd>
          {c.decidedAt && (
            <>
              <dt className="font-semibold">{t.decidedOn}</dt>
              <dd>{formatDate(c.decidedAt, language)}</dd>
            </>
          )}
          {c.declineReason && (
            <>
              <dt className="font-semibold">{t.declineReason}</dt>
              <dd>{c.declineReason}</dd>
            </>
          )}
          {c.terms && (
            <>
              <dt className="font-semibold">{t.closingDay}</dt>
              <dd>{closing}</dd>
              <dt className="font-semibold">{t.paymentDue}</dt>
              <dd>{t.dueOn(c.terms.payMonthsAfter, c.terms.payDay === MONTH_END ? null : c.terms.payDay)}</dd>
              <dt className="font-semibold">{t.creditLimit}</dt>
              <dd className="tabular-nums">{formatIn(c.terms.creditLimit, currency)}</dd>
              <dt className="font-semibold">{t.nextClosing}</dt>
              <dd>{c.nextClosingDate ? formatDate(c.nextClosingDate, language) : NOTHING_YET}</dd>
              <dt className="font-semibold">{t.balance}</dt>
              <dd className="tabular-nums">{formatIn(Math.max(0, c.openBalance), currency)}</dd>
              <dt className="font-semibold">{t.creditOnAccount}</dt>
              <dd className="tabular-nums">{formatIn(c.creditOnAccount, currency)}</dd>
              <dt className="font-semibold">{t.available}</dt>
              <dd className="tabular-nums">{formatIn(c.available ?? 0, currency)}</dd>
              <dt className="font-semibold">{t.overdue}</dt>
              <dd className="tabular-nums">{formatIn(c.overdue, currency)}</dd>
            </>
          )}
        </dl>
      </section>

      {c.status === 'pending' && (
        <>
          <Panel id="approve-title" title={t.approveTitle}>
            <CompanyTermsForm
              now={now}
              submitLabel={t.approve}
              pendingLabel={t.approving}
              refused={approve.error instanceof ApiError ? approve.error : null}
              onSave={(terms) =>
                approve.mutateAsync({ id: c.id, terms }).then(() => setSaid(t.approved(c.name)))
              }
            />
          </Panel>
          <DeclineForm company={c} onDeclined={() => setSaid(t.declined(c.name))} />
        </>
      )}

      {c.status === 'approved' && (
        <>
          <Panel id="terms-title" title={t.termsTitle}>
            <CompanyTermsForm
              now={now}
              submitLabel={t.saveTerms}
              pendingLabel={t.savingTerms}
              refused={update.error instanceof ApiError ? update.error : null}
              onSave={(terms) => update.mutateAsync({ id: c.id, terms }).then(() => setSaid(t.termsSaved))}
            />
          </Panel>
          <PriceListChoice company={c} onSaved={() => setSaid(t.priceListSaved)} />
          {c.terms && c.currency && <StatementsDesk company={c} currency={c.currency} />}
        </>
      )}

      <section aria-labelledby="members-title">
        <h2 id="members-title" className="mb-3 text-xl font-bold">
          {t.members}
        </h2>
        {c.members.length === 0 ? (
          <p className="text-base-content/80">{t.noMembers}</p>
        ) : (
          <CardTable caption={t.membersCaption} columns={[t.memberName, t.email, t.role, t.spendingLimit]}>
            {c.members.map((m) => (
              <tr key={m.userId} className={cardTable.row}>
                <th scope="row" className={`font-semibold ${cardTable.title}`}>
                  {m.name}
                </th>
                <td data-label={t.email} className={`[overflow-wrap:anywhere] ${cardTable.fieldStacked}`}>
                  {m.email}
                </td>
                <td data-label={t.role} className={cardTable.field}>
                  {t.roles[m.role]}
                </td>
                <td data-label={t.spendingLimit} className={`tabular-nums ${cardTable.field}`}>
                  {m.spendingLimit === null || !c.currency
                    ? t.noLimit
                    : formatIn(m.spendingLimit, c.currency)}
                </td>
              </tr>
            ))}
          </CardTable>
        )}
      </section>
    </div>
  );
}

/**
 * The company's statements and the money it paid (decision 0069): issue a statement now, record a
 * payment (applied to the oldest statements first), and the statements with their state and PDF.
 */
function StatementsDesk({ company: c, currency }: { company: CompanyDetail; currency: CompanyCurrency }) {
  const t = useTexts(adminTexts).companies;
  const statements = useCompanyStatements(c.id);
  const issue = useIssueStatement(c.id);
  const pay = useRecordPayment(c.id);
  const today = useShopToday();
  const [said, setSaid] = useState<string | null>(null);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="statements-title">
      <h2 id="statements-title" className="text-xl font-bold">
        {t.statementsTitle}
      </h2>
      <p className="text-base-content/80">{t.statementsIntro}</p>
      <p role="status" className="text-sm font-medium text-success">
        {said}
      </p>
      <FormAlert>{issue.error?.message ?? null}</FormAlert>
      <div>
        <button
          type="button"
          className="btn btn-outline"
          disabled={issue.isPending}
          onClick={() => {
            setSaid(null);
            issue.mutate({}, { onSuccess: (s) => setSaid(t.issued(s.number)) });
          }}
        >
          {issue.isPending ? t.issuing : t.issueNow}
        </button>
      </div>
      <div className="rounded-box border border-base-300 bg-base-100 p-5">
        <h3 className="mb-3 text-lg font-bold">{t.paymentTitle}</h3>
        <CompanyPaymentForm
          currency={currency}
          today={today}
          refused={pay.error instanceof ApiError ? pay.error : null}
          onRecord={(body) =>
            pay.mutateAsync(body).then((p) => {
              setSaid(t.paymentRecorded(formatIn(p.amount, p.currency)));
            })
          }
        />
      </div>
      <CompanyPayments companyId={c.id} onReversed={setSaid} />
      <StatementsList query={statements} companyId={c.id} />
    </section>
  );
}

function DeclineForm({ company, onDeclined }: { company: CompanyDetail; onDeclined: () => void }) {
  const t = useTexts(adminTexts).companies;
  const decline = useDeclineCompany();
  const { reason, setReason, problem, onSubmit } = useReason(declineCompanyRequest, (why) =>
    decline.mutate({ id: company.id, reason: why }, { onSuccess: onDeclined }),
  );
  const refused = decline.error instanceof ApiError ? decline.error : null;
  return (
    <Panel id="decline-title" title={t.declineTitle}>
      <form noValidate aria-label={t.declineTitle} className="flex flex-col gap-4" onSubmit={onSubmit}>
        <TextareaField
          label={t.reason}
          required
          hint={t.reasonHint}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={problem ? { type: 'validate', message: problem } : undefined}
        />
        <FormAlert>{refused?.message}</FormAlert>
        <div>
          <button type="submit" className="btn btn-outline btn-error" disabled={decline.isPending}>
            {decline.isPending ? t.declining : t.decline}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function PriceListChoice({ company, onSaved }: { company: CompanyDetail; onSaved: () => void }) {
  const t = useTexts(adminTexts).companies;
  const lists = usePriceLists();
  const save = useSetCompanyPriceList();
  const [chosen, setChosen] = useState(company.priceListId ?? '');
  return (
    <Panel id="price-list-title" title={t.priceListTitle}>
      <form
        aria-label={t.priceListTitle}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ id: company.id, priceListId: chosen || null }, { onSuccess: onSaved });
        }}
      >
        <div className="min-w-64 flex-1">
          <Field label={t.priceListTitle} hint={t.priceListHint}>
            {(control) => (
              <select
                className="select w-full"
                {...control}
                value={chosen}
                onChange={(e) => setChosen(e.target.value)}
                disabled={lists.isPending}
              >
                <option value="">{t.noPriceList}</option>
                {(lists.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} ({l.percent} %)
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <button type="submit" className="btn btn-primary mb-6" disabled={save.isPending}>
          {t.savePriceList}
        </button>
      </form>
      <FormAlert>{save.error?.message}</FormAlert>
    </Panel>
  );
}

/** One of the company page's bordered panels, named by its heading. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <HeadedSection
      id={id}
      title={title}
      level={2}
      className="rounded-box border border-base-300 bg-base-100 p-5"
      headingClassName="mb-4 text-xl font-bold"
    >
      {children}
    </HeadedSection>
  );
}
