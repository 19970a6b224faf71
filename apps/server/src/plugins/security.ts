import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/**
 * Security headers with a strict Content-Security-Policy (scripts only from our own origin),
 * and refusal of cross-site writes: a browser always sends Origin on a cross-site POST, so a
 * write under /api whose Origin is not ours is refused before any handler runs (DESIGN §4).
 * This covers /api/auth/* too: Better Auth checks Origin only when a cookie is present, which
 * would leave sign-in open to login CSRF.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  // Stripe Elements runs Stripe's script and frames; only allowed when Stripe is configured.
  const stripe = config.stripe
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        frameSrc: stripe.frame.length ? stripe.frame : ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connect],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const allowed = new Set([new URL(config.publicUrl).origin]);
  if (config.env === 'development') allowed.add('http://localhost:5173');
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    // Provider callbacks may be posted from the provider's own site.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/callback/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.host}`;
    if (!allowed.has(origin) && origin !== own)
      throw new AppError(403, 'Cross-site requests are not allowed.');
  });
}
