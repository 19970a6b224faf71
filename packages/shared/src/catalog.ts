import { z } from 'zod';

export const toolKinds = ['hammer', 'chisel', 'driver', 'saw', 'plane'] as const;
export const toolKind = z.enum(toolKinds);
export type ToolKind = z.infer<typeof toolKind>;

/** Widths (px) at which every product image exists; the cards' `srcset` uses them. */
export const imageWidths = [320, 640, 960] as const;
/** Product images are 4:3. */
export const imageAspect = { width: 4, height: 3 } as const;

/**
 * A tool as the API shows it (spec §3 field names). `maxQuantity` is the quantity available.
 * The adding admin's e-mail (spec §3 `email`) is kept on the server, not published to visitors.
 */
export const tool = z.object({
  _id: z.uuid(),
  productName: z.string(),
  description: z.string(),
  kind: toolKind,
  img: z.string(),
  srcset: z.string(),
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  perPrice: z.number(),
  createdAt: z.string(),
});
export type Tool = z.infer<typeof tool>;
export const toolList = z.array(tool);

/** Sold out when less is available than the minimum order. */
export const isSoldOut = (t: Pick<Tool, 'minQuantity' | 'maxQuantity'>): boolean =>
  t.maxQuantity < t.minQuantity;

/** Where one width of a stored image is served. */
export const mediaUrl = (imageId: string, width: number): string => `/media/${imageId}/${width}.webp`;
