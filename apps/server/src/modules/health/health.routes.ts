import { getHealth } from '@kanna/shared/api/shop';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';

/**
 * The database answers, and whether this instance hears other instances' changes. Not hearing
 * them is `degraded` but still 200: caches keep nothing meanwhile, so every answer stays right
 * (only slower), the instance reconnects by itself, and a load balancer that took every
 * instance out when the database blinked would stop the whole shop (docs/operations.md,
 * "Growing past one machine").
 */
export const healthRoutes =
  (database: Db, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getHealth, async () => {
      await database.ping();
      const listening = database.changes.listening;
      return {
        status: listening ? ('ok' as const) : ('degraded' as const),
        database: database.kind,
        listening,
      };
    });
  };
