import type { IssuedDocument } from '@kanna/shared/archive';
import { issuedDocumentPath } from '@kanna/shared/domain/archive';
import type { Language } from '@kanna/shared/domain/languages';
import { formatAmount } from '@kanna/shared/domain/money';
import { FileDown } from 'lucide-react';
import { useId } from 'react';
import { useShopSettings } from '../../../api/get-settings';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { archiveTexts } from '../i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/** 'Nov 26, 2026, 9:05 PM', '2026年11月26日 21:05' in the shop's time zone (the reader's until it is known). */
function formatWhen(iso: string, language: Language, timeZone: string | undefined): string {
  const key = `${language} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), {
      dateStyle: language === 'ja' ? 'long' : 'medium',
      timeStyle: 'short',
      timeZone,
    });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** A signed amount: a credit note's written -$60.50. */
const signed = (amount: number) => (amount < 0 ? `-${formatAmount(-amount)}` : formatAmount(amount));

/**
 * One issued document: its number and kind, when, to whom, how much, the order and what it
 * corrects; a link to its stored PDF and to the other language's copy.
 */
export function DocumentCard({ document: d }: { document: IssuedDocument }) {
  const t = useTexts(archiveTexts);
  const language = useLanguage();
  const timeZone = useShopSettings().data?.timeZone;
  const titleId = useId();
  const other: Language = d.language === 'en' ? 'ja' : 'en';
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          {d.number} · {d.counterparty}
        </h2>
        <span className="badge badge-ghost shrink-0">{t.kinds[d.kind]}</span>
      </header>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t.issued}</dt>
        <dd>
          <time dateTime={d.issuedAt}>{formatWhen(d.issuedAt, language, timeZone)}</time>
        </dd>
        <dt className="font-semibold">{t.amount}</dt>
        <dd className="tabular-nums">
          {d.amount === null ? t.noAmount : `${signed(d.amount)} ${d.currency}`}
        </dd>
      </dl>
      {(d.orderNumber || d.corrects) && (
        <p className="text-sm text-base-content/80">
          {[d.orderNumber ? t.order(d.orderNumber) : null, d.corrects ? t.corrects(d.corrects) : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
        <a
          className="group inline-flex items-center gap-2 py-1"
          href={issuedDocumentPath(d.number)}
          download={`${d.number}.pdf`}
          aria-label={t.download(d.number)}
        >
          <FileDown className="size-4 shrink-0" aria-hidden="true" />
          <span className="underline group-hover:no-underline">{t.download(d.number)}</span>
          <span className="text-sm text-base-content/80">{t.pdf}</span>
        </a>
        <a
          className="py-1 text-sm underline hover:no-underline"
          href={`${issuedDocumentPath(d.number)}?lang=${other}`}
          download={`${d.number}-${other}-copy.pdf`}
          aria-label={t.copyInLabel(d.number, other)}
        >
          {t.copyIn[other]}
        </a>
      </div>
      <p className="truncate font-mono text-xs text-base-content/70" title={d.sha256}>
        {t.hash} {d.sha256}
      </p>
    </article>
  );
}
