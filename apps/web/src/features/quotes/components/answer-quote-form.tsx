import { says } from '@kanna/shared/domain/messages';
import { type Currency, currencies, formatIn, quotedAmountFits, toMajor } from '@kanna/shared/domain/money';
import { listIn } from '@kanna/shared/domain/quote-prices';
import type { QuoteRequest } from '@kanna/shared/quotes';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { useSay } from '../../../lib/say';
import { useCreateQuote } from '../api/quotes';
import { quoteTexts } from '../i18n';

const DAY_MS = 86_400_000;

/** A `datetime-local` value (the reader's own clock) `days` from now, to the minute. */
function localIn(days: number): string {
  const at = new Date(Date.now() + days * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A list price as the field starts with it (major units), or empty. */
const majorOf = (minor: number | null, currency: Currency): string =>
  minor === null ? '' : String(toMajor(minor, currency));

/**
 * The admin's answer to a request for a quote (docs/orders.md, "Quotes"): in yen or dollars
 * (starting in the currency the buyer's orders are charged in, `orderCurrency`), each line's unit
 * price (its list price in that currency shown beside it, the field starting at it), shipping, the
 * valid-until time, a note and whether the quote holds its stock until then. Amounts are judged
 * as the server judges them (whole yen, or cents) before sending; the server judges and prices it
 * again, its refusals said at their fields, the rest above the button.
 */
export function AnswerQuoteForm({ request, onDone }: { request: QuoteRequest; onDone: () => void }) {
  const t = useTexts(quoteTexts);
  const say = useSay();
  const language = useLanguage();
  const id = useId();
  const lines = request.lines.flatMap((l) => (l.toolId ? [{ ...l, toolId: l.toolId }] : []));
  // Yen is offered where every line has a yen list price (the shop prices in yen).
  const choices = currencies.filter((c) => lines.every((l) => listIn(l, c) !== null));
  const [currency, setCurrency] = useState<Currency>(() =>
    choices.includes(request.orderCurrency) ? request.orderCurrency : 'USD',
  );
  // Each currency keeps its own prices: switching back finds them as they were typed.
  const [pricesIn, setPricesIn] = useState(
    () =>
      Object.fromEntries(currencies.map((c) => [c, lines.map((l) => majorOf(listIn(l, c), c))])) as Record<
        Currency,
        string[]
      >,
  );
  const [shippingIn, setShippingIn] = useState<Record<Currency, string>>({ USD: '', JPY: '' });
  const prices = pricesIn[currency];
  const shipping = shippingIn[currency];
  const [validUntil, setValidUntil] = useState(() => localIn(14));
  const [note, setNote] = useState('');
  const [holdsStock, setHoldsStock] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  // A field edited no longer shows what was wrong with it before.
  const edited = (path: string) => setProblems(({ [path]: _gone, ...rest }) => rest);
  const create = useCreateQuote();
  const refusals = create.error instanceof ApiError ? create.error.errors : [];
  const errorAt = (path: string) => problems[path] ?? refusals.find((e) => e.path === path)?.message;
  const placed = new Set(['shippingPrice', 'validUntil', ...lines.map((_, i) => `lines.${i}.unitPrice`)]);
  const unplaced = create.error && !refusals.some((e) => placed.has(e.path)) ? create.error.message : null;
  const nameOf = (l: (typeof lines)[number]) => (language === 'ja' && l.productNameJa) || l.productName;
  const yen = currency === 'JPY';

  if (create.data)
    return (
      <p role="status" className="text-sm">
        {t.quoteSent(create.data.number)}{' '}
        <Link className="link" to={`/dashboard/quotes/${create.data._id}`}>
          {t.view(create.data.number)}
        </Link>
      </p>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The amounts are judged here as the server judges them: whole cents, or whole yen.
    const found: Record<string, string> = {};
    prices.forEach((p, i) => {
      if (!quotedAmountFits(Number(p), currency, 'above zero'))
        found[`lines.${i}.unitPrice`] = say(yen ? says.quoteUnitYenInvalid : says.quoteUnitPriceInvalid);
    });
    if (shipping.trim() && !quotedAmountFits(Number(shipping), currency, 0))
      found.shippingPrice = say(yen ? says.quoteShippingYenInvalid : says.quoteShippingInvalid);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({
      requestId: request._id,
      buyerEmail: request.buyerEmail,
      currency,
      lines: lines.map((l, i) => ({ toolId: l.toolId, quantity: l.quantity, unitPrice: Number(prices[i]) })),
      ...(shipping.trim() ? { shippingPrice: Number(shipping) } : {}),
      validUntil: new Date(validUntil).toISOString(),
      holdsStock,
      ...(note.trim() ? { note } : {}),
    });
  };
  const amountInput = {
    type: 'number',
    inputMode: yen ? 'numeric' : 'decimal',
    step: yen ? '1' : '0.01',
  } as const;

  const fieldError = (path: string) => {
    const message = errorAt(path);
    return message ? (
      <p id={`${id}-${path}`} className="text-sm text-error">
        {message}
      </p>
    ) : null;
  };
  const describedBy = (path: string) => (errorAt(path) ? `${id}-${path}` : undefined);

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t.answerTitle(request.buyerName)}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h3 className="font-semibold">{t.answerTitle(request.buyerName)}</h3>
      {choices.length > 1 && (
        <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-currency-hint`}>
          <legend className="mb-1 text-sm font-medium">{t.currency}</legend>
          <div className="flex flex-wrap gap-4">
            {choices.map((c) => (
              <label key={c} className="flex items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-primary"
                  name={`${id}-currency`}
                  value={c}
                  checked={currency === c}
                  onChange={() => {
                    setCurrency(c);
                    setProblems({});
                  }}
                />
                {t.currencies[c]}
              </label>
            ))}
          </div>
          <p id={`${id}-currency-hint`} className="text-sm text-base-content/80">
            {t.currencyHint}
          </p>
        </fieldset>
      )}
      <ul className="flex flex-col gap-3">
        {lines.map((l, i) => (
          <li key={l.toolId} className="flex flex-col gap-1">
            <label htmlFor={`${id}-price-${i}`} className="text-sm font-medium">
              {t.unitPriceFor(nameOf(l), currency)}
            </label>
            <div className="flex flex-wrap items-center gap-3">
              <input
                id={`${id}-price-${i}`}
                className="input w-32"
                {...amountInput}
                min={yen ? '1' : '0.01'}
                value={prices[i]}
                aria-invalid={errorAt(`lines.${i}.unitPrice`) ? true : undefined}
                aria-describedby={describedBy(`lines.${i}.unitPrice`)}
                onChange={(e) => {
                  setPricesIn((all) => ({
                    ...all,
                    [currency]: all[currency].map((v, j) => (j === i ? e.target.value : v)),
                  }));
                  edited(`lines.${i}.unitPrice`);
                }}
              />
              <span className="text-sm text-base-content/80">
                × {l.quantity.toLocaleString(localeOf(language))} · {t.listPrice}{' '}
                {formatIn(toMajor(listIn(l, currency) ?? 0, currency), currency)}
              </span>
            </div>
            {fieldError(`lines.${i}.unitPrice`)}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-shipping`} className="text-sm font-medium">
          {t.shipping(currency)}
        </label>
        <input
          id={`${id}-shipping`}
          className="input w-32"
          {...amountInput}
          min="0"
          value={shipping}
          aria-invalid={errorAt('shippingPrice') ? true : undefined}
          aria-describedby={describedBy('shippingPrice')}
          onChange={(e) => {
            setShippingIn((all) => ({ ...all, [currency]: e.target.value }));
            edited('shippingPrice');
          }}
        />
        {fieldError('shippingPrice')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-valid`} className="text-sm font-medium">
          {t.validUntil}
        </label>
        <input
          id={`${id}-valid`}
          className="input w-full max-w-xs"
          type="datetime-local"
          value={validUntil}
          aria-describedby={describedBy('validUntil')}
          onChange={(e) => setValidUntil(e.target.value)}
        />
        {fieldError('validUntil')}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          {t.quoteNote}
        </label>
        <textarea
          id={`${id}-note`}
          className="textarea w-full"
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary mt-0.5"
          checked={holdsStock}
          aria-describedby={`${id}-hold-hint`}
          onChange={(e) => setHoldsStock(e.target.checked)}
        />
        <span>
          {t.holdStock}
          <span id={`${id}-hold-hint`} className="block text-sm text-base-content/80">
            {t.holdStockHint}
          </span>
        </span>
      </label>
      <FormAlert>{unplaced}</FormAlert>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? t.sending : t.sendQuote}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
