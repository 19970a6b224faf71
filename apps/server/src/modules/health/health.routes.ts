import { getHealth } from '@kanna/shared/api/shop';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';

export const healthRoutes =
  (database: Db, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, getHealth, async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.kind };
    });
  };
