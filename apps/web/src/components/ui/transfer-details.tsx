import { documentFileName } from '@kanna/shared/domain/documents';
import { formatIn } from '@kanna/shared/domain/money';
import { bankDetailLines } from '@kanna/shared/domain/transfers';
import type { TransferInstructions } from '@kanna/shared/orders';
import { FileText } from 'lucide-react';
import { useTexts } from '../../lib/i18n';
import { useShopTime } from '../../lib/shop-time';
import { withNodes } from '../../lib/with-nodes';
import { CopyButton } from './copy-button';
import { HeadedSection } from './headed-section';
import { orderPieceTexts } from './i18n/order';

/**
 * How to pay an order by bank transfer (docs/orders.md, "Bank transfers"): the shop's
 * account, the order number to give as the reference (with a Copy button), what is left to
 * transfer and by when, and the pro-forma invoice to file with it. The payment page and the
 * buyer's order page show it.
 */
export function TransferDetails({
  instructions,
  proformaHref,
  headingLevel = 2,
}: {
  instructions: TransferInstructions;
  /** The order's pro-forma invoice (PDF), while it is unpaid. */
  proformaHref?: string | undefined;
  headingLevel?: 2 | 3;
}) {
  const t = useTexts(orderPieceTexts);
  const shopTime = useShopTime();
  const { bank, reference, amountDue, amountPaid, amountLeft, deadline, currency } = instructions;
  const formatAmount = (amount: number) => formatIn(amount, currency);
  return (
    <HeadedSection
      id="transfer-heading"
      title={t.payByTransfer}
      level={headingLevel}
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-5"
      headingClassName="text-lg font-bold"
    >
      <p>
        {withNodes(
          t.transferLead,
          <strong className="tabular-nums">{formatAmount(amountLeft)}</strong>,
          <strong>
            <time dateTime={deadline}>{shopTime(deadline)}</time>
          </strong>,
        )}
        {amountPaid > 0 && t.receivedSoFar(formatAmount(amountPaid), formatAmount(amountDue))}
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {bankDetailLines(bank).map((line) => (
          <div key={line.field} className="contents">
            <dt className="font-semibold">{t.bank[line.field]}</dt>
            <dd className="[overflow-wrap:anywhere]">{line.value}</dd>
          </div>
        ))}
        <dt className="font-semibold">{t.reference}</dt>
        <dd className="font-mono font-semibold">{reference}</dd>
        <dt className="font-semibold">{t.amount}</dt>
        <dd className="tabular-nums">{formatAmount(amountLeft)}</dd>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <CopyButton text={reference} label={t.copyReference} />
        {proformaHref && (
          <a
            href={proformaHref}
            className="btn btn-sm btn-outline max-sm:btn-md"
            download={documentFileName(reference, 'proforma')}
          >
            <FileText className="size-4" aria-hidden="true" />
            {t.proformaPdf}
          </a>
        )}
      </div>
    </HeadedSection>
  );
}
