import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The whole environment, parsed once (DESIGN §3). Nothing else in the server reads process.env.
 * Every variable is optional: the defaults run a full shop on a laptop.
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
  ORDER_HOLD_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(48),
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1000).default(10),
  SHOP_EMAIL: z.email().default('sales@kanna-tools.example'),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: onOff.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  database: { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };
  dataDir: string;
  authSecret: string;
  sampleData: boolean;
  adminEmails: string[];
  mail: { smtpUrl: string | null; from: string; outboxFile: string };
  /** Google sign-in through OpenID Connect discovery, or null when not configured. */
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** Stripe when its keys are set; otherwise the built-in test-mode processor. */
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
  /** Where enquiries from Contact Supplier are mailed. */
  shopEmail: string;
  /** Sign-in, sign-up and reset attempts allowed per client address per minute. */
  authRateLimit: number;
  trustProxy: boolean;
  logLevel: string;
  /** Built web app to serve, or null when there is none (API only). */
  webDist: string | null;
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
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production');
  }
  const root = repoRoot();
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(root, 'apps/web/dist');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
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
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
    orderHoldMs: e.ORDER_HOLD_HOURS * 3_600_000,
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    shopEmail: e.SHOP_EMAIL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
  };
}
