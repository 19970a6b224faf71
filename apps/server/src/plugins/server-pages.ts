import { pathToFileURL } from 'node:url';
import type { Language as Lang } from '@kanna/shared/domain/languages';
import { pathParams } from '@kanna/shared/routes';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { CachedBody, Ready } from '../lib/cache';

/** A query of a public list, as much of it as the pages' reads use. */
type ListQuery = { limit?: number };

/**
 * Where the pages' data comes from: the same cached answers as GET /api/handTools and GET
 * /api/review, a tool on sale by its slug (or id) as a list of it alone (none when none is), and
 * that tool's reviews likewise.
 */
export type PageSources = {
  tools: (query: ListQuery) => Ready<CachedBody>;
  reviews: (query: ListQuery) => Ready<CachedBody>;
  tool?: (query: { slug: string }) => Ready<CachedBody>;
  /** A tool's rating and newest reviews by its slug (or id), as a list of them alone (decision 0058). */
  toolReviews?: (query: { slug: string }) => Ready<CachedBody>;
};

/** One part of a page's data: the first page of a public list for `query` (`:name`: that part of the address). */
type PageRead = { from: keyof PageSources; query: ListQuery & { slug?: string } };

/** A page as rendered: the head's elements, and the root followed by its data block. */
export type RenderedPage = { head: string; root: string };

/** The shell's own head (title, description) and its words for a browser without JavaScript, in one language. */
export type ShellTexts = { head: string; noscript: string };

/** What the web app's server build (apps/web/src/entry-server.tsx) offers. */
type PagesModule = {
  /** The pages it renders, by address: where each one's data comes from, and which query strings it draws. */
  pages: Record<string, { reads: Record<string, PageRead>; serves(search: string): boolean }>;
  /** The same for addresses with a parameter, by pattern (`/tools/:slug`); absent from an older build. */
  patternPages?: Record<string, { reads: Record<string, PageRead>; serves(search: string): boolean }>;
  renderPage(input: {
    path: string;
    lang: Lang;
    data: Record<string, { items: unknown[]; next: string | null }>;
    payments: Config['paymentMode'];
    origin: string;
  }): Promise<RenderedPage>;
  /** The shell's head and no-script words in `lang` (absent from a build before it said them). */
  shellHead?(lang: Lang): Promise<ShellTexts>;
};

/**
 * The page at `path` for the query string `search` (without its `?`) in `lang`, rendered on the
 * server; null when the browser is to render it (the plain shell).
 */
export type PageRenderer = ((path: string, search: string, lang: Lang) => Promise<RenderedPage | null>) & {
  /** The shell's texts in `lang`, for a page the browser renders; null when the build cannot say them. */
  shell(lang: Lang): Promise<ShellTexts | null>;
};

/** A page's data as its reads answer now, and what it depends on: the answers' ETags and the year in the footer. */
async function readPage(
  sources: PageSources,
  reads: Record<string, PageRead>,
  params: Record<string, string>,
) {
  const names = Object.keys(reads);
  const answers: CachedBody[] = await Promise.all(
    names.map((name) => {
      const read = reads[name] as PageRead;
      const query = Object.fromEntries(
        Object.entries(read.query).map(([key, value]) => [
          key,
          typeof value === 'string' && value.startsWith(':') ? (params[value.slice(1)] ?? '') : value,
        ]),
      );
      const source = sources[read.from];
      if (!source) throw new Error(`no source for ${read.from}`);
      return source(query as ListQuery & { slug: string });
    }),
  );
  return {
    key: [...answers.map((answer) => answer.etag), new Date().getFullYear()].join('|'),
    data: () =>
      Object.fromEntries(
        answers.map((answer, i) => [
          names[i],
          { items: JSON.parse(answer.body.toString()) as unknown[], next: answer.next },
        ]),
      ),
  };
}

type PageEntry = PagesModule['pages'][string];

/**
 * The page the build renders at `path`, by its address or by a pattern of it (`/tools/:slug`:
 * `:name` is one part of the address, any), with the address's parameters.
 */
function pageAt(
  { pages, patternPages = {} }: Pick<PagesModule, 'pages' | 'patternPages'>,
  path: string,
): { page: PageEntry; params: Record<string, string> } | undefined {
  if (Object.hasOwn(pages, path)) return { page: pages[path] as PageEntry, params: {} };
  for (const [pattern, page] of Object.entries(patternPages)) {
    const params = pathParams(pattern, path);
    if (params) return { page, params };
  }
  return undefined;
}

/**
 * Renders on the server the pages buyers land on — the web app's server build names them, with
 * the public reads each page shows (home: the newest tools and reviews; /allProduct: the
 * catalogue's first page; /allReview: the newest reviews) — so their content paints before the
 * JavaScript arrives (the browser hydrates it). A page is kept per address and language and
 * rendered again only when what it shows changed — the answers' ETags, which the public cache
 * renews on every write (`changed('catalog')`, `changed('reviews')`, on every instance), and the
 * year in the footer — and renders run one at a time. Anything that goes wrong is logged and the
 * address gets the plain shell, which the browser renders as before: the server rendering can
 * make a page faster, never break it.
 */
export function serverPagesRenderer(
  config: Pick<Config, 'webRenderer' | 'paymentMode' | 'publicUrl'>,
  sources: PageSources,
  log: FastifyBaseLogger,
): PageRenderer | null {
  const { webRenderer } = config;
  if (!webRenderer) return null;
  let module: Promise<PagesModule> | null = null;
  const rendered = new Map<string, { key: string; page: Promise<RenderedPage> }>();
  let queue: Promise<unknown> = Promise.resolve();

  const load = (): Promise<PagesModule> =>
    (module ??= (import(pathToFileURL(webRenderer).href) as Promise<PagesModule>).catch((err: unknown) => {
      module = null;
      throw err;
    }));

  const render = async (path: string, search: string, lang: Lang): Promise<RenderedPage | null> => {
    const built = await load();
    const { renderPage } = built;
    const found = pageAt(built, path);
    if (!found?.page.serves(search)) return null;
    const { page, params } = found;
    const { key, data } = await readPage(sources, page.reads, params);
    const id = `${lang} ${path}`;
    const last = rendered.get(id);
    if (last?.key === key) return last.page;
    const next = queue.then(() =>
      renderPage({ path, lang, data: data(), payments: config.paymentMode, origin: config.publicUrl }),
    );
    queue = next.catch(() => {});
    rendered.set(id, { key, page: next });
    next.catch(() => {
      if (rendered.get(id)?.page === next) rendered.delete(id);
    });
    return next;
  };

  const shell = async (lang: Lang): Promise<ShellTexts | null> => {
    try {
      const { shellHead } = await load();
      return shellHead ? await shellHead(lang) : null;
    } catch (err) {
      log.error({ err, lang }, "the shell's texts could not be rendered; sending it as it is");
      return null;
    }
  };

  const renderer = async (path: string, search: string, lang: Lang) => {
    try {
      return await render(path, search, lang);
    } catch (err) {
      log.error({ err, path }, 'a page could not be rendered on the server; sending the plain shell');
      return null;
    }
  };
  return Object.assign(renderer, { shell });
}
