import type { CatalogQuery, Tool, ToolKind } from '@kanna/shared/catalog';

// Local twins of @kanna/shared/catalog's helpers: that module builds zod schemas when it loads,
// and zod must stay out of the browser's first download.

/** Sold out when less is available than the minimum order (DESIGN §5). */
export const isSoldOut = (tool: Pick<Tool, 'minQuantity' | 'maxQuantity'>): boolean =>
  tool.maxQuantity < tool.minQuantity;

/** Dollars as the API sends them: whole amounts as they are, others with two decimals. */
export const formatPrice = (dollars: number): string =>
  Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);

/** What each kind is called on screen; `satisfies` fails the build when a kind is added without a name. */
export const kindLabels = {
  hammer: 'Hammers',
  chisel: 'Chisels',
  driver: 'Drivers',
  saw: 'Saw blades',
  plane: 'Planes',
} as const satisfies Record<ToolKind, string>;

export const toolKindList = Object.keys(kindLabels) as ToolKind[];

export type ToolSort = NonNullable<CatalogQuery['sort']>;

export const sortLabels = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
} as const satisfies Record<ToolSort, string>;

export const sortList = Object.keys(sortLabels) as ToolSort[];
