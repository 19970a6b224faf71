import { randomUUID } from 'node:crypto';
import { imageAspect, imageWidths } from '@kanna/shared';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { media, tools, user } from '../../db/schema';

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
