import { z } from 'zod';
import { pageSlugs } from './domain/pages';

/** The admin overview: sales per week, order states, tools running low, and the owner's pages still to complete. */
export const adminOverview = z.object({
  /**
   * Each of the last weeks' paid orders and their goods: `revenue` in dollars, `revenueYen` in yen
   * (absent from a release before yen) — two currencies, never added.
   */
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      revenue: z.number(),
      revenueYen: z.number().optional(),
      orders: z.number().int(),
    }),
  ),
  counts: z.object({ unpaid: z.number().int(), pending: z.number().int(), shipped: z.number().int() }),
  lowStock: z.array(
    z.object({
      _id: z.string(),
      productName: z.string(),
      minQuantity: z.number().int(),
      maxQuantity: z.number().int(),
    }),
  ),
  /**
   * The owner's legal pages still as their template (docs/pages.md), by slug, with their titles
   * in both languages. Absent from a release before the pages (during a rolling upgrade).
   */
  pagesToComplete: z
    .array(z.object({ slug: z.enum(pageSlugs), titles: z.object({ en: z.string(), ja: z.string() }) }))
    .optional(),
});
export type AdminOverview = z.infer<typeof adminOverview>;
