import type { Language } from '@kanna/shared/domain/languages';
import { formatIn, toMajor } from '@kanna/shared/domain/money';
import type { Translation } from '@kanna/shared/domain/translation';
import type { Mail } from '../mail/mailer';
import type { QuoteLineRow } from './quotes.repository';

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

/** The acknowledgement mail of one request: its lines, and the note when there is one. */
export function quoteRequestMail(
  request: { buyerName: string; buyerEmail: string; note: string | null },
  lines: readonly Pick<
    QuoteLineRow,
    'productName' | 'productNameJa' | 'quantity' | 'listPrice' | 'currency'
  >[],
  language: Language,
): Mail {
  const w = language === 'ja' ? japanese : english;
  const name = (l: (typeof lines)[number]) => (language === 'ja' && l.productNameJa) || l.productName;
  const text = [
    w.hello(request.buyerName),
    '',
    w.lead,
    '',
    w.lines,
    ...lines.map((l) => w.line(l.quantity, name(l), formatIn(toMajor(l.listPrice, l.currency), l.currency))),
    ...(request.note ? ['', w.note, request.note] : []),
    '',
  ].join('\n');
  return { to: request.buyerEmail, subject: w.subject, text };
}
