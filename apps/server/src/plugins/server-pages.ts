import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { CachedBody, Ready } from '../lib/cache';

/** What the web app's server build (apps/web/src/entry-server.tsx) offers. */
type HomeModule = {
  homeLimits: { tools: number; reviews: number };
  renderHome(input: {
    path: string;
    data: { tools: unknown[]; reviews: unknown[] };
    payments: Config['paymentMode'];
  }): Promise<string>;
};

/** Where the home page's data comes from: the same cached answers as GET /api/handTools and /api/reviews. */
export type HomeSources = {
  tools: (limit: number) => Ready<CachedBody>;
  reviews: (limit: number) => Ready<CachedBody>;
};

/** The inside of the shell's `<div id="root"></div>` for one address, or null to let the browser render. */
export type HomeRenderer = (path: string) => Promise<string | null>;

/**
 * Renders the home page on the server from the cached catalogue and reviews, so its banner,
 * newest tools and reviews paint before the JavaScript arrives (the browser hydrates them). A
 * page is rendered again only when what it shows changed — the answers' ETags, which the cache
 * renews on every write, and the year in the footer — and renders run one at a time. Anything
 * that goes wrong is logged and the address gets the plain shell, which the browser renders as
 * before: the server rendering can make the page faster, never break it.
 */
export function homePageRenderer(
  config: Pick<Config, 'webRenderer' | 'paymentMode'>,
  sources: HomeSources,
  log: FastifyBaseLogger,
): HomeRenderer | null {
  const { webRenderer } = config;
  if (!webRenderer) return null;
  let module: Promise<HomeModule> | null = null;
  const rendered = new Map<string, { key: string; html: Promise<string> }>();
  let queue: Promise<unknown> = Promise.resolve();

  const render = async (path: string): Promise<string> => {
    module ??= (import(pathToFileURL(webRenderer).href) as Promise<HomeModule>).catch((err: unknown) => {
      module = null;
      throw err;
    });
    const { homeLimits, renderHome } = await module;
    const [tools, reviews] = await Promise.all([
      sources.tools(homeLimits.tools),
      sources.reviews(homeLimits.reviews),
    ]);
    const key = `${tools.etag}|${reviews.etag}|${new Date().getFullYear()}`;
    const last = rendered.get(path);
    if (last?.key === key) return last.html;
    const data = { tools: JSON.parse(tools.body.toString()), reviews: JSON.parse(reviews.body.toString()) };
    const html = queue.then(() => renderHome({ path, data, payments: config.paymentMode }));
    queue = html.catch(() => {});
    rendered.set(path, { key, html });
    html.catch(() => {
      if (rendered.get(path)?.html === html) rendered.delete(path);
    });
    return html;
  };

  return async (path) => {
    try {
      return await render(path);
    } catch (err) {
      log.error({ err, path }, 'the home page could not be rendered on the server; sending the plain shell');
      return null;
    }
  };
}
