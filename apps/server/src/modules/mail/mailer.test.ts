import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMailer, drawn, type MailLog, mboxEntry, type OrderMailDraft } from './mailer';

/** A MIME part's body, decoded as its Content-Transfer-Encoding says (base64 or quoted-printable). */
function decodedPart(part: string): string {
  const [headers = '', ...body] = part.replace(/^\n/, '').split('\n\n');
  const raw = body.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(raw, 'base64').toString('utf8');
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return raw;
  const bytes = raw
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('the outbox mailer (no SMTP_URL)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Sends two messages through the outbox mailer of a new DATA_DIR (`dir`), the second with a From line. */
  async function sendTwo() {
    dir = mkdtempSync(path.join(tmpdir(), 'kanna-mail-'));
    const config = loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Kanna <shop@kanna.example>' });
    const quiet: MailLog = { info() {}, error() {} };
    const mailer = createMailer(config, quiet);
    await mailer.send({ to: 'a@kanna.example', subject: 'First', text: 'Hello A' });
    await mailer.send({ to: 'b@kanna.example', subject: 'Second', text: 'From the shop\nHello B' });
    await mailer.close?.();
  }

  it('appends every message to DATA_DIR/outbox.mbox, one mbox entry each', async () => {
    await sendTwo();

    const mbox = readFileSync(path.join(dir, 'outbox.mbox'), 'utf8');
    const entries = mbox.split(/^From kanna@localhost .*$/m).filter((e) => e.trim());
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('To: a@kanna.example');
    expect(entries[0]).toContain('Subject: First');
    expect(entries[1]).toContain('Subject: Second');
    // A body line that could pass for a separator is quoted.
    expect(entries[1]).toContain('>From the shop');
    // Each has its own Message-ID, at the sender's domain.
    const ids = entries.map((e) => /^Message-ID: (.*)$/m.exec(e)?.[1]);
    expect(ids[0]).toMatch(/^<[0-9a-f-]{36}@kanna\.example>$/);
    expect(ids[1]).toMatch(/^<[0-9a-f-]{36}@kanna\.example>$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('writes a burst handed over at once (one placing call answering many orders) each once, every send answered', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kanna-mail-'));
    const config = loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Kanna <shop@kanna.example>' });
    const mailer = createMailer(config, { info() {}, error() {} });
    // Sent in one turn of the event loop, then one more after it: all cross to the mail thread,
    // and each send resolves once its own message is written.
    const burst = Array.from({ length: 40 }, (_, i) =>
      mailer.send({ to: `buyer${i}@kanna.example`, subject: `Order ${i}`, text: `Hello ${i}` }),
    );
    await Promise.all(burst);
    await mailer.send({ to: 'late@kanna.example', subject: 'Late', text: 'After the burst' });
    await mailer.close?.();

    const entries = readFileSync(path.join(dir, 'outbox.mbox'), 'utf8')
      .split(/^From kanna@localhost .*$/m)
      .filter((e) => e.trim());
    expect(entries).toHaveLength(41);
    const subjects = entries.map((e) => /^Subject: (.*)$/m.exec(e)?.[1]).sort();
    expect(subjects).toEqual([...Array.from({ length: 40 }, (_, i) => `Order ${i}`), 'Late'].sort());
  });

  it("draws an order's drafted mail on the mail thread, in the buyer's language, as the request thread would have", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kanna-mail-'));
    const config = loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Kanna <shop@kanna.example>' });
    const logged: unknown[] = [];
    const mailer = createMailer(config, { info: (fields: unknown) => logged.push(fields), error() {} });
    const draft: OrderMailDraft = {
      order: {
        currency: 'JPY',
        number: 'K-000123',
        buyerName: '山田 太郎',
        placedAt: new Date('2026-11-26T08:05:00Z'),
        lines: [
          { productName: 'Hira Kanna 70', productNameJa: '平鉋 70', quantity: 2, perPriceCents: 12_000 },
        ],
        totalCents: 24_000,
        shippingCents: 0,
        taxCents: 2_400,
        taxRateBp: 1000,
        taxTreatment: 'domestic',
        amountDueCents: 26_400,
        address: '東京都中央区銀座4-5-6',
        phone: '03-1234-5678',
        link: 'https://kanna.example/dashboard/myOrders/abc',
      },
      event: { kind: 'placed', holdUntil: new Date('2026-11-28T08:05:00Z') },
      shop: { legalName: '株式会社カンナ', address: '東京都台東区蔵前1-2-3', timeZone: 'Asia/Tokyo' },
      language: 'ja',
    };
    await mailer.send({ to: 'taro@kanna.example', draft });
    await mailer.close?.();

    const [entry] = readFileSync(path.join(dir, 'outbox.mbox'), 'utf8')
      .split(/^From kanna@localhost .*$/m)
      .filter((e) => e.trim());
    const expected = drawn({ to: 'taro@kanna.example', draft });
    expect(expected.subject).toContain('K-000123');
    // The subject is encoded in the header (it is Japanese): the mail thread answers it as sent.
    expect(logged).toEqual([
      expect.objectContaining({ to: 'taro@kanna.example', subject: expected.subject }),
    ]);
    expect(entry).toContain('To: taro@kanna.example');
    expect(entry).toContain('Content-Type: multipart/alternative');
    // Both parts are the ones the request thread used to draw, however Nodemailer encoded them.
    const [, textPart = '', htmlPart = ''] = (entry ?? '').split(/^--.*$/m);
    expect(decodedPart(textPart).trim()).toBe(expected.text.trim());
    expect(decodedPart(htmlPart)).toBe(expected.html);
  });

  it('starts each entry with a From_ line in the asctime form mail readers split on', async () => {
    await sendTwo();

    // "From " sender, then the date as asctime writes it in UTC: weekday, month, the day padded
    // with a space to two places, the time and the year (what mutt and mailbox readers parse).
    const fromLine =
      /^From \S+ (Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ 123]\d [0-2]\d:[0-5]\d:[0-6]\d \d{4}$/;
    const lines = readFileSync(path.join(dir, 'outbox.mbox'), 'utf8').split('\n');
    const separators = lines.filter((line) => line.startsWith('From '));
    expect(separators).toHaveLength(2);
    for (const line of separators) expect(line).toMatch(fromLine);
    expect(mboxEntry('x', new Date('2026-12-06T04:18:04Z')).split('\n')[0]).toBe(
      'From kanna@localhost Sun Dec  6 04:18:04 2026',
    );
    expect(mboxEntry('x', new Date('2026-11-21T23:05:09+09:00')).split('\n')[0]).toBe(
      'From kanna@localhost Sat Nov 21 14:05:09 2026',
    );
  });

  it('logs the link of each mail outside production, and never in production', async () => {
    const link = 'http://localhost:3000/api/auth/verify-email?token=secret-token';
    const logged = async (env: Record<string, string>) => {
      dir = mkdtempSync(path.join(tmpdir(), 'kanna-mail-'));
      const lines: string[] = [];
      const log: MailLog = {
        info: (...args: unknown[]) => lines.push(JSON.stringify(args)),
        error: (...args: unknown[]) => lines.push(JSON.stringify(args)),
      };
      const mailer = createMailer(loadConfig({ DATA_DIR: dir, ...env }), log);
      await mailer.send({ to: 'a@kanna.example', subject: 'Verify', text: `Open ${link}`, link });
      await mailer.close?.();
      // The mail itself still reaches the (private) outbox.
      expect(readFileSync(path.join(dir, 'outbox.mbox'), 'utf8')).toContain('secret-token');
      rmSync(dir, { recursive: true, force: true });
      return lines.join('\n');
    };
    expect(await logged({ NODE_ENV: 'development' })).toContain('secret-token');
    const production = await logged({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      PAYMENT_MODE: 'test',
    });
    expect(production).toContain('a@kanna.example');
    expect(production).not.toContain('secret-token');
  });

  it('quotes ">From " lines once more, mboxrd style', () => {
    const entry = mboxEntry('Subject: x\n\n>From here\nFrom there', new Date(0));
    expect(entry).toBe(
      'From kanna@localhost Thu Jan  1 00:00:00 1970\nSubject: x\n\n>>From here\n>From there\n\n',
    );
  });
});

/**
 * A local SMTP server that keeps each message it receives (`received`; `connected` hears each
 * connection), and a mailer sending to it; `close` stops the server.
 */
async function smtpServer(connected: () => void = () => {}) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      connected();
      callback();
    },
    onData(stream, _session, callback) {
      let message = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        message += chunk;
      });
      stream.on('end', () => {
        received.push(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'shop@kanna.example' });
  const mailer = createMailer(config, { info() {}, error() {} });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { received, mailer, close };
}

describe('the SMTP mailer (SMTP_URL set)', () => {
  it('delivers a burst of mails over a few shared connections', async () => {
    let connections = 0;
    const { received, mailer, close } = await smtpServer(() => connections++);
    try {
      const subjects = Array.from({ length: 12 }, (_, i) => `Order ${i + 1}`);
      await Promise.all(
        subjects.map((subject) => mailer.send({ to: 'buyer@kanna.example', subject, text: 'Thanks' })),
      );
      await mailer.close?.();

      expect(received).toHaveLength(12);
      for (const subject of subjects)
        expect(received.some((m) => m.includes(`Subject: ${subject}\r\n`))).toBe(true);
      expect(connections).toBeGreaterThanOrEqual(1);
      expect(connections).toBeLessThanOrEqual(3);
    } finally {
      await close();
    }
  });
});

describe('a mail with an HTML part (the order mails)', () => {
  const html = '<p>Order <b>K-000123</b> placed</p>';
  /** The message's text and HTML parts, each decoded, from a multipart/alternative message. */
  function parts(message: string) {
    const boundary = /^Content-Type: multipart\/alternative;\s*boundary="([^"]+)"/m.exec(message)?.[1];
    expect(boundary, 'multipart/alternative').toBeDefined();
    const found = message
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => {
        const [head = '', ...body] = part.trim().split(/\r?\n\r?\n/);
        const text = body.join('\n').replace(/=\r?\n/g, '');
        const base64 = /^Content-Transfer-Encoding: base64/im.test(head);
        return {
          type: /^Content-Type: ([^;\s]+)/im.exec(head)?.[1],
          text: base64 ? Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8') : text,
        };
      });
    return {
      text: found.find((p) => p.type === 'text/plain')?.text,
      html: found.find((p) => p.type === 'text/html')?.text,
    };
  }

  it('writes both parts into the outbox, the text one readable as it is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kanna-mail-'));
    try {
      const mailer = createMailer(loadConfig({ DATA_DIR: dir }), {
        info() {},
        error() {},
      });
      await mailer.send({
        to: 'a@kanna.example',
        subject: 'Order K-000123 placed',
        text: 'Order K-000123 placed',
        html,
      });
      await mailer.close?.();
      const message = readFileSync(path.join(dir, 'outbox.mbox'), 'utf8');
      expect(parts(message)).toEqual({ text: 'Order K-000123 placed', html });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends both parts over SMTP', async () => {
    const { received, mailer, close } = await smtpServer();
    try {
      await mailer.send({
        to: 'buyer@kanna.example',
        subject: 'Order K-000123 placed',
        text: 'Thanks',
        html,
      });
      await mailer.close?.();
      expect(received).toHaveLength(1);
      expect(parts(received[0] ?? '')).toEqual({ text: 'Thanks', html });
    } finally {
      await close();
    }
  });
});
