import { randomUUID } from 'node:crypto';
import { IMAGE_TYPES, imageAspect, imageWidths, says } from '@kanna/shared';
import { and, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { media, tools, user } from '../../db/schema';
import { AppError } from '../../lib/errors';

const uploadTypes = new Set<string>(IMAGE_TYPES);

/**
 * Product pictures: any image sharp can read becomes WebP at every storefront width, 4:3,
 * metadata stripped (sharp drops EXIF/XMP unless asked to keep it). Rows are immutable.
 */
export function mediaService(db: Database) {
  const service = {
    async storeImage(source: Buffer): Promise<string> {
      const id = randomUUID();
      const rows = await Promise.all(
        imageWidths.map(async (width) => {
          const height = Math.round((width * imageAspect.height) / imageAspect.width);
          const bytes = await sharp(source, { limitInputPixels: 40_000_000 })
            .rotate()
            .resize(width, height, { fit: 'cover', position: 'attention' })
            .webp({ quality: 78, effort: 4 })
            .toBuffer();
          return { id, width, height, contentType: 'image/webp', bytes };
        }),
      );
      await db.insert(media).values(rows);
      return id;
    },

    /**
     * Removes pictures uploaded before `cutoff` that nothing shows: no tool (archived ones
     * included, their orders may be looked at) and no profile picture points at them. An upload
     * abandoned in the product form, or replaced by an edit, goes once `cutoff` has passed it.
     * Returns how many pictures (each at every width) went.
     */
    async removeUnused(cutoff: Date): Promise<number> {
      const removed = await db
        .delete(media)
        .where(
          and(
            sql`${media.createdAt} < ${cutoff.toISOString()}`,
            sql`not exists (select 1 from ${tools} where ${tools.imageId} = ${media.id})`,
            sql`not exists (select 1 from ${user} where ${user.image} like '%/media/' || ${media.id}::text || '/%')`,
          ),
        )
        .returning({ id: media.id });
      return new Set(removed.map((r) => r.id)).size;
    },

    /** Whether a picture with this id was stored (at any width; every upload has them all). */
    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, id)).limit(1);
      return row !== undefined;
    },

    async find(id: string, width: number) {
      const [row] = await db
        .select({ contentType: media.contentType, bytes: media.bytes })
        .from(media)
        .where(and(eq(media.id, id), eq(media.width, width)));
      return row ?? null;
    },
  };
  return {
    ...service,
    /**
     * An uploaded file, judged by its bytes, not its name: JPEG, PNG, WebP or AVIF (415
     * otherwise, SVG included), then stored like any picture (400 when it cannot be read).
     */
    async storeUpload(bytes: Buffer): Promise<string> {
      const mime = (await fileTypeFromBuffer(bytes))?.mime;
      if (!mime || !uploadTypes.has(mime)) throw new AppError('unsupported_type', says.pictureWrongType);
      return service.storeImage(bytes).catch(() => {
        throw new AppError('invalid', says.pictureUnreadable);
      });
    },
  };
}
export type MediaService = ReturnType<typeof mediaService>;
