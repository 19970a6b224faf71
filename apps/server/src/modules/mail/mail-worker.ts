import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { answerJobs } from '../../lib/job-thread';
import {
  drawn,
  type MailJob,
  type MailMessage,
  type MailSetup,
  mailMessage,
  mboxEntry,
} from './mail-message';

/*
 * The thread mails are composed and sent on (mailer.ts; decision 0075): Nodemailer's MIME
 * composition cost a sixth of the server's thread while a burst of orders each sent its
 * confirmation. A job is answered once the message is written to the outbox or accepted by the
 * SMTP server, so a sender that awaits it knows the mail left.
 */
const setup = (workerData as { data: MailSetup }).data;

function smtp(smtpUrl: string) {
  // A few long-lived connections shared by every mail: a burst of orders neither opens a
  // connection (and TLS handshake) per message nor exceeds the provider's connection limit.
  // Nodemailer reads its options from the URL's query, where the owner may also set them.
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '3');
  const transport = nodemailer.createTransport(url.toString());
  return async (message: MailMessage | null) => {
    if (message) await transport.sendMail(message);
    else transport.close();
  };
}

function outbox(outboxFile: string) {
  // Nodemailer's composer writes the message: a file needs no transport (its plugins, envelope
  // and stream cost a fifth of a mail's CPU: decision 0008). Lines end as Unix files' do.
  const compose = async (message: MailMessage) =>
    (await new MailComposer(message).compile().build()).toString().replace(/\r\n/g, '\n');
  let stream: WriteStream | null = null;
  const open = () => {
    if (!stream) {
      // Private: the outbox holds sign-in (verification) and password-reset links.
      mkdirSync(path.dirname(outboxFile), { recursive: true, mode: 0o700 });
      const opened = createWriteStream(outboxFile, { flags: 'a', mode: 0o600 });
      // A failed write fails its job (below); the next mail opens the file again.
      opened.on('error', () => {
        if (stream === opened) stream = null;
      });
      stream = opened;
    }
    return stream;
  };
  return async (message: MailMessage | null) => {
    if (!message) {
      const ending = stream;
      stream = null;
      if (ending) await new Promise<void>((resolve) => ending.end(resolve));
      return;
    }
    const entry = mboxEntry(await compose(message), new Date());
    const to = open();
    await new Promise<void>((resolve, reject) => to.write(entry, (err) => (err ? reject(err) : resolve())));
  };
}

/** The message a job sends (a drafted order's mail drawn here), or null: the end. */
function messageOf(job: MailJob): MailMessage | null {
  if (job.kind === 'close') return null;
  if (job.kind === 'send') return job.message;
  return mailMessage(job.from, drawn({ to: job.to, draft: job.draft }), job.messageId);
}

/**
 * Mails composed at once. A burst of orders hands over hundreds of mails in a few turns; composed
 * all together, every one's buffers stayed alive at the same time and the thread spent 44 % of its
 * time collecting garbage. 20,000 order mails written to the outbox took 14.4 s and 19.0 s of CPU
 * all at once; 7.5-8.2 s and 9.2-9.8 s of CPU 8 at a time (4 or 16: much the same; one at a time
 * 10.0-10.7 s, each write waited for).
 */
const COMPOSED_AT_ONCE = 8;

const deliver = setup.smtpUrl ? smtp(setup.smtpUrl) : outbox(setup.outboxFile);
answerJobs<MailJob, string>(
  async (job) => {
    const message = messageOf(job);
    await deliver(message);
    return message?.subject ?? '';
  },
  { atOnce: COMPOSED_AT_ONCE },
);
