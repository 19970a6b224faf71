import { z } from 'zod';

/** The admin overview: sales per week, order states, and tools running low. */
export const adminOverview = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), revenue: z.number(), orders: z.number().int() })),
  counts: z.object({ unpaid: z.number().int(), pending: z.number().int(), shipped: z.number().int() }),
  lowStock: z.array(
    z.object({
      _id: z.string(),
      productName: z.string(),
      minQuantity: z.number().int(),
      maxQuantity: z.number().int(),
    }),
  ),
});
export type AdminOverview = z.infer<typeof adminOverview>;
