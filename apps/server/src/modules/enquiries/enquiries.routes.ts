import { listEnquiries, markEnquiry, sendEnquiry } from '@kanna/shared/api/orders';
import { says } from '@kanna/shared/domain/messages';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage, textIn } from '../../lib/language';
import { sendPage } from '../../lib/paging';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { EnquiriesService } from './enquiries.service';

export const enquiriesRoutes =
  (enquiries: EnquiriesService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, listEnquiries, async ({ query, request, reply }) =>
      sendPage(request, reply, await enquiries.enquiries(query)),
    );

    await route(app, guards, markEnquiry, async ({ params, body, user }) =>
      enquiries.markEnquiry(params.id, body.status, user),
    );

    await route(app, guards, sendEnquiry, async ({ body, user, request }) => {
      const { id, quoteRequest } = await enquiries.enquire(user, body);
      return {
        acknowledged: true as const,
        insertedId: id,
        quoteRequest,
        message: textIn(quoteRequest ? says.quoteRequested : says.enquirySent, requestLanguage(request)),
      };
    });
  };
