import type { Enquiry } from '@kanna/shared/orders';
import { useId } from 'react';
import { InboxCard, ReplyLink } from '../../../components/ui/inbox-card';
import { localeOf, useLanguage, useTexts } from '../../../lib/i18n';
import { useShopTime } from '../../../lib/shop-time';
import { enquiryTexts } from '../i18n';

/** A reply's subject: about the tool, a quote request said so. */
const replySubject = (enquiry: Enquiry) =>
  `Re: ${enquiry.quoteRequest ? 'your quote request' : 'your enquiry'} about ${enquiry.productName}`;

interface EnquiryCardProps {
  enquiry: Enquiry;
  /** Marks it answered (a new one) or new again (an answered one). */
  onMark: (enquiry: Enquiry) => void;
  /** While its change is on the way: the button says so and does nothing. */
  marking: boolean;
}

/**
 * One Contact Supplier message in the inbox: when, who (the e-mail opens a reply), which tool
 * and how many, a quote request's badge, the message as written, and its state with the button
 * that changes it.
 */
export function EnquiryCard({ enquiry, onMark, marking }: EnquiryCardProps) {
  const t = useTexts(enquiryTexts);
  const language = useLanguage();
  /** 'Nov 26, 2026, 9:05 PM', '2026年11月26日 21:05' in the shop's time zone. */
  const formatWhen = useShopTime();
  const titleId = useId();
  const fromId = useId();
  const answered = enquiry.status === 'answered';
  return (
    <InboxCard
      titleId={titleId}
      title={enquiry.productName}
      at={enquiry.createdAt}
      badges={
        <>
          {enquiry.quoteRequest && <span className="badge badge-warning">{t.quoteRequest}</span>}
          <span className={`badge ${answered ? 'badge-success' : 'badge-info'}`}>
            {answered ? t.answered : t.new}
          </span>
        </>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t.from}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          <span id={fromId}>{enquiry.name}</span>
          <br />
          <ReplyLink email={enquiry.email} subject={replySubject(enquiry)} />
        </dd>
        <dt className="font-semibold">{t.quantityWanted}</dt>
        <dd>{enquiry.quantityWanted.toLocaleString(localeOf(language))}</dd>
      </dl>
      <blockquote className="rounded-field border-l-4 border-base-300 bg-base-200 px-4 py-3 whitespace-pre-wrap [overflow-wrap:anywhere]">
        {enquiry.message}
      </blockquote>
      <footer className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-base-content/80">
          {answered && enquiry.answeredAt
            ? t.answeredBy(enquiry.answeredBy, formatWhen(enquiry.answeredAt))
            : t.notAnswered}
        </p>
        <button
          type="button"
          className={`btn sm:btn-sm max-sm:w-full ${answered ? 'btn-outline' : 'btn-primary'}`}
          aria-describedby={`${titleId} ${fromId}`}
          aria-disabled={marking || undefined}
          onClick={() => {
            if (!marking) onMark(enquiry);
          }}
        >
          {marking && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {answered ? t.markNew : t.markAnswered}
        </button>
      </footer>
    </InboxCard>
  );
}
