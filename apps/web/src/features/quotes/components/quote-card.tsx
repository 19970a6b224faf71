import { formatIn, toMajor } from '@kanna/shared/domain/money';
import { isQuoteOpenNow } from '@kanna/shared/domain/order-state';
import type { Quote } from '@kanna/shared/quotes';
import { useId } from 'react';
import { Link } from 'react-router';
import { InboxCard } from '../../../components/ui/inbox-card';
import { useTexts } from '../../../lib/i18n';
import { useShopTime } from '../../../lib/shop-time';
import { quoteTexts } from '../i18n';

/** One quote in a list: its number and state, for whom, its amount before tax, valid until, and its page. */
export function QuoteCard({ quote, showBuyer }: { quote: Quote; showBuyer: boolean }) {
  const t = useTexts(quoteTexts);
  const when = useShopTime();
  const titleId = useId();
  const open = isQuoteOpenNow(quote);
  return (
    <InboxCard
      titleId={titleId}
      title={t.quoteTitle(quote.number)}
      at={quote.createdAt}
      badges={<span className={`badge ${open ? 'badge-info' : 'badge-ghost'}`}>{t.states[quote.state]}</span>}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {showBuyer && (
          <>
            <dt className="font-semibold">{t.from}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">
              {quote.buyerName} ({quote.buyerEmail})
            </dd>
          </>
        )}
        <dt className="font-semibold">{t.amount}</dt>
        <dd className="tabular-nums">
          {formatIn(toMajor(quote.goodsTotal + (quote.shippingPrice ?? 0), quote.currency), quote.currency)}
        </dd>
        <dt className="font-semibold">{t.validUntil}</dt>
        <dd>{when(quote.validUntil)}</dd>
      </dl>
      <Link className="link self-start" to={`/dashboard/quotes/${quote._id}`}>
        {t.view(quote.number)}
      </Link>
    </InboxCard>
  );
}
