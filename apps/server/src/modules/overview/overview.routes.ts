import { getOverview } from '@kanna/shared/api/shop-admin';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { OverviewService } from './overview.service';

export const overviewRoutes =
  (overview: OverviewService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getOverview, async () => overview.get());
  };
