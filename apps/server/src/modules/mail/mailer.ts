import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { jobThread } from '../../lib/job-thread';
import type { MailJob, MailMessage, MailSetup } from './mail-message';

export { mboxEntry } from './mail-message';

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
 * file opening per mail). Both on the mail thread (mail-worker.ts; decision 0075): `send`
 * resolves once the message is written or accepted. Outside production its link is logged too,
 * so password reset works on a laptop without a mail server. In production the link never goes
 * to the log: a reset link sets the account's password, and logs travel further than the data
 * folder.
 */
export function createMailer(config: Config, log: MailLog): Mailer {
  const { smtpUrl, from, outboxFile } = config.mail;
  const messageId = messageIdAt(from);
  const message = (mail: Mail): MailMessage => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    // The HTML part in base64: quoted-printable costs Nodemailer two to three times the CPU of
    // the rest of an order's mail (decision 0029); the text part stays readable in the outbox.
    ...(mail.html ? { html: { content: mail.html, contentTransferEncoding: 'base64' as const } } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    messageId: messageId(),
  });
  const setup: MailSetup = { smtpUrl: smtpUrl ?? null, outboxFile };
  const thread = jobThread<MailJob, void>('modules/mail/mail-worker', 'the mail thread', setup);
  const logLinks = config.env !== 'production';
  return {
    async send(mail) {
      await thread.run({ kind: 'send', message: message(mail) });
      if (smtpUrl) return;
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
      await thread.run({ kind: 'close' }).catch((err: unknown) => {
        log.error({ err }, 'the mail thread did not close cleanly');
      });
      await thread.stop();
    },
  };
}
