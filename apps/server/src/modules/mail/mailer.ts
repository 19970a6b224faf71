import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Config } from '../../config';

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
export type Mailer = { send(mail: Mail): Promise<void>; close?(): Promise<void> };

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

/**
 * A Message-ID for one mail, at the sender's domain. Made from a random UUID, which Node.js
 * draws from a pool of random bytes: Nodemailer's own asks the system for fresh random bytes
 * for every message, a third of a mail's cost when a burst of orders each sends one.
 */
function messageIdAt(from: string): () => string {
  const domain = /@([^\s@>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return () => `<${randomUUID()}@${domain}>`;
}

/** The part of the app's (pino) logger the mailer uses. */
export type MailLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * Nodemailer over SMTP_URL; without it, each message is appended to DATA_DIR/outbox.mbox (one
 * file any mail client opens, written through one open stream, so a burst of orders costs no
 * file opening per mail). Outside production its link is logged too, so password reset works
 * on a laptop without a mail server. In production the link never goes to the log: a
 * reset link sets the account's password, and logs travel further than the data folder.
 */
export function createMailer(config: Config, log: MailLog): Mailer {
  const { smtpUrl, from, outboxFile } = config.mail;
  const messageId = messageIdAt(from);
  const message = (mail: Mail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    // The HTML part in base64: quoted-printable costs Nodemailer two to three times the CPU of
    // the rest of an order's mail (decision 0029); the text part stays readable in the outbox.
    ...(mail.html ? { html: { content: mail.html, contentTransferEncoding: 'base64' } } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    messageId: messageId(),
  });
  if (smtpUrl) {
    // A few long-lived connections shared by every mail: a burst of orders neither opens a
    // connection (and TLS handshake) per message nor exceeds the provider's connection limit.
    // Nodemailer reads its options from the URL's query, where the owner may also set them.
    const url = new URL(smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '3');
    const transport = nodemailer.createTransport(url.toString());
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      async close() {
        transport.close();
      },
    };
  }
  // Nodemailer's composer writes the message: a file needs no transport (its plugins, envelope
  // and stream cost a fifth of a mail's CPU: decision 0008). Lines end as Unix files' do.
  const compose = async (mail: Mail) =>
    (await new MailComposer(message(mail)).compile().build()).toString().replace(/\r\n/g, '\n');
  const logLinks = config.env !== 'production';
  let outbox: WriteStream | null = null;
  const open = () => {
    if (!outbox) {
      // Private: the outbox holds sign-in (verification) and password-reset links.
      mkdirSync(path.dirname(outboxFile), { recursive: true, mode: 0o700 });
      outbox = createWriteStream(outboxFile, { flags: 'a', mode: 0o600 });
      outbox.on('error', (err) => {
        log.error({ err, file: outboxFile }, 'the mail outbox cannot be written');
        outbox = null;
      });
    }
    return outbox;
  };
  return {
    async send(mail) {
      open().write(mboxEntry(await compose(mail), new Date()));
      log.info(
        {
          to: mail.to,
          subject: mail.subject,
          ...(logLinks ? { link: mail.link } : {}),
          file: outboxFile,
        },
        'mail written to the outbox',
      );
    },
    async close() {
      const stream = outbox;
      outbox = null;
      if (stream) await new Promise<void>((resolve) => stream.end(resolve));
    },
  };
}
