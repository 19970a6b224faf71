import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@kanna/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { CachedBody } from '../lib/cache';
import { sendCached } from '../lib/send-cached';
import { apiNotFound } from './errors';
import type { PageRenderer, RenderedPage } from './server-pages';

const EMPTY_ROOT = '<div id="root"></div>';
/** The shell's own title and description, which a rendered page's head replaces. */
const SHELL_HEAD = /\s*(?:<title>[\s\S]*?<\/title>|<meta\s+name="description"[^>]*>)/g;

/**
 * The app shell (index.html) with what every page must know before its first paint written
 * into it: `<html data-payments="test">` when card payments are only pretend, so the web app
 * shows its test-mode notice in its very first render — no extra request, nothing moving
 * once the page is up.
 */
function shellWithSettings(html: string, paymentMode: Config['paymentMode']): string {
  return html.replace(/<html\b/i, `<html data-payments="${paymentMode}"`);
}

/** The shell with a page rendered on the server (plugins/server-pages.ts) written into its head and root. */
function withPage(shell: string, { head, root }: RenderedPage): string {
  // Functions, so that `$&` or `$1` in a tool's name is written as it is.
  return shell
    .replace(SHELL_HEAD, '')
    .replace('</head>', () => `${head}</head>`)
    .replace(EMPTY_ROOT, () => root);
}

/**
 * Serves the built web app: hashed files under /assets/ are cached for a year; everything
 * else (the shell, favicon, robots.txt) is revalidated. Client routes get the app shell
 * (history fallback) with 200; unknown paths get it with 404, so the app shows its 404 page
 * and crawlers see the right status.
 */
export async function registerWeb(
  app: FastifyInstance,
  config: Pick<Config, 'webDist' | 'paymentMode'>,
  renderPage: PageRenderer | null = null,
): Promise<void> {
  const { webDist } = config;
  let sendShell:
    | ((request: FastifyRequest, reply: FastifyReply, status: number) => Promise<FastifyReply>)
    | null = null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.ts):
      // sent as they are, compressed once at the best settings rather than on every download.
      preCompressed: true,
      // …so the copies need no routes of their own: a GET and a HEAD each would only lengthen every
      // start by a few hundred routes.
      globIgnore: ['**/*.br', '**/*.gz'],
      // The shell is only ever served with the shop's settings written into it (below).
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const shell = shellWithSettings(
      readFileSync(path.join(webDist, 'index.html'), 'utf8'),
      config.paymentMode,
    );
    // Pages are sent like the cached API answers: compressed once per page, 304 on a matching ETag.
    const pageOf = (html: string): CachedBody => ({
      body: Buffer.from(html),
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      encoded: new Map(),
      next: null,
      type: 'text/html; charset=utf-8',
    });
    const plain = pageOf(shell);
    // Each rendering once in the shell, however many addresses or requests share it.
    const sent = new WeakMap<RenderedPage, CachedBody>();
    /** The page with its server-rendered content when there is some; the plain shell otherwise. */
    const pageFor = async (url: string): Promise<CachedBody> => {
      const [path = '/', search = ''] = url.split(/\?(.*)/s);
      const rendered = renderPage ? await renderPage(path, search, 'en') : null;
      if (rendered === null) return plain;
      let page = sent.get(rendered);
      if (!page) {
        page = pageOf(withPage(shell, rendered));
        sent.set(rendered, page);
      }
      return page;
    };
    sendShell = async (request, reply, status) => {
      if (status !== 200) {
        return reply
          .code(status)
          .header('cache-control', 'no-cache')
          .header('etag', plain.etag)
          .type('text/html; charset=utf-8')
          .send(shell);
      }
      return sendCached(request, reply, await pageFor(request.url));
    };
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/media/') || !sendShell) {
      return reply.code(404).send(apiNotFound(path));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(apiNotFound(path));
    }
    return sendShell(request, reply, isClientRoute(path) ? 200 : 404);
  });
}
