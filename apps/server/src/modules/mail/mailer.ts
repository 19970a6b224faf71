import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export type Mail = { to: string; subject: string; text: string; link?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Nodemailer over SMTP_URL; without it, each message is written to DATA_DIR/outbox as an .eml
 * file and its link is logged, so password reset works on a laptop without a mail server.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, 'mail written to the outbox');
    },
  };
}
