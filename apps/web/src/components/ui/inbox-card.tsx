import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useShopTime } from '../../lib/shop-time';

/**
 * One card of an administrator's inbox (Contact Supplier enquiries, requests for a quote): its
 * title (`titleId` names the card) and when it came in the shop's time, its badges beside them,
 * then what `children` show.
 */
export function InboxCard({
  titleId,
  title,
  at,
  badges,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** When it came in (ISO). */
  at: string;
  badges: ReactNode;
  children: ReactNode;
}) {
  /** 'Nov 26, 2026, 9:05 PM', '2026年11月26日 21:05' in the shop's time zone. */
  const formatWhen = useShopTime();
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere]">
            {title}
          </h2>
          <p className="text-sm text-base-content/80">
            <time dateTime={at}>{formatWhen(at)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">{badges}</div>
      </header>
      {children}
    </article>
  );
}

/** The buyer's address as a link that opens the admin's mail client with a reply about `subject`. */
export function ReplyLink({ email, subject }: { email: string; subject: string }) {
  const href = `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
  return (
    <a className="link link-primary inline-flex items-center gap-1" href={href}>
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      {email}
    </a>
  );
}
