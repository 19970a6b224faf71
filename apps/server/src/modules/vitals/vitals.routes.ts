import { reportVital } from '@kanna/shared/api/shop';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';

/** POST /api/vitals — the browser's Core Web Vitals, validated, rate-limited and logged. */
export const vitalsRoutes =
  (guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(
      app,
      guards,
      reportVital,
      async ({ body, request }) => {
        request.log.info({ vital: body }, 'web vital');
        return null;
      },
      { bodyLimit: 2048 },
    );
  };
