import {
  type BankDetails,
  type Currency,
  formatIn,
  isTransfer,
  ratePercent,
  type TaxTreatment,
  toMajor,
} from '@kanna/shared';
import { carrierName, trackingUrl } from '@kanna/shared/domain/carriers';
import type { DocumentKind } from '@kanna/shared/domain/documents';
import type { Language } from '@kanna/shared/domain/languages';
import { inJapanese } from '@kanna/shared/domain/messages-ja';
import { toolName } from '@kanna/shared/domain/tool-texts';
import { shopIdentity } from '@kanna/shared/shop-settings';
import type { ShopDetails } from '../../config';
import { dayAndTime } from '../../lib/day-and-time';
import { type OrderMailTexts, orderMailTexts } from './order-mail-texts';

/*
 * The one renderer of the mails an order sends (docs/decisions/0029-order-mails.md): what
 * happened (placed, paid, shipped, cancelled, refunded, a transfer's deadline near) to which order, as a subject that names
 * the order's number, a plain-text part and an HTML part that say the same. Both list the
 * lines, the total, the delivery address and the shop's legal name and address, and write
 * every time in the shop's time zone, named. Plain template functions: every value that came
 * from a buyer or an admin (names, addresses, products, carriers, reasons) goes through
 * `escapeHtml` in the HTML, so it arrives as text. Said in the buyer's language (English or
 * Japanese): every word from order-mail-texts.ts, dates in the language's format, prices in dollars.
 */

/** An order as its mails show it. Amounts in minor units of its currency (cents, or whole yen). */
export type MailOrder = {
  currency: Currency;
  /** As people read it: `K-000123`. */
  number: string;
  buyerName: string;
  placedAt: Date;
  /** Each named as it was ordered: in Japanese too when the tool had a Japanese name. */
  lines: readonly {
    productName: string;
    productNameJa?: string | null;
    quantity: number;
    perPriceCents: number;
  }[];
  totalCents: number;
  /** What the order charges besides its goods; with none of them the mail shows one total, as before. */
  shippingCents: number;
  taxCents: number;
  taxRateBp: number;
  taxTreatment: TaxTreatment;
  amountDueCents: number;
  address: string;
  phone: string;
  /** The buyer's purchase-order number, when the order has one: every mail about it names it. */
  poNumber?: string | null;
  /** The page the buyer follows the order on (for a placed order: where to pay). */
  link: string;
  /** The order's PDF documents this mail links (a signed-in buyer opens them); none: no list. */
  documents?: readonly { kind: DocumentKind; url: string }[];
};

/** Who cancelled: the buyer, the shop, or nobody (the hold on an unpaid order ran out). */
type CancelledBy = 'buyer' | 'shop' | 'hold';

/**
 * How to pay an order by bank transfer (docs/orders.md, "Bank transfers"): the shop's account
 * (empty text: not given), the reference to give (the order number), what is still to pay and what
 * has arrived already (cents).
 */
export type TransferMail = {
  bank: BankDetails;
  reference: string;
  amountLeftCents: number;
  paidCents: number;
};

/** What happened to the order, with what the mail says about it. */
export type OrderMailEvent =
  | {
      kind: 'placed';
      holdUntil: Date;
      transfer?: TransferMail | null;
      onAccount?: boolean;
      /** Above the buyer's spending limit: it waits for the company owner's approval (decision 0067). */
      awaitingApproval?: boolean;
    }
  /** To the company's owner: a member's order waits for their approval. */
  | { kind: 'approval asked'; buyer: string }
  /** To the member: approved; `holdUntil`, when it now waits for its money (null: on account). */
  | { kind: 'approved'; holdUntil: Date | null }
  /** To the member: declined by the owner or the shop, with their reason. */
  | { kind: 'declined'; at: Date; reason: string }
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

/** Minor units of `currency` as mails write an amount: '$1,234.50', '¥12,000'. */
const moneyIn = (currency: Currency) => (minor: number) => formatIn(toMajor(minor, currency), currency);

/** Text as HTML shows it: markup characters written as entities. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One formatter per language and zone: making one costs far more than using it, and every order mails. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time in the shop's zone, the zone named, as the language writes it: `26 Nov 2026, 17:05
 * (Asia/Tokyo)`, `2026年11月26日 17:05（日本時間）`.
 */
export function shopTime(at: Date, timeZone: string, language: Language = 'en'): string {
  const key = `${language} ${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(orderMailTexts[language].locale, { ...dayAndTime, timeZone });
    timeFormats.set(key, format);
  }
  return `${format.format(at)}${orderMailTexts[language].zone(timeZone)}`;
}

/** A labelled fact about the order under its number: `Shipped: 26 Nov 2026, 17:05 (Asia/Tokyo)`. */
type Fact = { label: string; value: string; href?: string };

/** What a mail of each kind says besides the order itself. */
type Story = { subject: string; lead: string[]; facts: Fact[]; after: string[]; linkLabel: string };

/** What the stories are told with: the language's words, a time as it writes them, and the order's money. */
type Telling = {
  t: OrderMailTexts;
  time: (at: Date) => string;
  language: Language;
  dollars: (minor: number) => string;
};

function story(order: MailOrder, event: OrderMailEvent, telling: Telling): Story {
  const { t, time, dollars } = telling;
  const n = order.number;
  switch (event.kind) {
    case 'placed':
      if (event.awaitingApproval)
        return {
          subject: t.placed.subject(n),
          lead: [t.placed.lead],
          facts: [],
          after: [t.approval.placed],
          linkLabel: t.seeOrder,
        };
      if (event.transfer)
        return transferStory(t.placed.subject(n), event.holdUntil, event.transfer, telling, false);
      if (event.onAccount)
        return {
          subject: t.placed.subject(n),
          lead: [t.placed.lead],
          facts: [],
          after: [t.placed.onAccount],
          linkLabel: t.seeOrder,
        };
      return {
        subject: t.placed.subject(n),
        lead: [t.placed.lead],
        facts: [{ label: t.placed.heldUntil, value: time(event.holdUntil) }],
        after: [t.placed.after],
        linkLabel: t.placed.link,
      };
    case 'transfer due':
      return transferStory(
        t.transfer.reminderSubject(n, time(event.holdUntil)),
        event.holdUntil,
        event.transfer,
        telling,
        true,
      );
    case 'paid':
      return {
        subject: t.paid.subject(n),
        lead: [t.paid.lead(dollars(event.amountCents))],
        facts: [
          { label: t.paid.paid, value: time(event.at) },
          event.transactionId === null
            ? { label: t.paid.paidBy, value: t.paid.bankTransfer }
            : { label: t.paid.transaction, value: event.transactionId },
        ],
        after: [t.paid.after],
        linkLabel: t.seeOrder,
      };
    case 'shipped': {
      const facts: Fact[] = [{ label: t.shipped.shipped, value: time(event.at) }];
      if (event.carrier)
        facts.push({ label: t.shipped.carrier, value: carrierName(event.carrier, telling.language) });
      if (event.trackingNumber) facts.push({ label: t.shipped.trackingNumber, value: event.trackingNumber });
      const track = trackingUrl(event.carrier, event.trackingNumber, telling.language);
      if (track) facts.push({ label: t.shipped.track, value: track, href: track });
      return {
        subject: t.shipped.subject(n),
        lead: [t.shipped.lead],
        facts,
        after: [],
        linkLabel: t.seeOrder,
      };
    }
    case 'approval asked':
      return {
        subject: t.approval.askSubject(n),
        lead: [t.approval.askLead(event.buyer)],
        facts: [],
        after: [],
        linkLabel: t.approval.askLink,
      };
    case 'approved':
      return {
        subject: t.approval.approvedSubject(n),
        lead: [t.approval.approvedLead],
        facts: event.holdUntil ? [{ label: t.placed.heldUntil, value: time(event.holdUntil) }] : [],
        after: [event.holdUntil ? t.placed.after : t.placed.onAccount],
        linkLabel: event.holdUntil ? t.placed.link : t.seeOrder,
      };
    case 'declined':
      return {
        subject: t.approval.declinedSubject(n),
        lead: [t.approval.declinedLead],
        facts: [
          { label: t.approval.declined, value: time(event.at) },
          { label: t.cancelled.reason, value: event.reason },
        ],
        after: [t.approval.declinedAfter],
        linkLabel: t.seeOrder,
      };
    case 'cancelled':
      return cancelledStory(n, event, telling);
    case 'refunded': {
      const facts: Fact[] = [
        {
          label: t.refunded.refunded,
          value: t.refunded.amountAt(dollars(event.amountCents), time(event.at)),
        },
      ];
      if (event.refundId) facts.push({ label: t.refunded.refund, value: event.refundId });
      // The reason is one of the shop's messages (messages.ts), said in the mail's language.
      const reason = event.reason && telling.language === 'ja' ? inJapanese(event.reason) : event.reason;
      return {
        subject: t.refunded.subject(n),
        lead: [reason ?? t.refunded.lead(dollars(event.amountCents))],
        facts,
        after: [t.refunded.after],
        linkLabel: t.seeOrder,
      };
    }
  }
}

/** A cancelled order's mail: who cancelled, why (an admin's words, as typed), and what becomes of the money. */
function cancelledStory(
  n: string,
  event: Extract<OrderMailEvent, { kind: 'cancelled' }>,
  { t, time, dollars }: Telling,
): Story {
  const c = t.cancelled;
  const facts: Fact[] = [{ label: c.cancelled, value: time(event.at) }];
  if (event.reason) facts.push({ label: c.reason, value: event.reason });
  const lead = { buyer: c.byBuyer, shop: c.byShop, hold: c.byHold }[event.by];
  const money = !event.refundingCents
    ? c.noPayment
    : isTransfer(event.refundBy)
      ? c.refundByTransfer(dollars(event.refundingCents))
      : c.refundToCard(dollars(event.refundingCents));
  return {
    subject: event.by === 'hold' ? c.holdSubject(n) : c.subject(n),
    lead: [lead],
    facts,
    after: event.by === 'buyer' && !event.refundingCents ? [] : [money],
    linkLabel: t.seeOrder,
  };
}

/** The shop's account as labelled lines, in the order a transfer form asks for them; empty ones left out. */
function bankLines(bank: BankDetails, t: OrderMailTexts): Fact[] {
  const b = t.bank;
  return [
    { label: b.bankName, value: bank.bankName },
    { label: b.branch, value: bank.branch },
    { label: b.accountType, value: bank.accountType },
    { label: b.accountNumber, value: bank.accountNumber },
    { label: b.accountHolder, value: bank.accountHolder },
    { label: b.swift, value: bank.swift },
  ].filter((l) => l.value !== '');
}

/**
 * A transfer order's placed mail, or its reminder that the hold ends soon: the account, the
 * reference, what is left to pay and by when (docs/orders.md, "Bank transfers").
 */
function transferStory(
  subject: string,
  holdUntil: Date,
  transfer: TransferMail,
  { t, time, dollars }: Telling,
  reminder: boolean,
): Story {
  const w = t.transfer;
  const facts: Fact[] = [
    { label: w.payBy, value: time(holdUntil) },
    { label: w.amount, value: dollars(transfer.amountLeftCents) },
  ];
  if (transfer.paidCents > 0) facts.push({ label: w.receivedSoFar, value: dollars(transfer.paidCents) });
  facts.push({ label: w.reference, value: transfer.reference }, ...bankLines(transfer.bank, t));
  return {
    subject,
    lead: [reminder ? w.reminderLead(time(holdUntil), dollars(transfer.amountLeftCents)) : w.lead],
    facts,
    after: [reminder ? w.sentAlready : w.willMail, w.notArrived],
    linkLabel: w.link,
  };
}

/**
 * The totals under the lines: one Total for an order that charges nothing besides its goods; else
 * the goods, shipping, tax (its rate, or that an export is exempt) and the total due.
 */
function totalsOf(order: MailOrder, t: OrderMailTexts): { label: string; value: string; strong?: boolean }[] {
  const w = t.totals;
  const dollars = moneyIn(order.currency);
  if (order.shippingCents === 0 && order.taxTreatment === 'none')
    return [{ label: w.total, value: dollars(order.totalCents), strong: true }];
  const rows = [
    { label: w.goods, value: dollars(order.totalCents) },
    { label: w.shipping, value: dollars(order.shippingCents) },
  ];
  if (order.taxTreatment === 'domestic')
    rows.push({ label: w.tax(String(ratePercent(order.taxRateBp))), value: dollars(order.taxCents) });
  if (order.taxTreatment === 'export') rows.push({ label: w.exportTax, value: w.exportExempt });
  return [...rows, { label: w.totalDue, value: dollars(order.amountDueCents), strong: true }];
}

/** The order mail of `event` in `language`: subject, plain text and HTML, saying the same. */
export function renderOrderMail(
  order: MailOrder,
  event: OrderMailEvent,
  shop: ShopDetails,
  language: Language = 'en',
): RenderedMail {
  const t = orderMailTexts[language];
  const time = (at: Date) => shopTime(at, shop.timeZone, language);
  const s = story(order, event, { t, time, language, dollars: moneyIn(order.currency) });
  const facts: Fact[] = [
    { label: t.placedAt, value: time(order.placedAt) },
    ...(order.poNumber ? [{ label: t.poNumber, value: order.poNumber }] : []),
    ...s.facts,
  ];
  const told: Told = { order, s, facts, shop, t, language };
  return { subject: s.subject, text: plainText(told), html: html(told) };
}

/** Everything a part of the mail is written from. */
type Told = {
  order: MailOrder;
  s: Story;
  facts: Fact[];
  shop: ShopDetails;
  t: OrderMailTexts;
  language: Language;
};

/** The shop's address as lines (SHOP_ADDRESS may hold several, or none). */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

function plainText({ order, s, facts, shop, t, language }: Told): string {
  const dollars = moneyIn(order.currency);
  const said = (label: string, value: string) => `${label}${t.colon}${value}`;
  const out = [t.hello(order.buyerName), '', ...s.lead, '', t.orderNumber(order.number)];
  for (const f of facts) out.push(said(f.label, f.value));
  out.push('');
  for (const l of order.lines) {
    out.push(
      t.line(
        String(l.quantity),
        toolName(l, language),
        dollars(l.perPriceCents),
        dollars(l.perPriceCents * l.quantity),
      ),
    );
  }
  for (const total of totalsOf(order, t)) out.push(said(total.label, total.value));
  out.push('', `${t.deliveryAddress}${t.colon.trimEnd()}`, ...linesOf(order.address));
  out.push(said(t.phone, order.phone), '');
  if (s.after.length) out.push(...s.after, '');
  out.push(said(s.linkLabel, order.link), '');
  if (order.documents?.length) {
    out.push(
      `${t.documentsNote}${t.colon.trimEnd()}`,
      ...order.documents.map((d) => `${t.documents[d.kind]} (PDF)${t.colon}${d.url}`),
      '',
    );
  }
  const issuer = shopIdentity(shop, language);
  out.push('-- ', issuer.legalName, ...linesOf(issuer.address));
  return `${out.join('\n')}\n`;
}

/* The HTML part: one centred table at most 600 px wide, every style inline (mail clients drop
 * style sheets), system fonts, nothing fetched. It reads on a phone: the lines table has four
 * narrow columns, the product's wraps. */
const FONTS: Record<Language, string> = {
  en: "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
  // Japanese system fonts first: a Latin font's fallback for kana and kanji differs per client.
  ja: "font-family:-apple-system,'Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic UI','Yu Gothic',Meiryo,'Noto Sans JP','Segoe UI',Roboto,sans-serif",
};
/** A Japanese heading breaks between phrases where the client can, not mid-word (body text breaks anywhere, as Japanese does). */
const HEADING_BREAK: Record<Language, string> = { en: '', ja: ';word-break:auto-phrase' };
const INK = 'color:#1f2328';
const MUTED = 'color:#57606a';
const RULE = 'border-bottom:1px solid #d0d7de';
/** Long words typed without a space (a product code, a tracking number) wrap instead of widening the mail. */
const WRAP = 'word-break:break-word;overflow-wrap:anywhere';

function html({ order, s, facts, shop, t, language }: Told): string {
  const dollars = moneyIn(order.currency);
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
        `<tr>${cell(e(toolName(l, language)), WRAP)}${cell(String(l.quantity), right)}${cell(e(dollars(l.perPriceCents)), right)}${cell(e(dollars(l.perPriceCents * l.quantity)), right)}</tr>`,
    )
    .join('');
  const factRows = facts
    .map(
      (f) =>
        `<tr><td style="padding:2px 12px 2px 0;${MUTED};vertical-align:top;white-space:nowrap">${e(f.label)}</td><td style="padding:2px 0;vertical-align:top;${WRAP}">${f.href ? `<a href="${e(f.href)}" style="color:#0969da">${e(f.value)}</a>` : e(f.value)}</td></tr>`,
    )
    .join('');
  const totalRows = totalsOf(order, t)
    .map((total) => {
      const weight = total.strong ? 'font-weight:600' : '';
      return `<tr><td colspan="3" style="padding:4px;text-align:right;${weight}">${e(total.label)}</td><td style="padding:4px;${right};${weight}">${e(total.value)}</td></tr>`;
    })
    .join('');
  const paragraphs = (texts: string[]) => texts.map((p) => `<p style="margin:0 0 12px">${e(p)}</p>`).join('');
  const issuer = shopIdentity(shop, language);
  const footer = [issuer.legalName, ...linesOf(issuer.address)].map(e).join('<br>');
  const w = t.table;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(s.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f8fa">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f8fa"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #d0d7de;border-radius:6px;${FONTS[language]};${INK};font-size:15px;line-height:1.5">
<tr><td style="padding:20px 20px 4px">
<p style="margin:0 0 4px;font-size:13px;${MUTED}">${e(issuer.legalName)}</p>
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3${HEADING_BREAK[language]}">${e(s.subject)}</h1>
<p style="margin:0 0 12px">${e(t.hello(order.buyerName))}</p>
${paragraphs(s.lead)}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:14px">${factRows}</table>
<table cellpadding="0" cellspacing="0" width="100%" style="border-collapse:collapse;font-size:14px;margin:0 0 4px">
<tr>${head(e(w.product))}${head(e(w.quantity), right)}${head(e(w.unitPrice), right)}${head(e(w.lineTotal), right)}</tr>
${lineRows}
${totalRows}
</table>
<h2 style="margin:16px 0 4px;font-size:15px">${e(t.deliveryAddress)}</h2>
<p style="margin:0 0 16px;${WRAP}">${multiline(order.address)}<br>${e(t.phone)}${e(t.colon)}${e(order.phone)}</p>
${paragraphs(s.after)}
<p style="margin:0 0 20px"><a href="${e(order.link)}" style="display:inline-block;padding:10px 16px;background:#774324;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${e(s.linkLabel)}</a></p>
${documentLinks(order, t)}</td></tr>
<tr><td style="padding:12px 20px;border-top:1px solid #d0d7de;font-size:12px;${MUTED}">${footer}</td></tr>
</table>
</td></tr></table>
</body></html>
`;
}

/** The order's documents as a short list of links under the button, when the mail has any. */
function documentLinks(order: MailOrder, t: OrderMailTexts): string {
  if (!order.documents?.length) return '';
  const items = order.documents
    .map(
      (d) =>
        `<li style="margin:0 0 4px"><a href="${escapeHtml(d.url)}" style="color:#774324">${escapeHtml(t.documents[d.kind])}</a> <span style="${MUTED}">(PDF)</span></li>`,
    )
    .join('');
  return `<p style="margin:0 0 4px;font-size:14px;${MUTED}">${escapeHtml(t.documentsNote)}${escapeHtml(t.colon.trimEnd())}</p>
<ul style="margin:0 0 20px;padding-left:20px;font-size:14px">${items}</ul>
`;
}
