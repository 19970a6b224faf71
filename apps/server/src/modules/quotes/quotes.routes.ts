import { listMyQuoteRequests, listQuoteRequests, requestQuote } from '@kanna/shared/api/quotes';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language';
import { sendPage } from '../../lib/paging';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { QuotesService } from './quotes.service';

export const quotesRoutes =
  (quotes: QuotesService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, requestQuote, async ({ body, user, request }) => ({
      _id: await quotes.request(user, body, requestLanguage(request)),
    }));

    await route(app, guards, listQuoteRequests, async ({ query, request, reply }) =>
      sendPage(request, reply, await quotes.all(query)),
    );

    await route(app, guards, listMyQuoteRequests, async ({ query, user, request, reply }) =>
      sendPage(request, reply, await quotes.mine(user, query)),
    );
  };
