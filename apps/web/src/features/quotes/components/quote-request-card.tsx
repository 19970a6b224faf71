import { formatIn, toMajor } from '@kanna/shared/domain/money';
import { isQuoteRequestAnswerable, type QuoteRequestState } from '@kanna/shared/domain/order-state';
import { listShown } from '@kanna/shared/domain/quote-prices';
import type { QuoteRequest, QuoteRequestLine } from '@kanna/shared/quotes';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { InboxCard, ReplyLink } from '../../../components/ui/inbox-card';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { quoteTexts } from '../i18n';
import { AnswerQuoteForm } from './answer-quote-form';

/**
 * One request for a quote in the inbox: who and when (the e-mail opens a reply), its state and its
 * latest quote's fate (a withdrawn one's request is open again), the note, its lines as asked
 * (tool, quantity, list price each, in the currency its buyer is charged in: `listShown`), and,
 * while it is open, "Answer with a quote".
 */
export function QuoteRequestCard({
  request,
  inbox = true,
}: {
  request: QuoteRequest;
  /** The admin's inbox answers an open one with a quote; the buyer's own list only shows it. */
  inbox?: boolean;
}) {
  const t = useTexts(quoteTexts);
  const answerable = isQuoteRequestAnswerable(request);
  const statusWord: Record<QuoteRequestState, string> = {
    open: t.open,
    answered: t.answered,
    closed: t.closedRequest,
  };
  const language = useLanguage();
  const titleId = useId();
  const linesId = useId();
  const nameOf = (line: QuoteRequestLine) => (language === 'ja' && line.productNameJa) || line.productName;
  const listed = (line: QuoteRequestLine) => {
    const { minor, currency } = listShown(line, request.orderCurrency);
    return formatIn(toMajor(minor, currency), currency);
  };
  const [answering, setAnswering] = useState(false);
  return (
    <InboxCard
      titleId={titleId}
      title={request.buyerName}
      at={request.createdAt}
      badges={
        <span className={`badge ${answerable ? 'badge-info' : 'badge-ghost'}`}>
          {statusWord[request.status]}
        </span>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {inbox && (
          <>
            <dt className="font-semibold">{t.from}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              <ReplyLink email={request.buyerEmail} subject="Re: your request for a quote" />
            </dd>
          </>
        )}
        {request.quote && (
          <>
            <dt className="font-semibold">{t.latestQuote}</dt>
            <dd className="min-w-0">
              <Link className="link" to={`/dashboard/quotes/${request.quote._id}`}>
                {t.fate(request.quote.number, t.states[request.quote.state])}
              </Link>
              {inbox && answerable && <span className="block text-base-content/80">{t.answerAgain}</span>}
            </dd>
          </>
        )}
        <dt className="font-semibold">{t.noteLabel}</dt>
        <dd className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]">
          {request.note ?? <span className="text-base-content/70">{t.noNote}</span>}
        </dd>
      </dl>
      <h3 id={linesId} className="text-sm font-semibold">
        {t.lines}
      </h3>
      <div className="overflow-x-auto">
        <table className="table text-sm max-sm:[&_:is(th,td)]:px-2" aria-labelledby={linesId}>
          <thead className="text-base-content">
            <tr>
              <th scope="col">{t.tool}</th>
              <th scope="col" className="text-right">
                {t.quantity}
              </th>
              <th scope="col" className="text-right">
                {t.listPrice}
              </th>
            </tr>
          </thead>
          <tbody>
            {request.lines.map((line, i) => (
              // Lines keep the buyer's order; a deleted tool's line has no id, so the position keys it.
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
              <tr key={i}>
                <th scope="row" className="min-w-24 font-normal break-words">
                  {nameOf(line)}
                  {line.toolId === null && <span className="text-base-content/70"> {t.toolGone}</span>}
                </th>
                <td className="text-right tabular-nums">
                  {line.quantity.toLocaleString(localeOf(language))}
                </td>
                <td className="text-right tabular-nums whitespace-nowrap">{listed(line)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!inbox || !answerable ? null : answering ? (
        <AnswerQuoteForm request={request} onDone={() => setAnswering(false)} />
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-sm self-start"
          onClick={() => setAnswering(true)}
        >
          {t.answer}
        </button>
      )}
    </InboxCard>
  );
}
