import { formatIn, toMajor } from '@kanna/shared/domain/money';
import type { QuoteRequest, QuoteRequestLine } from '@kanna/shared/quotes';
import { useId, useState } from 'react';
import { InboxCard, ReplyLink } from '../../../components/ui/inbox-card';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { quoteTexts } from '../i18n';
import { AnswerQuoteForm } from './answer-quote-form';

/**
 * One request for a quote in the inbox: who and when (the e-mail opens a reply), the note, its
 * lines as asked (tool, quantity, list price each), and "Answer with a quote".
 */
export function QuoteRequestCard({
  request,
  answerable = true,
}: {
  request: QuoteRequest;
  /** The admin's inbox answers it with a quote; the buyer's own list only shows it. */
  answerable?: boolean;
}) {
  const t = useTexts(quoteTexts);
  const language = useLanguage();
  const titleId = useId();
  const linesId = useId();
  const nameOf = (line: QuoteRequestLine) => (language === 'ja' && line.productNameJa) || line.productName;
  const [answering, setAnswering] = useState(false);
  return (
    <InboxCard
      titleId={titleId}
      title={request.buyerName}
      at={request.createdAt}
      badges={
        request.status === 'open' ? (
          <span className="badge badge-info">{t.open}</span>
        ) : (
          <span className="badge badge-ghost">{t.answered}</span>
        )
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {answerable && (
          <>
            <dt className="font-semibold">{t.from}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              <ReplyLink email={request.buyerEmail} subject="Re: your request for a quote" />
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
                <td className="text-right tabular-nums whitespace-nowrap">
                  {formatIn(toMajor(line.listPrice, line.currency), line.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!answerable ? null : answering ? (
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
