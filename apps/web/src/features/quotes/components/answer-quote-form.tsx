import { formatIn, toMajor } from '@kanna/shared/domain/money';
import type { QuoteRequest } from '@kanna/shared/quotes';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { useCreateQuote } from '../api/quotes';
import { quoteTexts } from '../i18n';

const DAY_MS = 86_400_000;

/** A `datetime-local` value (the reader's own clock) `days` from now, to the minute. */
function localIn(days: number): string {
  const at = new Date(Date.now() + days * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The admin's answer to a request for a quote (docs/orders.md, "Quotes"): each line's unit price
 * (its list price shown beside it, the field starting at it), shipping, the valid-until time, a note
 * and whether the quote holds its stock until then. The server judges and prices it again; its
 * refusals are said at their fields, the rest above the button.
 */
export function AnswerQuoteForm({ request, onDone }: { request: QuoteRequest; onDone: () => void }) {
  const t = useTexts(quoteTexts);
  const language = useLanguage();
  const id = useId();
  const lines = request.lines.flatMap((l) => (l.toolId ? [{ ...l, toolId: l.toolId }] : []));
  const [prices, setPrices] = useState(() => lines.map((l) => String(toMajor(l.listPrice, l.currency))));
  const [shipping, setShipping] = useState('');
  const [validUntil, setValidUntil] = useState(() => localIn(14));
  const [note, setNote] = useState('');
  const [holdsStock, setHoldsStock] = useState(false);
  const create = useCreateQuote();
  const refusals = create.error instanceof ApiError ? create.error.errors : [];
  const errorAt = (path: string) => refusals.find((e) => e.path === path)?.message;
  const placed = new Set(['shippingPrice', 'validUntil', ...lines.map((_, i) => `lines.${i}.unitPrice`)]);
  const unplaced = create.error && !refusals.some((e) => placed.has(e.path)) ? create.error.message : null;
  const nameOf = (l: (typeof lines)[number]) => (language === 'ja' && l.productNameJa) || l.productName;

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
    create.mutate({
      requestId: request._id,
      buyerEmail: request.buyerEmail,
      lines: lines.map((l, i) => ({ toolId: l.toolId, quantity: l.quantity, unitPrice: Number(prices[i]) })),
      ...(shipping.trim() ? { shippingPrice: Number(shipping) } : {}),
      validUntil: new Date(validUntil).toISOString(),
      holdsStock,
      ...(note.trim() ? { note } : {}),
    });
  };

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
      <ul className="flex flex-col gap-3">
        {lines.map((l, i) => (
          <li key={l.toolId} className="flex flex-col gap-1">
            <label htmlFor={`${id}-price-${i}`} className="text-sm font-medium">
              {t.unitPriceFor(nameOf(l))}
            </label>
            <div className="flex flex-wrap items-center gap-3">
              <input
                id={`${id}-price-${i}`}
                className="input w-32"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                value={prices[i]}
                aria-invalid={errorAt(`lines.${i}.unitPrice`) ? true : undefined}
                aria-describedby={describedBy(`lines.${i}.unitPrice`)}
                onChange={(e) => setPrices((p) => p.map((v, j) => (j === i ? e.target.value : v)))}
              />
              <span className="text-sm text-base-content/80">
                × {l.quantity} · {t.listPrice} {formatIn(toMajor(l.listPrice, l.currency), l.currency)}
              </span>
            </div>
            {fieldError(`lines.${i}.unitPrice`)}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-shipping`} className="text-sm font-medium">
          {t.shipping}
        </label>
        <input
          id={`${id}-shipping`}
          className="input w-32"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          value={shipping}
          aria-describedby={describedBy('shippingPrice')}
          onChange={(e) => setShipping(e.target.value)}
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
