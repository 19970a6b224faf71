import { getPage, listPages, previewPage, putPage } from '@kanna/shared/api/pages';
import { defaultLanguage } from '@kanna/shared/domain/languages';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { PagesService } from './pages.service';

/**
 * A page's save or preview may be larger than the API's 64 KB: its Markdown's most characters
 * (PAGE_BODY_MAX, 40,000), each up to 3 bytes in Japanese and 6 as a JSON escape, and its title.
 */
const PAGE_REQUEST_BYTES = 256 * 1024;

/**
 * The owner's pages (docs/pages.md): GET /api/pages/{slug}?lang= for anyone; the list, the save
 * and the preview for admins.
 */
export const pagesRoutes =
  (pages: PagesService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getPage, ({ params, query }) =>
      pages.get(params.slug, query.lang ?? defaultLanguage),
    );
    await route(app, guards, listPages, () => pages.list());
    await route(app, guards, putPage, ({ params, body, user }) => pages.save(user, params.slug, body), {
      bodyLimit: PAGE_REQUEST_BYTES,
    });
    await route(app, guards, previewPage, ({ body }) => pages.preview(body.body), {
      bodyLimit: PAGE_REQUEST_BYTES,
    });
  };
