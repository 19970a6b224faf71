import type { AuditEntry } from '@kanna/shared/audit';
import { type AuditKind, auditChanges, describeAudit } from '@kanna/shared/domain/audit';
import { auditChangesJa, describeAuditJa } from '@kanna/shared/domain/audit-ja';
import type { Language } from '@kanna/shared/domain/languages';
import { useId } from 'react';
import { useShopSettings } from '../../../api/get-settings';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { auditTexts } from '../i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Nov 26, 2026, 9:05:12 PM', '2026年11月26日 21:05:12' in the shop's time zone (the reader's
 * until it is known), to the second: the log's entries follow each other closely.
 */
function formatWhen(iso: string, language: Language, timeZone: string | undefined): string {
  const key = `${language} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const dateStyle = language === 'ja' ? 'long' : 'medium';
    format = new Intl.DateTimeFormat(localeOf(language), { dateStyle, timeStyle: 'medium', timeZone });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/**
 * One entry of the audit log: what was done, in a sentence; when and by whom; and each field it
 * changed, before → after.
 */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const t = useTexts(auditTexts);
  const language = useLanguage();
  const timeZone = useShopSettings().data?.timeZone;
  const titleId = useId();
  const inJapanese = language === 'ja';
  const changes = (inJapanese ? auditChangesJa : auditChanges)(entry.before, entry.after);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          {inJapanese ? describeAuditJa(entry) : describeAudit(entry)}
        </h2>
        <span className="badge badge-ghost shrink-0">{t.kinds[entry.kind as AuditKind] ?? entry.kind}</span>
      </header>
      <p className="text-sm text-base-content/80 [overflow-wrap:anywhere]">
        <time dateTime={entry.at}>{formatWhen(entry.at, language, timeZone)}</time>
        {' · '}
        {entry.actor.name || entry.actor.email}
        {entry.actor.name && entry.actor.email && <span>{t.actorEmail(entry.actor.email)}</span>}
      </p>
      {changes.length > 0 && (
        <dl
          aria-label={t.changes}
          className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-box bg-base-200 p-3 text-sm"
        >
          {changes.map((c) => (
            <div key={c.field} className="contents">
              <dt className="font-semibold">{c.label}</dt>
              <dd className="[overflow-wrap:anywhere]">
                <span className="text-base-content/80">{c.before}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only">{t.changedTo}</span>
                <span>{c.after}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
