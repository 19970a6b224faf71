import { randomUUID } from 'node:crypto';
import { imageAspect, imageWidths } from '@kanna/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { media } from '../../db/schema';

/**
 * Product pictures: any image sharp can read becomes WebP at every storefront width, 4:3,
 * metadata stripped (sharp drops EXIF/XMP unless asked to keep it). Rows are immutable.
 */
export function mediaService(db: Database) {
  return {
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

    async find(id: string, width: number) {
      const [row] = await db
        .select({ contentType: media.contentType, bytes: media.bytes })
        .from(media)
        .where(and(eq(media.id, id), eq(media.width, width)));
      return row ?? null;
    },
  };
}
export type MediaService = ReturnType<typeof mediaService>;
