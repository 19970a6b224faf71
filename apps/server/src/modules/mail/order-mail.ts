import { centsToDollars, formatAmount, ratePercent, type TaxTreatment } from '@kanna/shared';
import type { ShopDetails } from '../../config';

/*
 * The one renderer of the mails an order sends (docs/decisions/0029-order-mails.md): what
 * happened (placed, paid, shipped, cancelled, refunded, a transfer's deadline near) to which order, as a subject that names
 * the order's number, a plain-text part and an HTML part that say the same. Both list the
 * lines, the total, the delivery address and the shop's legal name and address, and write
 * every time in the shop's time zone, named. Plain template functions: every value that came
 * from a buyer or an admin (names, addresses, products, carriers, reasons) goes through
 * `escapeHtml` in the HTML, so it arrives as text.
 */

/** An order as its mails show it. Amounts in cents. */
export type MailOrder = {
  /** As people read it: `K-000123`. */
  number: string;
  buyerName: string;
  placedAt: Date;
  lines: readonly { productName: string; quantity: number; perPriceCents: number }[];
  totalCents: number;
  /** What the order charges besides its goods; with none of them the mail shows one total, as before. */
  shippingCents: number;
  taxCents: number;
  taxRateBp: number;
  taxTreatment: TaxTreatment;
  amountDueCents: number;
  address: string;
  phone: string;
  /** The page the buyer follows the order on (for a placed order: where to pay). */
  link: string;
  /** The order's PDF documents this mail links (a signed-in buyer opens them); none: no list. */
  documents?: readonly { title: string; url: string }[];
};

/** Who cancelled: the buyer, the shop, or nobody (the hold on an unpaid order ran out). */
type CancelledBy = 'buyer' | 'shop' | 'hold';

/**
 * How to pay an order by bank transfer (docs/ARCHITECTURE.md, "Bank transfers"): the shop's account
 * as labelled lines, the reference to give (the order number), what is still to pay and what has
 * arrived already (cents).
 */
export type TransferMail = {
  bank: readonly { label: string; value: string }[];
  reference: string;
  amountLeftCents: number;
  paidCents: number;
};

/** What happened to the order, with what the mail says about it. */
export type OrderMailEvent =
  | { kind: 'placed'; holdUntil: Date; transfer?: TransferMail | null }
  /** A transfer order's hold ends soon and its money has not all arrived (sent once). */
  | { kind: 'transfer due'; holdUntil: Date; transfer: TransferMail }
  /** `transactionId`: the card payment's; null when bank transfers paid it. */
  | { kind: 'paid'; at: Date; amountCents: number; transactionId: string | null }
  | { kind: 'shipped'; at: Date; carrier?: string | null; trackingNumber?: string | null }
  | {
      kind: 'cancelled';
      at: Date;
      by: CancelledBy;
      reason?: string | null;
      /** What the buyer paid and is being refunded (a paid order the shop cancelled); none: nothing was paid. */
      refundingCents?: number | null;
      /** How it goes back: to the card (the default), or by the shop's bank transfer. */
      refundBy?: 'card' | 'transfer';
    }
  | { kind: 'refunded'; at: Date; amountCents: number; refundId?: string | null; reason?: string | null };

export type RenderedMail = { subject: string; text: string; html: string };

const dollars = (cents: number) => formatAmount(centsToDollars(cents));

/** Text as HTML shows it: markup characters written as entities. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One formatter per zone: making one costs far more than using it, and every order mails. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** `26 Nov 2026, 17:05 (Asia/Tokyo)`: a time in the shop's zone, the zone named. */
export function shopTime(at: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    timeFormats.set(timeZone, format);
  }
  return `${format.format(at)} (${timeZone})`;
}

/** A labelled fact about the order under its number: `Shipped: 26 Nov 2026, 17:05 (Asia/Tokyo)`. */
type Fact = { label: string; value: string };

/** What a mail of each kind says besides the order itself. */
type Story = { subject: string; lead: string[]; facts: Fact[]; after: string[]; linkLabel: string };

function story(order: MailOrder, event: OrderMailEvent, zone: string): Story {
  const time = (at: Date) => shopTime(at, zone);
  const n = order.number;
  switch (event.kind) {
    case 'placed':
      if (event.transfer)
        return transferStory(`Order ${n} placed`, event.holdUntil, event.transfer, time, false);
      return {
        subject: `Order ${n} placed`,
        lead: ['Thank you for your order.'],
        facts: [{ label: 'Stock held until', value: time(event.holdUntil) }],
        after: ['Pay for the order by then; after that its stock goes back on sale.'],
        linkLabel: 'Pay for the order',
      };
    case 'transfer due':
      return transferStory(
        `Order ${n}: please pay by ${time(event.holdUntil)}`,
        event.holdUntil,
        event.transfer,
        time,
        true,
      );
    case 'paid':
      return {
        subject: `Order ${n}: payment received`,
        lead: [`We received ${dollars(event.amountCents)} for your order. Thank you.`],
        facts: [
          { label: 'Paid', value: time(event.at) },
          event.transactionId === null
            ? { label: 'Paid by', value: 'Bank transfer' }
            : { label: 'Transaction', value: event.transactionId },
        ],
        after: ['We will e-mail you again when it ships.'],
        linkLabel: 'See the order',
      };
    case 'shipped': {
      const facts: Fact[] = [{ label: 'Shipped', value: time(event.at) }];
      if (event.carrier) facts.push({ label: 'Carrier', value: event.carrier });
      if (event.trackingNumber) facts.push({ label: 'Tracking number', value: event.trackingNumber });
      return {
        subject: `Order ${n} has shipped`,
        lead: ['Your order has left our workshop.'],
        facts,
        after: [],
        linkLabel: 'See the order',
      };
    }
    case 'cancelled': {
      const facts: Fact[] = [{ label: 'Cancelled', value: time(event.at) }];
      if (event.reason) facts.push({ label: 'Reason', value: event.reason });
      const lead = {
        buyer: 'Your order was cancelled, as you asked. Its stock is back on sale.',
        shop: 'We have cancelled your order.',
        hold: 'Your order was cancelled because it was not paid before its hold on the stock ended. To have these tools, please order again.',
      }[event.by];
      const money = !event.refundingCents
        ? 'No payment was taken.'
        : event.refundBy === 'transfer'
          ? `The ${dollars(event.refundingCents)} you transferred will be sent back to your bank account; we will contact you for its details.`
          : `The ${dollars(event.refundingCents)} you paid is being refunded to your card; we will e-mail you once it is done.`;
      return {
        subject: event.by === 'hold' ? `Order ${n} cancelled: its hold ended` : `Order ${n} cancelled`,
        lead: [lead],
        facts,
        after: event.by === 'buyer' && !event.refundingCents ? [] : [money],
        linkLabel: 'See the order',
      };
    }
    case 'refunded': {
      const facts: Fact[] = [
        { label: 'Refunded', value: `${dollars(event.amountCents)}, ${time(event.at)}` },
      ];
      if (event.refundId) facts.push({ label: 'Refund', value: event.refundId });
      return {
        subject: `Order ${n} refunded`,
        lead: [
          event.reason ??
            `We have refunded ${dollars(event.amountCents)} to your card for your cancelled order.`,
        ],
        facts,
        after: ['It may take a few days to show on your statement.'],
        linkLabel: 'See the order',
      };
    }
  }
}

/**
 * A transfer order's placed mail, or its reminder that the hold ends soon: the account, the
 * reference, what is left to pay and by when (docs/ARCHITECTURE.md, "Bank transfers").
 */
function transferStory(
  subject: string,
  holdUntil: Date,
  transfer: TransferMail,
  time: (at: Date) => string,
  reminder: boolean,
): Story {
  const facts: Fact[] = [
    { label: 'Pay by', value: time(holdUntil) },
    { label: 'Amount to transfer', value: dollars(transfer.amountLeftCents) },
  ];
  if (transfer.paidCents > 0) facts.push({ label: 'Received so far', value: dollars(transfer.paidCents) });
  facts.push({ label: 'Reference', value: transfer.reference }, ...transfer.bank);
  const lead = reminder
    ? `We have not yet received the full payment for your order, and its stock is held only until ${time(holdUntil)}. Please transfer ${dollars(transfer.amountLeftCents)} by then.`
    : 'Thank you for your order. Please pay it by bank transfer to the account below, giving the order number as the reference.';
  return {
    subject,
    lead: [lead],
    facts,
    after: [
      reminder
        ? 'If you have sent it already, thank you: a transfer can take a day or two to arrive.'
        : 'We will e-mail you when the money arrives.',
      'If it has not all arrived by then, the order is cancelled, its stock goes back on sale and anything received is sent back.',
    ],
    linkLabel: 'See how to pay',
  };
}

/**
 * The totals under the lines: one Total for an order that charges nothing besides its goods; else
 * the goods, shipping, tax (its rate, or that an export is exempt) and the total due.
 */
function totalsOf(order: MailOrder): { label: string; value: string; strong?: boolean }[] {
  if (order.shippingCents === 0 && order.taxTreatment === 'none')
    return [{ label: 'Total', value: dollars(order.totalCents), strong: true }];
  const rows = [
    { label: 'Goods', value: dollars(order.totalCents) },
    { label: 'Shipping', value: dollars(order.shippingCents) },
  ];
  if (order.taxTreatment === 'domestic')
    rows.push({ label: `Tax (${ratePercent(order.taxRateBp)}%)`, value: dollars(order.taxCents) });
  if (order.taxTreatment === 'export') rows.push({ label: 'Tax', value: 'export — tax exempt' });
  return [...rows, { label: 'Total due', value: dollars(order.amountDueCents), strong: true }];
}

/** The order mail of `event`: subject, plain text and HTML, saying the same. */
export function renderOrderMail(order: MailOrder, event: OrderMailEvent, shop: ShopDetails): RenderedMail {
  const s = story(order, event, shop.timeZone);
  const facts: Fact[] = [{ label: 'Placed', value: shopTime(order.placedAt, shop.timeZone) }, ...s.facts];
  return {
    subject: s.subject,
    text: plainText(order, s, facts, shop),
    html: html(order, s, facts, shop),
  };
}

/** The shop's address as lines (SHOP_ADDRESS may hold several, or none). */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

function plainText(order: MailOrder, s: Story, facts: Fact[], shop: ShopDetails): string {
  const out = [`Hello ${order.buyerName},`, '', ...s.lead, '', `Order ${order.number}`];
  for (const f of facts) out.push(`${f.label}: ${f.value}`);
  out.push('');
  for (const l of order.lines) {
    out.push(
      `${l.quantity} × ${l.productName} at ${dollars(l.perPriceCents)} each: ${dollars(l.perPriceCents * l.quantity)}`,
    );
  }
  for (const t of totalsOf(order)) out.push(`${t.label}: ${t.value}`);
  out.push('', 'Delivery address:', ...linesOf(order.address));
  out.push(`Phone: ${order.phone}`, '');
  if (s.after.length) out.push(...s.after, '');
  out.push(`${s.linkLabel}: ${order.link}`, '');
  if (order.documents?.length) {
    out.push(`${DOCUMENTS_NOTE}:`, ...order.documents.map((d) => `${d.title} (PDF): ${d.url}`), '');
  }
  out.push('-- ', shop.legalName, ...linesOf(shop.address));
  return `${out.join('\n')}\n`;
}

/** Above the mail's links to the order's documents. */
const DOCUMENTS_NOTE = 'Documents for your records (sign in to open them)';

/* The HTML part: one centred table at most 600 px wide, every style inline (mail clients drop
 * style sheets), system fonts, nothing fetched. It reads on a phone: the lines table has four
 * narrow columns, the product's wraps. */
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = 'color:#1f2328';
const MUTED = 'color:#57606a';
const RULE = 'border-bottom:1px solid #d0d7de';
/** Long words typed without a space (a product code, a tracking number) wrap instead of widening the mail. */
const WRAP = 'word-break:break-word;overflow-wrap:anywhere';

function html(order: MailOrder, s: Story, facts: Fact[], shop: ShopDetails): string {
  const e = escapeHtml;
  const multiline = (text: string) => linesOf(text).map(e).join('<br>');
  const cell = (content: string, style = '') =>
    `<td style="padding:6px 4px;${RULE};vertical-align:top;${style}">${content}</td>`;
  const head = (content: string, style = '') =>
    `<th style="padding:6px 4px;${RULE};text-align:left;font-weight:600;${MUTED};font-size:13px;${style}">${content}</th>`;
  const right = 'text-align:right;white-space:nowrap';
  const lineRows = order.lines
    .map(
      (l) =>
        `<tr>${cell(e(l.productName), WRAP)}${cell(String(l.quantity), right)}${cell(e(dollars(l.perPriceCents)), right)}${cell(e(dollars(l.perPriceCents * l.quantity)), right)}</tr>`,
    )
    .join('');
  const factRows = facts
    .map(
      (f) =>
        `<tr><td style="padding:2px 12px 2px 0;${MUTED};vertical-align:top;white-space:nowrap">${e(f.label)}</td><td style="padding:2px 0;vertical-align:top;${WRAP}">${e(f.value)}</td></tr>`,
    )
    .join('');
  const totalRows = totalsOf(order)
    .map((t) => {
      const weight = t.strong ? 'font-weight:600' : '';
      return `<tr><td colspan="3" style="padding:4px;text-align:right;${weight}">${e(t.label)}</td><td style="padding:4px;${right};${weight}">${e(t.value)}</td></tr>`;
    })
    .join('');
  const paragraphs = (texts: string[]) => texts.map((t) => `<p style="margin:0 0 12px">${e(t)}</p>`).join('');
  const footer = [shop.legalName, ...linesOf(shop.address)].map(e).join('<br>');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(s.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f8fa">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f8fa"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #d0d7de;border-radius:6px;${FONT};${INK};font-size:15px;line-height:1.5">
<tr><td style="padding:20px 20px 4px">
<p style="margin:0 0 4px;font-size:13px;${MUTED}">${e(shop.legalName)}</p>
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${e(s.subject)}</h1>
<p style="margin:0 0 12px">Hello ${e(order.buyerName)},</p>
${paragraphs(s.lead)}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${factRows}</table>
<table cellpadding="0" cellspacing="0" width="100%" style="border-collapse:collapse;font-size:14px;margin:0 0 4px">
<tr>${head('Product')}${head('Qty', right)}${head('Unit price', right)}${head('Line total', right)}</tr>
${lineRows}
${totalRows}
</table>
<h2 style="margin:16px 0 4px;font-size:15px">Delivery address</h2>
<p style="margin:0 0 16px;${WRAP}">${multiline(order.address)}<br>Phone: ${e(order.phone)}</p>
${paragraphs(s.after)}
<p style="margin:0 0 20px"><a href="${e(order.link)}" style="display:inline-block;padding:10px 16px;background:#774324;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${e(s.linkLabel)}</a></p>
${documentLinks(order)}</td></tr>
<tr><td style="padding:12px 20px;border-top:1px solid #d0d7de;font-size:12px;${MUTED}">${footer}</td></tr>
</table>
</td></tr></table>
</body></html>
`;
}

/** The order's documents as a short list of links under the button, when the mail has any. */
function documentLinks(order: MailOrder): string {
  if (!order.documents?.length) return '';
  const items = order.documents
    .map(
      (d) =>
        `<li style="margin:0 0 4px"><a href="${escapeHtml(d.url)}" style="color:#774324">${escapeHtml(d.title)}</a> <span style="${MUTED}">(PDF)</span></li>`,
    )
    .join('');
  return `<p style="margin:0 0 4px;font-size:14px;${MUTED}">${escapeHtml(DOCUMENTS_NOTE)}:</p>
<ul style="margin:0 0 20px;padding-left:20px;font-size:14px">${items}</ul>
`;
}
