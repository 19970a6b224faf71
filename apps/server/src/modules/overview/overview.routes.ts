import { adminOverview } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../plugins/auth';
import type { OverviewService } from './overview.service';

export const overviewRoutes =
  (overview: OverviewService, guards: Guards): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin-overview',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Sales and stock overview (admin)',
          response: { 200: adminOverview },
        },
      },
      async () => overview.get(),
    );
  };
