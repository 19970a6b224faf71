import type { AuditEntry } from '@kanna/shared/audit';
import { type AuditKind, auditChanges, auditKindLabel, describeAudit } from '@kanna/shared/domain/audit';
import { useId } from 'react';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** 'Nov 26, 2026, 9:05:12 PM' in the reader's own time zone. */
const formatWhen = (iso: string): string => dateTime.format(new Date(iso));

/**
 * One entry of the audit log: what was done, in a sentence; when and by whom; and each field it
 * changed, before → after.
 */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const titleId = useId();
  const changes = auditChanges(entry.before, entry.after);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          {describeAudit(entry)}
        </h2>
        <span className="badge badge-ghost shrink-0">
          {auditKindLabel[entry.kind as AuditKind] ?? entry.kind}
        </span>
      </header>
      <p className="text-sm text-base-content/80 [overflow-wrap:anywhere]">
        <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
        {' · '}
        {entry.actor.name || entry.actor.email}
        {entry.actor.name && <span> ({entry.actor.email})</span>}
      </p>
      {changes.length > 0 && (
        <dl
          aria-label="Changes"
          className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-box bg-base-200 p-3 text-sm"
        >
          {changes.map((c) => (
            <div key={c.field} className="contents">
              <dt className="font-semibold">{c.label}</dt>
              <dd className="[overflow-wrap:anywhere]">
                <span className="text-base-content/80">{c.before}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
                <span>{c.after}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
