import { profileAddressText } from '@kanna/shared/domain/address-book';
import { issuedDocumentPath } from '@kanna/shared/domain/archive';
import { countryName } from '@kanna/shared/domain/countries';
import { formatIn, toMajor } from '@kanna/shared/domain/money';
import { isQuoteOpenNow } from '@kanna/shared/domain/order-state';
import type { Quote } from '@kanna/shared/quotes';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMyCompany } from '../../../api/companies';
import { useProfile } from '../../../api/get-profile';
import { useShopSettings } from '../../../api/get-settings';
import { shippedTo } from '../../../components/ui/country-options';
import { FormAlert } from '../../../components/ui/form-alert';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { useShopTime } from '../../../lib/shop-time';
import { useAcceptQuote, useDeclineQuote, useQuote, useWithdrawQuote } from '../api/quotes';
import { quoteTexts } from '../i18n';

/**
 * /dashboard/quotes/{id}: one quote — its lines at the quoted prices, totals before tax, valid
 * until, its PDF — and, while it is open, the buyer's Accept (how they pay and where the goods
 * go, as the checkout asks, from their profile) and Decline, or the shop's Withdraw.
 */
export function QuotePage() {
  const { id = '' } = useParams();
  const t = useTexts(quoteTexts);
  const query = useQuote(id);
  usePageMeta(query.data ? t.quoteTitle(query.data.number) : t.quotes.title, t.quotes.description);
  return (
    <section className="w-full max-w-4xl px-4 py-8 sm:px-6 lg:px-0 lg:py-0">
      <Link className="link text-sm" to="/dashboard/quotes">
        {t.back}
      </Link>
      <QueryState query={query} loadingLabel={t.loadingQuote} errorTitle={t.quoteNotLoaded}>
        {(quote) => <QuoteView quote={quote} />}
      </QueryState>
    </section>
  );
}

function QuoteView({ quote }: { quote: Quote }) {
  const t = useTexts(quoteTexts);
  const language = useLanguage();
  const when = useShopTime();
  const session = useSession();
  const linesId = useId();
  const money = (minor: number) => formatIn(toMajor(minor, quote.currency), quote.currency);
  const open = isQuoteOpenNow(quote);
  const isBuyer = session.user?.email.toLowerCase() === quote.buyerEmail.toLowerCase();
  const isAdmin = session.user?.role === 'admin';
  const [orderId, setOrderId] = useState<string | null>(null);
  const placed = orderId ?? quote.orderId;
  return (
    <article aria-labelledby="quote-heading" className="mt-4 flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="quote-heading" className="text-2xl font-bold sm:text-3xl">
            {t.quoteTitle(quote.number)}
          </h1>
          <span className={`badge ${open ? 'badge-info' : 'badge-ghost'}`}>{t.states[quote.state]}</span>
        </div>
        <p className="text-base-content/80">
          {t.forBuyer(quote.buyerName)} · {t.validUntilOn(when(quote.validUntil))}
        </p>
        <a className="link self-start" href={issuedDocumentPath(quote.number)}>
          {t.pdf}
        </a>
      </header>
      <div className="overflow-x-auto">
        <h2 id={linesId} className="sr-only">
          {t.lines}
        </h2>
        <table className="table text-sm max-sm:[&_:is(th,td)]:px-2" aria-labelledby={linesId}>
          <thead className="text-base-content">
            <tr>
              <th scope="col">{t.tool}</th>
              <th scope="col" className="text-right">
                {t.quantity}
              </th>
              <th scope="col" className="text-right">
                {t.unitPrice}
              </th>
              <th scope="col" className="text-right">
                {t.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
              <tr key={i}>
                <th scope="row" className="min-w-24 font-normal break-words">
                  {(language === 'ja' && line.productNameJa) || line.productName}
                </th>
                <td className="text-right tabular-nums">
                  {line.quantity.toLocaleString(localeOf(language))}
                </td>
                <td className="text-right tabular-nums whitespace-nowrap">{money(line.unitPrice)}</td>
                <td className="text-right tabular-nums whitespace-nowrap">
                  {money(line.unitPrice * line.quantity)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>{t.goods}</dt>
        <dd className="text-right tabular-nums">{money(quote.goodsTotal)}</dd>
        <dt>{t.shippingLabel}</dt>
        <dd className="text-right tabular-nums">
          {quote.shippingPrice === null ? t.shippingLater : money(quote.shippingPrice)}
        </dd>
        <dt className="font-semibold">{t.total}</dt>
        <dd className="text-right font-semibold tabular-nums">
          {money(quote.goodsTotal + (quote.shippingPrice ?? 0))}
        </dd>
      </dl>
      <p className="text-sm text-base-content/80">{t.taxLater}</p>
      {quote.holdsStock && open && <p className="text-sm font-medium">{t.held}</p>}
      {quote.note && <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{quote.note}</p>}
      {placed && (
        <p role="status" className="font-medium">
          {orderId ? `${t.acceptedNow} ` : ''}
          <Link className="link" to={`/dashboard/${isAdmin ? 'orders' : 'myOrders'}/${placed}`}>
            {t.viewOrder}
          </Link>
        </p>
      )}
      {open && !orderId && isBuyer && <AcceptQuote quote={quote} onAccepted={setOrderId} />}
      {open && isAdmin && <WithdrawQuote id={quote._id} />}
    </article>
  );
}

/** The buyer's Accept (as the checkout asks: how they pay, where the goods go) and Decline. */
function AcceptQuote({ quote, onAccepted }: { quote: Quote; onAccepted: (orderId: string) => void }) {
  const t = useTexts(quoteTexts);
  const language = useLanguage();
  const id = useId();
  const session = useSession();
  const profile = useProfile(session.user?.email ?? '').data;
  const settings = useShopSettings().data;
  const company = useMyCompany().data;
  const countries = settings ? shippedTo(settings.charges, language) : [];
  const [edited, setEdited] = useState<{ phone?: string; address?: string; country?: string }>({});
  const [paymentMethod, setPaymentMethod] = useState<'card' | 'transfer' | 'account'>('card');
  const [poNumber, setPoNumber] = useState('');
  // Declining is final: asked once more before it is sent.
  const [declining, setDeclining] = useState(false);
  const phone = edited.phone ?? profile?.phone ?? '';
  const address = edited.address ?? profileAddressText(profile);
  const country = edited.country ?? profile?.country ?? settings?.charges.tax.country ?? 'JP';
  const accept = useAcceptQuote(quote._id);
  const decline = useDeclineQuote(quote._id);
  const refusals = accept.error instanceof ApiError ? accept.error.errors : [];
  const errorAt = (path: string) => refusals.find((e) => e.path === path)?.message;
  const shownAtField = ['phone', 'address', 'country', 'poNumber'];
  const unplaced =
    accept.error && !refusals.some((e) => shownAtField.includes(e.path)) ? accept.error.message : null;
  const ways = [
    { value: 'card' as const, label: t.card },
    ...(settings?.bankTransfer ? [{ value: 'transfer' as const, label: t.transfer }] : []),
    ...(company?.onAccount ? [{ value: 'account' as const, label: t.account }] : []),
  ];
  const field = (
    name: 'phone' | 'address' | 'poNumber',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input w-full"
        value={value}
        aria-invalid={errorAt(name) ? true : undefined}
        aria-describedby={errorAt(name) ? `${id}-${name}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
      {errorAt(name) && (
        <p id={`${id}-${name}-error`} className="text-sm text-error">
          {errorAt(name)}
        </p>
      )}
    </div>
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    accept.mutate(
      { paymentMethod, phone, address, country, ...(poNumber.trim() ? { poNumber: poNumber.trim() } : {}) },
      { onSuccess: (order) => onAccepted(order._id) },
    );
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t.acceptTitle}
      </h2>
      <p className="text-sm text-base-content/80">{t.acceptLead}</p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t.payBy}</legend>
          {ways.map((way) => (
            <label key={way.value} className="flex items-center gap-3">
              <input
                type="radio"
                className="radio radio-primary"
                name={`${id}-pay`}
                value={way.value}
                checked={paymentMethod === way.value}
                onChange={() => setPaymentMethod(way.value)}
              />
              {way.label}
            </label>
          ))}
        </fieldset>
        {field('phone', t.phone, phone, (v) => setEdited((e) => ({ ...e, phone: v })))}
        {field('address', t.address, address, (v) => setEdited((e) => ({ ...e, address: v })))}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-country`} className="text-sm font-medium">
            {t.country}
          </label>
          <select
            id={`${id}-country`}
            className="select w-full max-w-xs"
            value={country}
            onChange={(e) => setEdited((v) => ({ ...v, country: e.target.value }))}
          >
            {(countries.includes(country) ? countries : [country, ...countries]).map((c) => (
              <option key={c} value={c}>
                {countryName(c, language)}
              </option>
            ))}
          </select>
          {errorAt('country') && <p className="text-sm text-error">{errorAt('country')}</p>}
        </div>
        {field('poNumber', t.poNumber, poNumber, setPoNumber)}
        <FormAlert>{unplaced ?? (decline.error ? decline.error.message : null)}</FormAlert>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={accept.isPending}>
            {accept.isPending ? t.accepting : t.accept}
          </button>
          {declining ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-sm">{t.declineSure}</span>
              <button
                type="button"
                className="btn btn-outline btn-error"
                disabled={decline.isPending}
                onClick={() => decline.mutate()}
              >
                {t.declineYes}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setDeclining(false)}>
                {t.declineNo}
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn-outline" onClick={() => setDeclining(true)}>
              {t.decline}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/** The shop's Withdraw of an open quote. */
function WithdrawQuote({ id }: { id: string }) {
  const t = useTexts(quoteTexts);
  const withdraw = useWithdrawQuote(id);
  return (
    <div className="flex flex-col gap-2">
      <FormAlert>{withdraw.error ? withdraw.error.message : null}</FormAlert>
      <button
        type="button"
        className="btn btn-outline self-start"
        disabled={withdraw.isPending}
        onClick={() => withdraw.mutate()}
      >
        {t.withdraw}
      </button>
    </div>
  );
}
