import type { Language } from '@kanna/shared/domain/languages';
import { type Currency, formatIn, toMajor } from '@kanna/shared/domain/money';
import { listShown } from '@kanna/shared/domain/quote-prices';
import type { Translation } from '@kanna/shared/domain/translation';
import type { QuoteRequestLine } from '@kanna/shared/quotes';
import type { Mail } from '../mail/mailer';
import { shopTime } from '../mail/order-mail';

/*
 * The buyer's acknowledgement of a request for a quote, in their language (docs/languages.md,
 * "Two languages"): every word here, one table per language; values from the request are passed in.
 */
const english = {
  subject: 'We received your request for a quote',
  hello: (name: string) => `Hello ${name},`,
  lead: 'Thank you for your request for a quote. We will answer by e-mail.',
  lines: 'You asked about:',
  line: (quantity: number, name: string, price: string) =>
    `- ${quantity} × ${name} (list price ${price} each)`,
  note: 'Your note:',
};

const japanese: Translation<typeof english> = {
  subject: '見積依頼を受け付けました',
  hello: (name) => `${name} 様`,
  lead: '見積もりのご依頼ありがとうございます。メールにてご回答いたします。',
  lines: 'ご依頼の内容：',
  line: (quantity, name, price) => `・${name} × ${quantity}（定価 単価 ${price}）`,
  note: '備考：',
};

/**
 * The acknowledgement mail of one request: its lines, each at its list price in `currency`, the
 * one the buyer is charged in (a yen buyer's in yen, as the admin's inbox shows them: `listShown`),
 * and the note when there is one.
 */
export function quoteRequestMail(
  request: { buyerName: string; buyerEmail: string; note: string | null },
  lines: readonly Pick<
    QuoteRequestLine,
    'productName' | 'productNameJa' | 'quantity' | 'listPrice' | 'currency' | 'listPriceYen'
  >[],
  currency: Currency,
  language: Language,
): Mail {
  const w = language === 'ja' ? japanese : english;
  const name = (l: (typeof lines)[number]) => (language === 'ja' && l.productNameJa) || l.productName;
  const price = (l: (typeof lines)[number]) => {
    const shown = listShown(l, currency);
    return formatIn(toMajor(shown.minor, shown.currency), shown.currency);
  };
  const text = [
    w.hello(request.buyerName),
    '',
    w.lead,
    '',
    w.lines,
    ...lines.map((l) => w.line(l.quantity, name(l), price(l))),
    ...(request.note ? ['', w.note, request.note] : []),
    '',
  ].join('\n');
  return { to: request.buyerEmail, subject: w.subject, text };
}

/* The buyer's mail when the shop answers with a quote, in their language. */
const quoteEnglish = {
  subject: (number: string) => `Your quote ${number}`,
  hello: (name: string) => `Hello ${name},`,
  lead: (number: string) => `Here is our quote ${number}:`,
  line: (quantity: number, name: string, price: string) => `- ${quantity} × ${name} at ${price} each`,
  shipping: (price: string) => `Shipping: ${price}`,
  shippingByZone: 'Shipping: as our rates for your destination',
  goods: (price: string) => `Goods: ${price} (tax, where due, is added when you accept)`,
  validUntil: (time: string) => `Valid until ${time}.`,
  held: 'We hold the stock for you until then.',
  note: 'Our note:',
  open: (url: string) => `Accept or decline it here: ${url}`,
};

const quoteJapanese: Translation<typeof quoteEnglish> = {
  subject: (number) => `お見積書 ${number} のご案内`,
  hello: (name) => `${name} 様`,
  lead: (number) => `お見積書 ${number} をお送りいたします。`,
  line: (quantity, name, price) => `・${name} × ${quantity}（単価 ${price}）`,
  shipping: (price) => `送料：${price}`,
  shippingByZone: '送料：お届け先の送料規定による',
  goods: (price) => `商品合計：${price}（消費税は承諾時に加算されます）`,
  validUntil: (time) => `有効期限：${time}`,
  held: '有効期限まで在庫を確保しております。',
  note: '備考：',
  open: (url) => `ご承諾・ご辞退はこちらから：${url}`,
};

/** The mail telling the buyer of a quote made for them: its lines, shipping, valid until, and its page. */
export function quoteMadeMail(
  quote: {
    number: string;
    buyerName: string;
    buyerEmail: string;
    currency: Currency;
    shippingPrice: number | null;
    validUntil: Date;
    holdsStock: boolean;
    note: string | null;
  },
  lines: readonly {
    productName: string;
    productNameJa: string | null;
    quantity: number;
    unitPrice: number;
  }[],
  at: { url: string; timeZone: string },
  language: Language,
): Mail {
  const w = language === 'ja' ? quoteJapanese : quoteEnglish;
  const money = (minor: number) => formatIn(toMajor(minor, quote.currency), quote.currency);
  const name = (l: (typeof lines)[number]) => (language === 'ja' && l.productNameJa) || l.productName;
  const goods = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const text = [
    w.hello(quote.buyerName),
    '',
    w.lead(quote.number),
    '',
    ...lines.map((l) => w.line(l.quantity, name(l), money(l.unitPrice))),
    w.goods(money(goods)),
    quote.shippingPrice === null ? w.shippingByZone : w.shipping(money(quote.shippingPrice)),
    '',
    w.validUntil(shopTime(quote.validUntil, at.timeZone, language)),
    ...(quote.holdsStock ? [w.held] : []),
    ...(quote.note ? ['', w.note, quote.note] : []),
    '',
    w.open(at.url),
    '',
  ].join('\n');
  return { to: quote.buyerEmail, subject: w.subject(quote.number), text };
}
