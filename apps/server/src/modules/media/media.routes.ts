import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import type { MediaService } from './media.service';

const params = z.object({
  id: z.uuid({ message: 'The image id is not valid.' }),
  file: z.string().regex(/^\d{2,4}\.webp$/, { message: 'The image file name is not valid.' }),
});

/** GET /media/{id}/{width}.webp — immutable, so browsers and proxies keep it for a year. */
export const mediaRoutes =
  (service: MediaService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/:id/:file', { schema: { params, hide: true } }, async (request, reply) => {
      const width = Number.parseInt(request.params.file, 10);
      const image = await service.find(request.params.id, width);
      if (!image) throw notFound('This image');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    });
  };
