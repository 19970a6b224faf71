import { randomUUID } from 'node:crypto';
import { centsToDollars, imageWidths, mediaUrl, type Tool, type ToolKind } from '@kanna/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tools } from '../../db/schema';
import type { PublicCache } from '../../lib/cache';
import { notFound } from '../../lib/errors';

export const CATALOG = 'catalog';

type ToolRow = typeof tools.$inferSelect;

export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    productName: row.productName,
    description: row.description,
    kind: row.kind,
    img: mediaUrl(row.imageId, 640),
    srcset: imageWidths.map((w) => `${mediaUrl(row.imageId, w)} ${w}w`).join(', '),
    minQuantity: row.minQuantity,
    maxQuantity: row.available,
    perPrice: centsToDollars(row.priceCents),
    createdAt: row.createdAt.toISOString(),
  };
}

export type NewTool = {
  productName: string;
  description: string;
  kind: ToolKind;
  imageId: string;
  minQuantity: number;
  available: number;
  priceCents: number;
  addedBy: string;
  createdAt?: Date;
};

export function catalogService(db: Database, cache: PublicCache) {
  return {
    /** Tools on sale, newest first; served from the cache. */
    list(limit?: number) {
      return cache.get(CATALOG, `list:${limit ?? 'all'}`, async () => {
        const rows = await db
          .select()
          .from(tools)
          .where(eq(tools.archived, false))
          .orderBy(desc(tools.createdAt), desc(tools.id))
          .limit(limit ?? 1000);
        return rows.map(toToolDto);
      });
    },

    get(id: string) {
      return cache.get(CATALOG, `one:${id}`, async () => {
        const [row] = await db
          .select()
          .from(tools)
          .where(and(eq(tools.id, id), eq(tools.archived, false)));
        if (!row) throw notFound('This tool');
        return toToolDto(row);
      });
    },

    async create(input: NewTool): Promise<Tool> {
      const [row] = await db
        .insert(tools)
        .values({ id: randomUUID(), ...input })
        .returning();
      await cache.changed(CATALOG);
      if (!row) throw new Error('insert returned no row');
      return toToolDto(row);
    },

    /** Takes a tool off sale; orders keep their own copy of its name and price. */
    async archive(id: string): Promise<number> {
      const gone = await db
        .update(tools)
        .set({ archived: true })
        .where(and(eq(tools.id, id), eq(tools.archived, false)))
        .returning({ id: tools.id });
      if (gone.length) await cache.changed(CATALOG);
      return gone.length;
    },

    count: () => db.$count(tools),

    /** Call after a committed write elsewhere that changed tools (e.g. stock reserved by an order). */
    changed: () => cache.changed(CATALOG),
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
