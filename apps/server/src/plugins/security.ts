import { says } from '@kanna/shared';
import type { Said } from '@kanna/shared/domain/translation';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/**
 * Security headers with a strict Content-Security-Policy (scripts only from our own origin),
 * computed once at start and set on every response: building them per request (as
 * @fastify/helmet does, re-parsing the policy each time) cost a tenth of the CPU of the hot
 * catalogue reads.
 *
 * Cross-site writes are refused: a browser always sends Origin on a cross-site POST, so a
 * write under /api whose Origin is not ours is refused before any handler runs.
 * This covers /api/auth/* too: Better Auth checks Origin only when a cookie is present, which
 * would leave sign-in open to login CSRF.
 */
function securityHeaders(config: Config): Record<string, string> {
  const https = config.publicUrl.startsWith('https://');
  // Stripe Elements runs Stripe's script and frames; only allowed when Stripe is configured.
  const stripe = config.stripe
    ? {
        script: ' https://js.stripe.com',
        frame: 'https://js.stripe.com https://hooks.stripe.com',
        connect: ' https://api.stripe.com',
      }
    : { script: '', frame: "'none'", connect: '' };
  const csp = [
    "default-src 'self'",
    // WebAssembly may be compiled (the barcode reader where the browser has none: decision 0055);
    // JavaScript's eval stays refused ('wasm-unsafe-eval' allows only the former).
    `script-src 'self'${stripe.script} 'wasm-unsafe-eval'`,
    `frame-src ${stripe.frame}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${stripe.connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/** JSON nested deeper than this is refused: no request of ours needs more than a few levels. */
const MAX_BODY_DEPTH = 32;

/**
 * Why `value` (a parsed request body) cannot be taken, or null. PostgreSQL
 * cannot store the NUL character in text (the query fails), nor a lone UTF-16 surrogate
 * (`"\ud800"` in JSON: jsonb and UTF-8 text refuse it), and deeply nested JSON exhausts
 * the stack of the code that walks it (Better Auth's among them): both would end in a 5xx.
 * Walked without recursion; raw bodies (Buffers, e.g. a signed webhook) are not looked into.
 */
function textProblem(text: string): Said | null {
  if (text.includes('\u0000')) return says.nulCharacter;
  return text.isWellFormed() ? null : says.malformedText;
}

function unacceptable(value: unknown): Said | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const v = item.value;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return problem;
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (item.depth >= MAX_BODY_DEPTH) return says.nestedTooDeeply;
    for (const [key, inner] of Object.entries(v)) {
      const problem = textProblem(key);
      if (problem) return problem;
      stack.push({ value: inner, depth: item.depth + 1 });
    }
  }
  return null;
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  const allowed = new Set(config.trustedOrigins);
  const refused = says.openAtPublicUrl(config.publicUrl);

  // One callback-style hook for both (headers first, then the Origin check): every request
  // passes here, and an async hook costs a promise or two per request (more on Node.js 20,
  // where Better Auth's AsyncLocalStorage hooks every promise).
  app.addHook('onRequest', function headersAndOrigin(request, reply, done) {
    reply.headers(headers);
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    // Provider callbacks may be posted from the provider's own site.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/callback/')) return done();
    const origin = request.headers.origin;
    if (!origin) return done();
    const own = `${request.protocol}://${request.host}`;
    if (!allowed.has(origin) && origin !== own) return done(new AppError('forbidden', refused));
    done();
  });

  // What no route can store is refused before any route sees it, /api/auth/* included. This
  // runs after the route's guard (onRequest), so an anonymous caller still gets 401 first. A NUL
  // in the path or query can only arrive percent-encoded (Node refuses a raw one), so the raw
  // URL is scanned rather than the parsed query: the hot cached reads pay one string search.
  app.addHook('preValidation', function refuseUnstorableText(request, _reply, done) {
    const reason =
      (request.body === undefined ? null : unacceptable(request.body)) ??
      (request.url.includes('%00') ? says.nulCharacter : null);
    done(reason ? new AppError('invalid', reason) : undefined);
  });
}
