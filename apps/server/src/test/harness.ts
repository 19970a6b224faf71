import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { createEmailVerificationToken } from 'better-auth/api';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { drawn, type Mail, type Mailer } from '../modules/mail/mailer';
import type { Client } from './http';

/**
 * A fresh shop for one test file: an in-memory PGlite, or — when the project runs with
 * KANNA_TEST_DB=postgres — a new database on TEST_DATABASE_URL's server, dropped afterwards.
 */
export type TestShop = Awaited<ReturnType<typeof startTestShop>>;

export const onPostgres = () => process.env.KANNA_TEST_DB === 'postgres';

/**
 * The migrated empty embedded database the run's global setup made, read once per worker: the
 * API suite's files share a process, and each file loads this module afresh, so it is kept on
 * the global object. None on the PostgreSQL project, which makes none.
 */
const kept = globalThis as {
  kannaPgliteImage?: { file: string; image: Blob | null };
  kannaIdlePglite?: PGlite[];
};
function pgliteImage(): Blob | undefined {
  const file = inject('pgliteImage');
  if (kept.kannaPgliteImage?.file !== file)
    kept.kannaPgliteImage = { file, image: file ? new Blob([readFileSync(file)]) : null };
  return kept.kannaPgliteImage.image ?? undefined;
}

/**
 * An empty, migrated embedded database of its own: a copy of the run's image, or one a file
 * that ran before in this worker closed, emptied (starting PostgreSQL-in-WASM takes a second;
 * emptying it, milliseconds). Each is used by one shop at a time.
 */
export function openTestPglite(): Promise<Db> {
  kept.kannaIdlePglite ??= [];
  const idle = kept.kannaIdlePglite;
  const copy = pgliteImage();
  return openDatabase(
    { kind: 'pglite', dir: null },
    {
      ...(copy ? { image: copy } : {}),
      reuse: {
        client: idle.pop(),
        async release(client) {
          try {
            await client.exec(EMPTY_EVERY_TABLE);
            idle.push(client);
          } catch {
            await client.close();
          }
        },
      },
    },
  );
}

/**
 * Back to the migrated, empty database: every table of the shop's schema emptied and its
 * counters restarted (the migrations add no rows; drizzle's own record of them is in its
 * schema and stays).
 */
const EMPTY_EVERY_TABLE = `
do $$
declare tables text;
begin
  select string_agg(format('%I.%I', schemaname, tablename), ', ') into tables
    from pg_tables where schemaname = 'public';
  if tables is not null then
    execute 'truncate ' || tables || ' restart identity cascade';
  end if;
end $$;`;

/**
 * A new database on TEST_DATABASE_URL's server: a copy of the run's migrated template (global
 * setup) when there is one, so the shop's migrations find nothing left to do.
 */
async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kanna_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestShop(
  options: {
    databaseUrl?: string;
    sharedDatabase?: Db;
    env?: Record<string, string>;
    /**
     * Where its mail goes: `mailer`; else, with `ownMailer`, through the shop's own mailer and its
     * mail thread (SMTP_URL, or DATA_DIR/outbox.mbox without it); else kept in memory (no thread
     * started per test shop).
     */
    mailer?: Mailer;
    ownMailer?: boolean;
    /** Called before the app is ready, e.g. to add a hook that watches requests. */
    beforeReady?: (app: FastifyInstance) => void;
    /** How long an export's client may read nothing before it is cut off. */
    exportStallMs?: number;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kanna-test-'));
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl && onPostgres()) {
    const created = await createTestDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  // A second instance on the same embedded database shares its (in-memory) connection.
  const database =
    options.sharedDatabase ??
    (config.database.kind === 'pglite' ? await openTestPglite() : await openDatabase(config.database));
  await database.migrate();
  const { app, services, cache } = await buildApp(config, database, {
    mailer: options.mailer ?? (options.ownMailer ? undefined : captureMailer()),
    exportStallMs: options.exportStallMs,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    services,
    database,
    config,
    databaseUrl,
    /**
     * Resolves once this instance has heard back its own change notices sent so far. On a busy
     * machine PostgreSQL may deliver one seconds late, and a late one empties the public cache in
     * the middle of a test that counts on what it holds. Notices reach a listener in the order
     * they were committed, so hearing a marker sent after them means they have been heard.
     */
    async noticesHeard() {
      await cache.flush();
      const marker = `test-marker:${randomUUID()}`;
      let heard = () => {};
      const done = new Promise<void>((resolve) => {
        heard = resolve;
      });
      await database.changes.subscribe(
        (payload) => payload === marker && heard(),
        () => {},
      );
      await database.changes.notify(marker);
      await done;
    },
    async close() {
      await app.close();
      if (!options.sharedDatabase) await database.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A mailer that keeps what it sends, for tests that read their mail without SMTP. */
export function captureMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(drawn(mail));
    },
  };
}

/** The mail `mailer` captured for `to` whose text contains `text`, once it has it (mails sent without waiting). */
export async function mailTo(mailer: { sent: Mail[] }, to: string, text: string): Promise<Mail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = mailer.sent.find((m) => m.to === to && m.text.includes(text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} with "${text}"`);
}

/** A tool with the given numbers (no picture needed), straight through the catalogue service. */
/**
 * The embedded database's clock counts milliseconds: tools added within one would tie on
 * `created_at`, and which of them is "newest" would be left to their random ids. Each tool
 * added here is a millisecond newer than the last, so tests may rely on the order they add in.
 */
let lastAddedAt = 0;

export async function addTool(
  shop: TestShop,
  t: {
    minQuantity: number;
    available: number;
    priceCents: number;
    productName?: string;
    productNameJa?: string;
    /** Product codes, stored as given (already in their normal form). */
    sku?: string;
    jan?: string;
    packSize?: number;
    volumePrices?: { minQuantity: number; priceCents: number }[];
    /** The owner's yen price and breaks (whole yen, in `priceCents`); none: derived at the shop's rate. */
    priceYen?: number;
    volumePricesYen?: { minQuantity: number; priceCents: number }[];
  },
) {
  lastAddedAt = Math.max(Date.now(), lastAddedAt + 1);
  return shop.services.catalog.create({
    createdAt: new Date(lastAddedAt),
    productName: t.productName ?? `Test tool ${Math.random().toString(36).slice(2, 7)}`,
    description: 'For tests.',
    kind: 'chisel',
    imageId: randomUUID(),
    addedBy: 'admin@kanna.example',
    ...t,
  });
}

/** A tool sold by the piece (minimum 1) under `productName`, with its stock and price. */
export const addToolByPiece = (
  shop: TestShop,
  productName: string,
  t: Omit<Parameters<typeof addTool>[1], 'minQuantity' | 'productName'>,
) => addTool(shop, { minQuantity: 1, productName, ...t });

/**
 * Confirms `email` the way its owner does: `client` opens the link of the verification e-mail
 * (a token signed like the one mailed at sign-up). Ordering needs a confirmed address.
 */
export async function verifyEmail(shop: TestShop, client: Client, email: string) {
  const token = await createEmailVerificationToken(shop.config.authSecret, email);
  const res = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** Signs `client` up and confirms the address: a buyer who may order at once. */
export async function signUpVerified(shop: TestShop, client: Client, name: string, email: string) {
  await client.signUp(name, email);
  await verifyEmail(shop, client, email);
}

/**
 * A web build in `root` whose server build is the web app's own source (entry-server.tsx, loaded
 * through Vite's transform by Vitest), for a shop that renders pages as production does; its
 * `WEB_DIST` is the returned folder.
 */
export function webBuildFromSource(root: string): string {
  const web = fileURLToPath(new URL('../../../web/', import.meta.url));
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
  copyFileSync(path.join(web, 'index.html'), path.join(root, 'dist', 'index.html'));
  const entry = path.join(web, 'src', 'entry-server.tsx');
  writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), `export * from ${JSON.stringify(entry)};\n`);
  return path.join(root, 'dist');
}
