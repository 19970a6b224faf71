import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute } from '@kanna/shared';
import { localizedPath, splitAddress } from '@kanna/shared/domain/language-paths';
import { defaultLanguage, type Language, languages } from '@kanna/shared/domain/languages';
import { toolPath, toolPathName } from '@kanna/shared/domain/tool-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { CachedBody } from '../lib/cache';
import { carriesSession } from '../lib/identity';
import { languageHeaders, pageLanguage, requestLanguage } from '../lib/language';
import { sendCached } from '../lib/send-cached';
import type { CatalogService } from '../modules/catalog/catalog.service';
import { apiNotFound } from './errors';
import type { PageRenderer, RenderedPage, ShellTexts } from './server-pages';

const EMPTY_ROOT = '<div id="root"></div>';
/** The shell's own title and description, which a rendered page's head replaces. */
const SHELL_HEAD = /\s*(?:<title>[\s\S]*?<\/title>|<meta\s+name="description"[^>]*>)/g;

/**
 * The app shell (index.html) with what every page must know before its first paint written
 * into it: the reader's language (`<html lang>`), which the web app renders in from its first
 * render on, with that language's texts of the first download preloaded beside the entry (they
 * load on their own: no Japanese for an English reader, nor the reverse); and
 * `<html data-payments="test">` when card payments are only pretend, so the web app shows its
 * test-mode notice in its very first render — no extra request, nothing moving once the page is up.
 */
export function shellWithSettings(
  html: string,
  paymentMode: Config['paymentMode'],
  language: Language,
  texts: readonly string[],
): string {
  const preloads = texts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return html
    .replace(/<html\b[^>]*>/i, (tag) =>
      /\slang="[^"]*"/i.test(tag)
        ? tag.replace(/\slang="[^"]*"/i, ` lang="${language}"`)
        : tag.replace(/^<html/i, `<html lang="${language}"`),
    )
    .replace(/<html\b/i, `<html data-payments="${paymentMode}"`)
    .replace('</head>', () => `${preloads}</head>`);
}

type Manifest = Record<
  string,
  { file: string; name?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

/**
 * The language of a texts chunk, if it is one: a feature's (`…/i18n/en.ts`), or the first
 * download's, which the build gathers into one chunk per language named `first-texts-<language>`
 * (apps/web/vite.config.ts).
 */
const textsLanguage = (key: string, name = ''): string | undefined =>
  (/\/i18n\/(?:[\w-]+\.)?(\w+)\.ts$/.exec(key) ?? /^first-texts-(\w+)$/.exec(name))?.[1];

/**
 * The texts each language's first download loads (each `i18n/<language>.ts` or
 * `i18n/first.<language>.ts` that the entry or what it imports loads), from the build's manifest;
 * none without one.
 */
export function firstTexts(webDist: string): Record<Language, string[]> {
  const found = Object.fromEntries(languages.map((l) => [l, [] as string[]])) as Record<Language, string[]>;
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return found;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const loaded of chunk.dynamicImports ?? []) {
      const target = manifest[loaded];
      const language = textsLanguage(loaded, target?.name);
      const files = found[language as Language];
      if (target && files && !files.includes(target.file)) files.push(target.file);
    }
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return found;
}

/** The shell with its head and no-script words in another language (plugins/server-pages.ts). */
export function withShellTexts(shell: string, { head, noscript }: ShellTexts): string {
  return shell
    .replace(SHELL_HEAD, '')
    .replace('</head>', () => `${head}</head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, () => `<noscript>${noscript}</noscript>`);
}

/** The shell with a page rendered on the server (plugins/server-pages.ts) written into its head and root. */
export function withPage(shell: string, { head, root }: RenderedPage): string {
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
  tools: Pick<CatalogService, 'onSale'> | null = null,
): Promise<void> {
  const { webDist } = config;
  let sendShell:
    | ((
        request: FastifyRequest,
        reply: FastifyReply,
        status: number,
        language: Language,
      ) => Promise<FastifyReply>)
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
    const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const texts = firstTexts(webDist);
    const shells = Object.fromEntries(
      languages.map((l) => [l, shellWithSettings(html, config.paymentMode, l, texts[l])]),
    ) as Record<Language, string>;
    // Pages are sent like the cached API answers: compressed once per page, 304 on a matching
    // ETag. A page is in one language, and says so; caches keep it apart by what chose it.
    const pageOf = (page: string, language: Language): CachedBody => ({
      body: Buffer.from(page),
      etag: `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`,
      encoded: new Map(),
      next: null,
      type: 'text/html; charset=utf-8',
      headers: languageHeaders(language),
    });
    // The shell in each language, its head and no-script words in it too (English is index.html's
    // own), made once when first asked for.
    const localized = new Map<Language, Promise<{ html: string; page: CachedBody }>>();
    const shellIn = (language: Language) => {
      let made = localized.get(language);
      if (!made) {
        const texts = renderPage && language !== defaultLanguage ? renderPage.shell(language) : null;
        made = Promise.resolve(texts).then((said) => {
          // Not kept when the build could not say them: asked again with the next page.
          if (!said && texts) localized.delete(language);
          const html = said ? withShellTexts(shells[language], said) : shells[language];
          return { html, page: pageOf(html, language) };
        });
        localized.set(language, made);
      }
      return made;
    };
    // Each rendering once in the shell, however many addresses or requests share it.
    const sent = new WeakMap<RenderedPage, CachedBody>();
    /**
     * The page at the (unprefixed) `path` in `language`, at its address in that language, with its
     * server-rendered content when there is some; the plain shell otherwise (the browser names the
     * page's addresses then: usePageMeta in apps/web/src/lib/page-meta.ts).
     */
    const pageFor = async (path: string, search: string, language: Language): Promise<CachedBody> => {
      const rendered = renderPage ? await renderPage(path, search, language) : null;
      const shell = await shellIn(language);
      if (rendered === null) return shell.page;
      let page = sent.get(rendered);
      if (!page) {
        page = pageOf(withPage(shell.html, rendered), language);
        sent.set(rendered, page);
      }
      return page;
    };
    sendShell = async (request, reply, status, language) => {
      if (status !== 200) {
        const shell = await shellIn(language);
        return reply
          .code(status)
          .headers(languageHeaders(language))
          .header('cache-control', 'no-cache')
          .header('etag', shell.page.etag)
          .type('text/html; charset=utf-8')
          .send(shell.html);
      }
      // A signed-in reader's page is drawn by the browser from their own reads (a buyer with a
      // price list reads their prices, decision 0060), never from what everyone's page shows.
      if (carriesSession(request.headers)) return sendCached(request, reply, (await shellIn(language)).page);
      const [address = '/', search = ''] = request.url.split(/\?(.*)/s);
      return sendCached(request, reply, await pageFor(splitAddress(address).path, search, language));
    };
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/media/') || !sendShell) {
      return reply.code(404).send(apiNotFound(path, requestLanguage(request)));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send(apiNotFound(path, requestLanguage(request)));
    }
    // An address per language (docs/languages.md): `/ja/…` is Japanese whoever asks, and never
    // sent elsewhere; an unprefixed page is English, and a reader whose choice (the cookie, which
    // signing in sets from the account) or browser asks for another language is sent to that
    // language's address. A request that says neither (a crawler) gets the address it asked for.
    const { language: addressed, path: page } = splitAddress(path);
    if (!isClientRoute(page))
      return sendShell(request, reply, 404, addressed ?? pageLanguage(request.headers));
    // A tool's page (/tools/{slug}): 404 for no tool on sale; its id sends the reader on to its slug.
    const named = toolPathName(page);
    if (named !== null && tools) {
      const tool = await tools.onSale(named);
      if (!tool) return sendShell(request, reply, 404, addressed ?? pageLanguage(request.headers));
      if (tool.slug !== named) {
        const query = request.url.slice(path.length);
        return reply
          .code(301)
          .header('location', localizedPath(toolPath(tool), addressed ?? defaultLanguage) + query)
          .header('cache-control', 'public, max-age=3600')
          .send();
      }
    }
    if (addressed) return sendShell(request, reply, 200, addressed);
    const reader = pageLanguage(request.headers);
    if (reader !== defaultLanguage) {
      const query = request.url.slice(path.length);
      return reply
        .code(302)
        .header('location', localizedPath(page, reader) + query)
        .header('vary', 'cookie, accept-language')
        .header('cache-control', 'private, no-cache')
        .send();
    }
    return sendShell(request, reply, 200, defaultLanguage);
  });
}
