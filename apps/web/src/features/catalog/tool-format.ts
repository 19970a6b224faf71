import type { Tool } from '@kanna/shared/catalog';

// Local twins of @kanna/shared/catalog's helpers: that module builds zod schemas when it loads,
// and zod must stay out of the browser's first download.

/** Sold out when less is available than the minimum order (DESIGN §5). */
export const isSoldOut = (tool: Pick<Tool, 'minQuantity' | 'maxQuantity'>): boolean =>
  tool.maxQuantity < tool.minQuantity;

/** Dollars as the API sends them: whole amounts as they are, others with two decimals. */
export const formatPrice = (dollars: number): string =>
  Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
