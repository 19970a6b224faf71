import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '@kanna/shared/domain/languages';
import { isLegalSlug } from '@kanna/shared/domain/pages';
import type { PageAnswer } from '@kanna/shared/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { CachedBody } from '../../lib/cache';
import { sendCached } from '../../lib/send-cached';
import type { PageRenderer, RenderedPage } from '../../plugins/server-pages';
import { firstTexts, shellWithSettings, withPage, withShellTexts } from '../../plugins/web';
import type { PagesService } from './pages.service';

/** What the web app's server build offers for these pages (apps/web/src/app/legal-page-render.tsx). */
type LegalModule = {
  renderLegalPage?(input: {
    page: PageAnswer;
    payments: Config['paymentMode'];
    origin: string;
  }): Promise<RenderedPage>;
};

/**
 * The owner's legal pages served at their own addresses (docs/pages.md): `/legal/{slug}` in
 * English and `/ja/legal/{slug}` in Japanese, whatever language the reader chose elsewhere — the
 * address says it, so a crawler and a shared link get the same page. Each is rendered on the
 * server by the web app's own components (its title and sanitised text in the HTML before any
 * JavaScript, the browser hydrating it), kept per page and language until the page changes on
 * any instance (the pages' cached answer is renewed by `changed('pages')`) or the year in the
 * footer does, and rendered one at a time. Without the web app's server build, or should a render
 * fail, the plain shell is sent in the page's language and the browser renders the page.
 */
export async function registerLegalPages(
  app: FastifyInstance,
  config: Pick<Config, 'webDist' | 'webRenderer' | 'paymentMode' | 'publicUrl'>,
  pages: PagesService,
  renderer: PageRenderer | null,
): Promise<void> {
  const { webDist, webRenderer } = config;
  if (!webDist) return;
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const texts = firstTexts(webDist);

  /** The shell in `lang` with its own head and no-script words (English is index.html's). */
  const shells = new Map<Language, Promise<string>>();
  const shellIn = (lang: Language): Promise<string> => {
    let made = shells.get(lang);
    if (!made) {
      const plain = shellWithSettings(html, config.paymentMode, lang, texts[lang]);
      made = (lang === 'en' || !renderer ? Promise.resolve(null) : renderer.shell(lang)).then((said) => {
        if (!said && lang !== 'en' && renderer) shells.delete(lang);
        return said ? withShellTexts(plain, said) : plain;
      });
      shells.set(lang, made);
    }
    return made;
  };

  let module: Promise<LegalModule> | null = null;
  const load = (): Promise<LegalModule> => {
    if (!webRenderer) return Promise.resolve({});
    module ??= (import(pathToFileURL(webRenderer).href) as Promise<LegalModule>).catch((err: unknown) => {
      module = null;
      throw err;
    });
    return module;
  };

  /** Each page and language as last sent: what it showed (the answer and the year) and the page. */
  const sent = new Map<string, { answer: PageAnswer; year: number; page: Promise<CachedBody> }>();
  let queue: Promise<unknown> = Promise.resolve();

  const pageOf = (text: string, lang: Language): CachedBody => ({
    body: Buffer.from(text),
    etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`,
    encoded: new Map(),
    next: null,
    type: 'text/html; charset=utf-8',
    // The address names the language: the page is the same for every reader.
    headers: { 'content-language': lang, vary: 'accept-encoding' },
  });

  const make = async (answer: PageAnswer, lang: Language): Promise<CachedBody> => {
    const shell = await shellIn(lang);
    try {
      const { renderLegalPage } = await load();
      if (!renderLegalPage) return pageOf(shell, lang);
      const rendered = await renderLegalPage({
        page: answer,
        payments: config.paymentMode,
        origin: config.publicUrl,
      });
      return pageOf(withPage(shell, rendered), lang);
    } catch (err) {
      app.log.error(
        { err, slug: answer.slug, lang },
        'a legal page could not be rendered; sending the plain shell',
      );
      return pageOf(shell, lang);
    }
  };

  const serve = async (
    request: FastifyRequest<{ Params: { slug: string } }>,
    reply: FastifyReply,
    lang: Language,
  ) => {
    const { slug } = request.params;
    if (!isLegalSlug(slug)) return reply.callNotFound();
    const answer = await pages.get(slug, lang);
    const year = new Date().getFullYear();
    const id = `${lang} ${slug}`;
    let last = sent.get(id);
    if (!last || last.answer !== answer || last.year !== year) {
      const page = queue.then(() => make(answer, lang));
      queue = page.catch(() => {});
      last = { answer, year, page };
      sent.set(id, last);
    }
    return sendCached(request, reply, await last.page);
  };

  app.get<{ Params: { slug: string } }>('/legal/:slug', (request, reply) => serve(request, reply, 'en'));
  app.get<{ Params: { slug: string } }>('/ja/legal/:slug', (request, reply) => serve(request, reply, 'ja'));
}
