import { vitalReport } from '@kanna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** POST /api/vitals — the browser's Core Web Vitals, validated, rate-limited and logged. */
export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/vitals',
    {
      schema: {
        tags: ['vitals'],
        summary: 'Report a web-vitals measurement',
        body: vitalReport,
        response: { 204: z.null().describe('Recorded') },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      bodyLimit: 2048,
    },
    async (request, reply) => {
      request.log.info({ vital: request.body }, 'web vital');
      return reply.code(204).send(null);
    },
  );
};
