import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { jobThread } from '../../lib/job-thread';
import { type DraftedMail, type Mail, type MailJob, type MailSetup, mailMessage } from './mail-message';

export { drawn, type Mail, mboxEntry, type OrderMailDraft } from './mail-message';

/** Sends a mail, or an order's mail drafted (drawn where it is sent: `drawn`). */
export type Mailer = { send(mail: Mail | DraftedMail): Promise<void>; close?(): Promise<void> };

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
  const setup: MailSetup = { smtpUrl: smtpUrl ?? null, outboxFile };
  // Answered with the subject sent (a drafted mail's is known once drawn, on the mail thread).
  const thread = jobThread<MailJob, string>('modules/mail/mail-worker', 'the mail thread', setup);
  const logLinks = config.env !== 'production';
  return {
    async send(mail) {
      const subject = await thread.run(
        'draft' in mail
          ? { kind: 'draw', from, to: mail.to, messageId: messageId(), draft: mail.draft }
          : { kind: 'send', message: mailMessage(from, mail, messageId()) },
      );
      if (smtpUrl) return;
      log.info(
        {
          to: mail.to,
          subject,
          ...(logLinks && 'link' in mail ? { link: mail.link } : {}),
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
