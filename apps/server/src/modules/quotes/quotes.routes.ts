import {
  acceptQuote,
  createQuote,
  declineQuote,
  getQuote,
  listMyQuoteRequests,
  listQuoteRequests,
  listQuotes,
  requestQuote,
  withdrawQuote,
} from '@kanna/shared/api/quotes';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../../lib/language';
import { sendPage } from '../../lib/paging';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { QuoteAnswers } from './quotes.answers';
import type { QuotesService } from './quotes.service';

export const quotesRoutes =
  (quotes: QuotesService, answers: QuoteAnswers, guards: Guards): FastifyPluginAsync =>
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

    await route(app, guards, createQuote, async ({ body, user, request }) =>
      answers.create(user, body, requestLanguage(request)),
    );

    await route(app, guards, listQuotes, async ({ query, user, request, reply }) =>
      sendPage(request, reply, await answers.list(user, query)),
    );

    await route(app, guards, getQuote, async ({ params, user }) => answers.get(params.id, user));

    await route(app, guards, acceptQuote, async ({ params, body, user, request }) =>
      answers.accept(params.id, user, body, requestLanguage(request)),
    );

    await route(app, guards, declineQuote, async ({ params, user }) => answers.decline(params.id, user));

    await route(app, guards, withdrawQuote, async ({ params, user }) => answers.withdraw(params.id, user));
  };
