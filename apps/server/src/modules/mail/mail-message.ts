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
export type MailJob = { kind: 'send'; message: MailMessage } | { kind: 'close' };
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
