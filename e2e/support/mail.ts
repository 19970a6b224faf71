import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The journeys' servers have no SMTP: each appends every mail to DATA_DIR/outbox.mbox (the config
 * puts E2E_DATA_DIR in the environment the workers inherit). Reads the newest mail to `to` and
 * returns the first link in it that matches `linkPattern`, waiting for it to arrive.
 */
export async function linkFromMail(to: string, linkPattern: RegExp): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        link = newestLink(readOutboxes(), to, linkPattern);
        return link;
      },
      // The server appends a mail as it answers the request that sends it: look again soon.
      { message: `a mail to ${to} with a link like ${linkPattern}`, intervals: [50, 100, 250] },
    )
    .not.toBeNull();
  return link as unknown as string;
}

/**
 * Every shop's outbox (playwright.config.ts: the second and third shops' folders are the first's
 * with `-business` and `-yen`), one after the other: every journey mails its own new accounts, so a mail found is
 * the one meant wherever it was sent from.
 */
const readOutboxes = () => {
  const dir = process.env.E2E_DATA_DIR ?? '';
  return [dir, `${dir}-business`, `${dir}-yen`]
    .map((d) => readOutbox(path.join(d, 'outbox.mbox')))
    .join('\n');
};

function readOutbox(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Quoted-printable bodies (what Nodemailer writes for long lines) back to text. */
const unquote = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

function newestLink(mbox: string, to: string, linkPattern: RegExp): string | null {
  const messages = mbox.split(/^From kanna@localhost .*$/m).reverse();
  for (const message of messages) {
    if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(message)) continue;
    for (const url of unquote(message).match(/https?:\/\/[^\s"'<>]+/g) ?? []) {
      if (linkPattern.test(url)) return url;
    }
  }
  return null;
}

/** The verification link from the sign-up mail of `email`. */
export const verificationLink = (email: string) => linkFromMail(email, /\/api\/auth\/verify-email\?token=/);

/**
 * The newest mail to `to` whose text matches `pattern` (headers and body, quoted-printable
 * undone), waiting for it to arrive; fails when none does.
 */
export async function mailMatching(to: string, pattern: RegExp): Promise<string> {
  const addressed = new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im');
  let found: string | null = null;
  await expect
    .poll(
      () => {
        const messages = readOutboxes()
          .split(/^From kanna@localhost .*$/m)
          .reverse();
        found = messages.map(unquote).find((m) => addressed.test(m) && pattern.test(m)) ?? null;
        return found;
      },
      { message: `a mail to ${to} matching ${pattern}`, intervals: [50, 100, 250] },
    )
    .not.toBeNull();
  return found as unknown as string;
}
