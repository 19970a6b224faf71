import type { Language } from '@kanna/shared/domain/languages';
import type { ShopDetails } from '../../config';
import { type MailOrder, type OrderMailEvent, renderOrderMail } from './order-mail';

/** What the server's thread hands the mail thread (mail-worker.ts): a message, or the end. */
export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: { content: string; contentTransferEncoding: 'base64' };
  replyTo?: { name: string; address: string };
  messageId: string;
};
/**
 * What the server's thread hands the mail thread: a message made there, an order's mail to draw
 * there (`OrderMailDraft`: rendering it cost the request thread ~5 % while a burst of orders each
 * sent one), or the end. Answered with the subject sent.
 */
export type MailJob =
  | { kind: 'send'; message: MailMessage }
  | { kind: 'draw'; from: string; to: string; messageId: string; draft: OrderMailDraft }
  | { kind: 'close' };

/** A mail as the services write it: its text, or (an order's) what it is drawn from. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (an order's mails); sent with the text as multipart/alternative. */
  html?: string;
  link?: string;
  /** Where a reply goes, when not to the shop's address: the buyer of a Contact Supplier message. */
  replyTo?: { name: string; address: string };
};
/** An order's mail, drawn by `renderOrderMail` wherever it is sent from (the mail thread in production). */
export type DraftedMail = { to: string; draft: OrderMailDraft };
export type OrderMailDraft = {
  order: MailOrder;
  event: OrderMailEvent;
  shop: ShopDetails;
  language: Language;
};

/** The mail itself: a drafted one drawn now. */
export function drawn(mail: Mail | DraftedMail): Mail {
  if (!('draft' in mail)) return mail;
  const { order, event, shop, language } = mail.draft;
  return { to: mail.to, ...renderOrderMail(order, event, shop, language) };
}

/** The message Nodemailer sends for `mail`, from `from`. */
export function mailMessage(from: string, mail: Mail, messageId: string): MailMessage {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    // The HTML part in base64: quoted-printable costs Nodemailer two to three times the CPU of
    // the rest of an order's mail (decision 0029); the text part stays readable in the outbox.
    ...(mail.html ? { html: { content: mail.html, contentTransferEncoding: 'base64' as const } } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    messageId,
  };
}
/** Where the mail thread sends: SMTP when set, else the outbox file. */
export type MailSetup = { smtpUrl: string | null; outboxFile: string };

/**
 * A time as C's asctime writes it, in UTC: `Sun Dec  6 04:18:04 2026`, the day padded with a
 * space. Mail readers (mutt among them) recognise an mbox "From " line only with this date.
 */
function asctime(at: Date): string {
  // toUTCString: "Sun, 06 Dec 2026 04:18:04 GMT".
  const [weekday, day, month, year, time] = at.toUTCString().replace(',', '').split(' ');
  return `${weekday} ${month} ${String(Number(day)).padStart(2, ' ')} ${time} ${year}`;
}

/** One message in mboxrd form: a "From " separator line, body lines that begin with ">*From " quoted once more. */
export const mboxEntry = (message: string, at: Date): string =>
  `From kanna@localhost ${asctime(at)}\n${message.replace(/^(>*From )/gm, '>$1').replace(/\n?$/, '\n')}\n`;
