import type {} from '@fastify/multipart';
import { uploadImage } from '@kanna/shared/api/catalog';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@kanna/shared/domain/limits';
import { says, told } from '@kanna/shared/domain/messages';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import type { Guards } from '../../plugins/auth';
import type { MediaService } from './media.service';

export { IMAGE_MAX_BYTES as MAX_UPLOAD_BYTES };

const accepted = new Set<string>(IMAGE_TYPES);

const params = z.object({
  id: z.uuid(told(says.imageIdInvalid)),
  file: z.string().regex(/^\d{2,4}\.webp$/, told(says.imageFileInvalid)),
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

/**
 * POST /api/media (admin; multipart field `image`): judged by its bytes, not its name —
 * JPEG, PNG, WebP or AVIF up to 5 MB — then re-encoded to WebP at the storefront's widths.
 */
export const uploadRoutes =
  (service: MediaService, guards: Guards): FastifyPluginAsync =>
  async (app) => {
    await route(app, guards, uploadImage, async ({ request }) => {
      if (!request.isMultipart()) throw new AppError('unsupported_type', says.pictureNotMultipart);
      // A body the multipart parser cannot read (no boundary, cut short, malformed) is the
      // client's mistake: 400, not the parser's plain error (which would answer 500).
      const unreadable = (err: { statusCode?: number }) => {
        if (err.statusCode === 413) throw new AppError('too_large', says.pictureTooLarge);
        throw new AppError('invalid', says.uploadUnreadable);
      };
      const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } }).catch(unreadable);
      if (file?.fieldname !== 'image') throw new AppError('invalid', says.pictureFieldMissing);
      const bytes = await file.toBuffer().catch(unreadable);
      const mime = (await fileTypeFromBuffer(bytes))?.mime;
      if (!mime || !accepted.has(mime)) throw new AppError('unsupported_type', says.pictureWrongType);
      const id = await service.storeImage(bytes).catch(() => {
        throw new AppError('invalid', says.pictureUnreadable);
      });
      return { success: true as const, data: { url: `/media/${id}/640.webp` } };
    });
  };
