import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DataDirError, prepareDataDir } from './data-dir';

/**
 * The whole environment, parsed once. Nothing else in the server reads process.env.
 * Every variable is optional: the defaults run a full shop on a laptop. In production
 * (NODE_ENV=production) the defaults are the safe ones: an AUTH_SECRET is required, and
 * payments are real unless PAYMENT_MODE=test says otherwise.
 */
const onOff = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SAMPLE_DATA: onOff.optional(),
  ADMIN_EMAILS: z.string().default(''),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Kanna <shop@kanna.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe SDK sends its calls; only for tests against a local stand-in. */
  STRIPE_API_URL: z.url().optional(),
  PAYMENT_MODE: z.enum(['stripe', 'test'], { error: 'PAYMENT_MODE must be stripe or test' }).optional(),
  ORDER_HOLD_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(48),
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1000).default(10),
  MAX_UNPAID_VALUE: z.coerce
    .number({ error: 'MAX_UNPAID_VALUE must be an amount in dollars, such as 50000' })
    .positive({ error: 'MAX_UNPAID_VALUE must be an amount in dollars, such as 50000' })
    .max(10_000_000_000)
    .default(50_000),
  BACKUP_KEEP: z.coerce
    .number({ error: 'BACKUP_KEEP must be a whole number ≥ 1' })
    .int({ error: 'BACKUP_KEEP must be a whole number ≥ 1' })
    .min(1, { error: 'BACKUP_KEEP must be a whole number ≥ 1' })
    .default(7),
  SHOP_EMAIL: z.email().default('sales@kanna-tools.example'),
  // The web footer's name and address, so mails and site agree until the settings screen keeps them.
  SHOP_LEGAL_NAME: z
    .string()
    .trim()
    .min(1, 'SHOP_LEGAL_NAME must not be empty')
    .max(200)
    .default('Kanna Tool Works'),
  SHOP_ADDRESS: z.string().trim().max(500).default('2-14-3 Kanamono-cho, Miki, Hyogo 673-0432, Japan'),
  SHOP_TIME_ZONE: z.string().trim().default('Asia/Tokyo'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  DOCUMENT_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  TRUST_PROXY: z.string().default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)')
    .regex(
      /^[A-Za-z0-9._~+/=-]+$/,
      'METRICS_TOKEN may hold only letters, digits and . _ ~ + / = - (it is sent as a bearer token)',
    )
    .optional(),
  WEB_DIST: z.string().optional(),
  KANNA_DEBUG: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /**
   * The origins whose pages may sign in and write (Better Auth's trustedOrigins and the
   * cross-site check): PUBLIC_URL's, and outside production its loopback twin and Vite's.
   */
  trustedOrigins: string[];
  database: { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };
  dataDir: string;
  authSecret: string;
  sampleData: boolean;
  adminEmails: string[];
  mail: { smtpUrl: string | null; from: string; outboxFile: string };
  /** Google sign-in through OpenID Connect discovery, or null when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /**
   * `stripe` takes real card payments; `test` is the built-in processor that takes only test
   * cards, and every page then says so.
   */
  paymentMode: 'stripe' | 'test';
  /** Stripe's keys in Stripe mode; null in test mode. */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | null;
    apiUrl: string | null;
  } | null;
  /** How long an unpaid order holds its stock. */
  orderHoldMs: number;
  /** Unpaid orders one account may hold at once. */
  maxUnpaidOrders: number;
  /** The value (cents) of the unpaid orders one account may hold at once, unless an admin approved it. */
  maxUnpaidValueCents: number;
  /** How many of the embedded database's daily backups (DATA_DIR/backups) are kept (decision 0031). */
  backupKeep: number;
  /** Where enquiries from Contact Supplier are mailed. */
  shopEmail: string;
  /**
   * Who the shop is and where, as order mails carry it, and the zone the shop's times are
   * written in (mails, the CSV). Until the settings screen stores them (decision 0029).
   */
  shop: ShopDetails;
  /** Sign-in, sign-up and reset attempts allowed per client address per minute. */
  authRateLimit: number;
  /**
   * Order documents (PDFs) an account may download per minute, a client address twice as many;
   * null: the endpoint contract's own limits (a benchmark sets more).
   */
  documentRateLimit: number | null;
  /**
   * Whom to believe about the client's address in `X-Forwarded-For`: nobody (false), the
   * given number of proxies in front of the shop, or proxies at these addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  /** Cuts off clients that send slowly or sit idle, so they cannot hold connections open. */
  timeouts: Timeouts;
  logLevel: string;
  /** The bearer token GET /metrics asks for (Prometheus); null: no /metrics at all. */
  metricsToken: string | null;
  /** KANNA_DEBUG (any value): a request that fails with 500 is also printed to stderr, stack and all. */
  debug: boolean;
  /** Built web app to serve, or null when there is none (API only). */
  webDist: string | null;
  /**
   * The web app's server-rendering module (entry-server.js in dist-ssr/, beside dist/), which
   * renders the home page's HTML; null when it is not built (the browser then renders it).
   */
  webRenderer: string | null;
};

export type ShopDetails = {
  /** The legal name a business files a mail under. */
  legalName: string;
  /** The shop's postal address, one or more lines; empty: no address line. */
  address: string;
  /** The legal name and address in Japanese, once the shop settings hold them (else the above serve). */
  legalNameJa?: string;
  addressJa?: string;
  /** An IANA time zone (`Asia/Tokyo`), as Intl names it. */
  timeZone: string;
};

type Timeouts = {
  /** The request's headers must have arrived within this time. */
  headersMs: number;
  /** The whole request (headers and body) must have arrived within this time. */
  requestMs: number;
  /** A connection with no traffic at all is closed after this time. */
  idleMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveMs: number;
  /** How often the server looks for requests past their headers or request time. */
  checkIntervalMs: number;
};

const defaultTimeouts: Timeouts = {
  headersMs: 20_000,
  // Long enough to upload a 5 MB picture over a slow (~1 Mbit/s) connection.
  requestMs: 60_000,
  idleMs: 60_000,
  // Longer than the 60 s idle timeout of common load balancers, so the proxy closes first.
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

/** Finds the repository root (the folder whose package.json declares the workspaces). */
export function repoRoot(start = path.dirname(new URL(import.meta.url).pathname)): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).workspaces) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the Kanna repository root');
    dir = parent;
  }
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export class ConfigError extends Error {}

/** The other name of this machine's loopback: `npm start` listens on 127.0.0.1, PUBLIC_URL defaults to localhost. */
const loopbackTwin: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/**
 * PUBLIC_URL's origin; outside production also the same shop by its loopback's other name, so
 * a page opened at http://127.0.0.1:3000 signs in as well as one at http://localhost:3000, and
 * in development the Vite server's pages.
 */
function trustedOrigins(publicUrl: string, env: Config['env']): string[] {
  const own = new URL(publicUrl);
  const origins = [own.origin];
  if (env === 'production') return origins;
  const twin = loopbackTwin[own.hostname];
  if (twin) {
    const other = new URL(own.origin);
    other.hostname = twin;
    origins.push(other.origin);
  }
  if (env === 'development') origins.push('http://localhost:5173', 'http://127.0.0.1:5173');
  return origins;
}

/**
 * SHOP_TIME_ZONE as Intl names it (`asia/tokyo` → `Asia/Tokyo`), or null for a zone it does not
 * know. Only IANA names: an offset such as `+09:00` means the opposite sign to PostgreSQL.
 */
function ianaTimeZone(zone: string): string | null {
  if (!/^[A-Za-z]/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: off, a hop count, or the proxies' addresses. "on" (believe any
 * X-Forwarded-For) is refused: every client could then pick its own address per request and
 * walk past the rate limits.
 */
function parseTrustProxy(value: string): { trust: Config['trustProxy'] } | { problem: string } {
  const v = value.trim().toLowerCase();
  if (['', 'off', 'false', 'no', '0'].includes(v)) return { trust: false };
  if (['on', 'true', 'yes'].includes(v)) {
    return {
      problem:
        `"${value}" would believe any X-Forwarded-For, so anyone could dodge the rate limits; set the ` +
        'number of proxies in front of the shop (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.2,10.0.0.3)',
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10
      ? { trust: hops }
      : { problem: `${value} proxies is not believable; set 1 to 10 or their addresses` };
  }
  const entries = v.split(',').map((s) => s.trim());
  const bad = entries.filter((entry) => {
    if (NAMED_RANGES.includes(entry)) return false;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return true;
    if (prefix === undefined) return false;
    const bits = Number(prefix);
    // A /0 range is every address: "trust everything" under another name.
    return !/^\d+$/.test(prefix) || bits < 1 || bits > (family === 4 ? 32 : 128);
  });
  if (bad.length) {
    return {
      problem: `not a hop count or a list of proxy addresses/CIDRs (${bad.map((b) => `"${b}"`).join(', ')}); e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.2,10.0.1.0/24`,
    };
  }
  return { trust: entries };
}

/**
 * TRUST_PROXY in the form Fastify takes. A hop count becomes "the n nearest addresses are
 * proxies" (Fastify itself now ignores a bare number): the client is the address the last
 * proxy saw, whatever the client wrote before it in X-Forwarded-For.
 */
export function fastifyTrustProxy(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Every problem at once, so the owner fixes them in one go.
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    problems.push('AUTH_SECRET: required when NODE_ENV=production (32 characters or more)');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if ('problem' in trustProxy) problems.push(`TRUST_PROXY: ${trustProxy.problem}`);
  const timeZone = ianaTimeZone(e.SHOP_TIME_ZONE);
  if (!timeZone) {
    problems.push(
      `SHOP_TIME_ZONE: "${e.SHOP_TIME_ZONE}" is not a time zone this server knows; use an IANA name such as Asia/Tokyo or Europe/Berlin`,
    );
  }

  // Payments are real (Stripe) or explicitly pretend: a shop in production never takes test
  // cards for real orders just because its Stripe keys are missing.
  const stripeKeys = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
  };
  const missingKeys = Object.entries(stripeKeys)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  const hasStripeKeys = missingKeys.length === 0;
  if (!hasStripeKeys && (missingKeys.length < 2 || e.STRIPE_WEBHOOK_SECRET)) {
    problems.push(
      `${missingKeys.join(', ')}: only some Stripe keys are set; set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY for real payments, or none of the Stripe keys for test mode`,
    );
  }
  const paymentMode = e.PAYMENT_MODE ?? (hasStripeKeys ? 'stripe' : 'test');
  if (e.PAYMENT_MODE === 'stripe' && !hasStripeKeys) {
    problems.push('PAYMENT_MODE: stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  } else if (e.NODE_ENV === 'production' && !e.PAYMENT_MODE && !hasStripeKeys) {
    problems.push(
      'PAYMENT_MODE: in production the shop takes real payments with Stripe: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or set PAYMENT_MODE=test to take only test cards (every page then says so)',
    );
  }
  if (problems.length) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  try {
    prepareDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirError) throw new ConfigError(err.message);
    throw err;
  }
  const root = repoRoot();
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(root, 'apps/web/dist');
  const webRenderer = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    trustedOrigins: trustedOrigins(publicUrl, e.NODE_ENV),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    dataDir,
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir),
    sampleData: e.SAMPLE_DATA ?? !e.DATABASE_URL,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxFile: path.join(dataDir, 'outbox.mbox') },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER.replace(/\/$/, ''),
          }
        : null,
    paymentMode,
    stripe:
      paymentMode === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
    orderHoldMs: e.ORDER_HOLD_HOURS * 3_600_000,
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    maxUnpaidValueCents: Math.round(e.MAX_UNPAID_VALUE * 100),
    backupKeep: e.BACKUP_KEEP,
    shopEmail: e.SHOP_EMAIL,
    shop: { legalName: e.SHOP_LEGAL_NAME, address: e.SHOP_ADDRESS, timeZone: timeZone ?? 'UTC' },
    authRateLimit: e.AUTH_RATE_LIMIT,
    documentRateLimit: e.DOCUMENT_RATE_LIMIT ?? null,
    trustProxy: 'trust' in trustProxy ? trustProxy.trust : false,
    timeouts: defaultTimeouts,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    debug: Boolean(e.KANNA_DEBUG),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    webRenderer: existsSync(webRenderer) ? webRenderer : null,
  };
}
