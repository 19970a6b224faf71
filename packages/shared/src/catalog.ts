import { z } from 'zod';
import { pageQuery } from './common';
import { SEARCH_MAX_LENGTH } from './domain/limits';
import { issueOf, type Named, says, told } from './domain/messages';
import { MAX_PRICE_BREAKS, tradeTermsProblemsSaid } from './domain/orders';
import { janProblem, normalCode, SKU_MAX_LENGTH, skuProblem } from './domain/product-codes';
import { yenTermsProblemsSaid } from './domain/yen-prices';

/** A tool added without a kind (the spec's add-product call has none) is 'other'. */
export const toolKinds = ['hammer', 'chisel', 'driver', 'saw', 'plane', 'other'] as const;
export const toolKind = z.enum(toolKinds);
export type ToolKind = z.infer<typeof toolKind>;

/** Widths (px) at which every product image exists; the cards' `srcset` uses them. */
export const imageWidths = [320, 640, 960] as const;
/** Product images are 4:3. */
export const imageAspect = { width: 4, height: 3 } as const;

/**
 * A picture's id as its path `/media/<id>/<width>.webp` writes it: exactly a UUID, as the media
 * table's column holds it (any other 36 characters are refused as a request's mistake).
 */
export const mediaIdPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * A tool as the API shows it (spec §3 field names). `maxQuantity` is the quantity available.
 * The adding admin's e-mail (spec §3 `email`) is kept on the server, not published to visitors.
 */
export const tool = z.object({
  _id: z.uuid(),
  /**
   * Its public page's address, /tools/{slug} (decision 0053): made from the name when the tool was
   * added, never changed; absent from a previous release's answers (its id works there too).
   */
  slug: z.string().optional(),
  productName: z.string(),
  description: z.string(),
  /**
   * The name and description in Japanese, shown to Japanese readers (`toolName`/`toolDescription`
   * in domain/tool-texts.ts); null when the shop gave none, absent from a previous release's answers.
   */
  productNameJa: z.string().nullish(),
  descriptionJa: z.string().nullish(),
  kind: toolKind,
  /** The shop's product code (品番) and the JAN under the barcode (domain/product-codes.ts); null when none. */
  sku: z.string().nullish(),
  jan: z.string().nullish(),
  img: z.string(),
  srcset: z.string(),
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  perPrice: z.number(),
  /** Sold in packs of this many: every quantity and the minimum are multiples of it. */
  packSize: z.number().int(),
  /** Price breaks above the base price (`[]` when none): from `minQuantity` pieces, `perPrice` each. */
  volumePrices: z.array(z.object({ minQuantity: z.number().int(), perPrice: z.number() })),
  /**
   * The yen list price and yen breaks the owner set (whole yen); null: derived from the dollar
   * ones at the shop's yen rate (`listPrices` in domain/yen-prices.ts). Absent from a previous
   * release's answers.
   */
  perPriceYen: z.number().int().nullish(),
  volumePricesYen: z.array(z.object({ minQuantity: z.number().int(), perPrice: z.number().int() })).nullish(),
  /**
   * The tool's yen price list as a buyer in Japan pays it (the owner's, else derived at the shop's
   * rate) with the consumption tax a delivery there pays (percent, null: none); absent from a shop
   * that prices no country in yen.
   */
  yen: z
    .object({
      perPrice: z.number().int(),
      volumePrices: z.array(z.object({ minQuantity: z.number().int(), perPrice: z.number().int() })),
      taxRatePercent: z.number().nullable(),
    })
    .optional(),
  createdAt: z.string(),
});
export type Tool = z.infer<typeof tool>;

/** A tool's slug (or its id) in a path: what a slug can be, and no more. */
export const slugParam = z.object({ slug: z.string().min(1).max(100) });
export type VolumePrice = Tool['volumePrices'][number];
export const toolList = z.array(tool);

/** Why a tool's available quantity changed, as its stock history (the stock ledger) records it. */
export const stockReasons = ['initial', 'order', 'cancel', 'expiry', 'admin', 'quote'] as const;

/**
 * One change of a tool's available quantity, newest first: by how much (`delta`), what was
 * available after it (`balance`), why, the order that caused it (its `_id` and number), and
 * who (the admin's name for `admin` and an admin's cancel; the adding admin for `initial`).
 */
export const stockEntry = z.object({
  at: z.string(),
  delta: z.number().int(),
  balance: z.number().int(),
  reason: z.enum(stockReasons),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  by: z.string().nullable(),
});
export type StockEntry = z.infer<typeof stockEntry>;
export const stockHistory = z.array(stockEntry);

/** Where one width of a stored image is served. */
export const mediaUrl = (imageId: string, width: number): string => `/media/${imageId}/${width}.webp`;

const wholeNumber = (label: Named, min: number) =>
  z
    .number(told(says.wholeNumberOf(label)))
    .int(told(says.wholeNumberOf(label)))
    .min(min, told(says.atLeastOf(label, min)))
    .max(10_000_000, told(says.tooLargeOf(label)));

const price = z
  .number(told(says.priceNotNumber))
  .positive(told(says.priceNotPositive))
  .max(1_000_000, told(says.tooLargeOf('Price')))
  // Judged on the number as written (JavaScript's shortest form), so 1e-9 is refused rather
  // than rounded to 0 cents, and 19.99 is accepted although 19.99 * 100 is not a whole number.
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), {
    ...told(says.priceDecimals),
  });

/** A price in dollars as sent (positive, at most two decimals): a tool's, a price list's fixed one. */
export const dollarsField = price;

export const volumePricesField = z
  .array(z.object({ minQuantity: wholeNumber('Break quantity', 2), perPrice: price }))
  .max(MAX_PRICE_BREAKS, told(says.breaksTooMany(MAX_PRICE_BREAKS)));

/** A yen price as the owner sets it: whole yen, above 0, at most ¥100,000,000. */
const yenPrice = z
  .number(told(says.yenPriceInvalid))
  .int(told(says.yenPriceInvalid))
  .positive(told(says.yenPriceInvalid))
  .max(100_000_000, told(says.yenPriceInvalid));

const volumePricesYenField = z
  .array(z.object({ minQuantity: wholeNumber('Break quantity', 2), perPrice: yenPrice }))
  .max(MAX_PRICE_BREAKS, told(says.breaksTooMany(MAX_PRICE_BREAKS)));

/** How long a tool's name and description may be, in either language. */
const NAME_MAX = 120;
const DESCRIPTION_MAX = 2000;

/** An optional text in Japanese, as long as its English one may be: trimmed, and empty is none (null). */
const inJapanese = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => v || null)
    .nullish();

/**
 * An optional product code as sent: its normal form (`normalCode`), empty is none (null), judged
 * by `problemOf` (the product form and the server ask the same question).
 */
const productCode = (problemOf: (code: string) => ReturnType<typeof skuProblem>, max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((v, ctx) => {
      const code = normalCode(v);
      if (!code) return null;
      const problem = problemOf(code);
      if (problem) ctx.addIssue({ code: 'custom', ...issueOf(problem) });
      return code;
    })
    .nullish();

/**
 * Add/edit product (spec §5: all required, except `kind`, which the spec's add-product call does
 * not send: a tool without one is 'other'); numbers checked the same way in the form and on the
 * server.
 */
export const productFields = z.object({
  productName: z.string().trim().min(1, told(says.productNameRequired)).max(NAME_MAX),
  description: z.string().trim().min(1, told(says.descriptionRequired)).max(DESCRIPTION_MAX),
  /** Optional: the name and description Japanese readers see (null or empty clears them on an edit). */
  productNameJa: inJapanese(NAME_MAX),
  descriptionJa: inJapanese(DESCRIPTION_MAX),
  /** Optional product codes: unique among the tools on sale (409 otherwise); null or empty clears them on an edit. */
  sku: productCode(skuProblem, SKU_MAX_LENGTH),
  jan: productCode(janProblem, 13),
  kind: toolKind.optional(),
  minQuantity: wholeNumber('Minimum quantity', 1),
  maxQuantity: wholeNumber('Available quantity', 0),
  perPrice: price,
  packSize: z
    .number(told(says.packSizeInvalid))
    .int(told(says.packSizeInvalid))
    .min(1, told(says.packSizeInvalid))
    .max(10_000, told(says.tooLargeOf('Pack size')))
    .optional(),
  volumePrices: volumePricesField.optional(),
  /** Optional: the yen list price and its breaks (null clears them: derived from the dollar ones again). */
  perPriceYen: yenPrice.nullish(),
  volumePricesYen: volumePricesYenField.nullish(),
  img: z
    .string(told(says.productImageMissing))
    .regex(new RegExp(`^/media/${mediaIdPattern}/\\d+\\.webp$`), told(says.imageRequired)),
});

const availableCoversMinimum = (v: { minQuantity?: number; maxQuantity?: number }) =>
  v.minQuantity === undefined || v.maxQuantity === undefined || v.maxQuantity >= v.minQuantity;
const availableMessage = {
  ...told(says.availableBelowMinimum),
  path: ['maxQuantity'],
};

/** The trade terms as sent, when the request carries all of them (an edit is checked on the server after merging). */
function checkTradeTerms(
  v: {
    minQuantity?: number;
    perPrice?: number;
    packSize?: number;
    volumePrices?: VolumePrice[];
    perPriceYen?: number | null;
    volumePricesYen?: VolumePrice[] | null;
  },
  ctx: z.RefinementCtx,
) {
  if (v.minQuantity === undefined || v.perPrice === undefined) return;
  for (const problem of [
    ...tradeTermsProblemsSaid({
      minQuantity: v.minQuantity,
      price: v.perPrice,
      packSize: v.packSize ?? 1,
      breaks: (v.volumePrices ?? []).map((b) => ({ minQuantity: b.minQuantity, price: b.perPrice })),
    }),
    ...yenTermsProblemsSaid({
      minQuantity: v.minQuantity,
      packSize: v.packSize ?? 1,
      priceYen: v.perPriceYen ?? null,
      breaksYen: v.volumePricesYen?.map((b) => ({ minQuantity: b.minQuantity, price: b.perPrice })) ?? null,
    }),
  ]) {
    ctx.addIssue({
      code: 'custom',
      path: problem.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      ...issueOf(problem.said),
    });
  }
}

export const createProductRequest = productFields
  .refine(availableCoversMinimum, availableMessage)
  .superRefine(checkTradeTerms);
export type CreateProductRequest = z.input<typeof createProductRequest>;
/**
 * PATCH /api/handTools/{id}: only what changes. `loadedMaxQuantity` is the `maxQuantity` the edit
 * form showed when it was loaded; sent with a new `maxQuantity`, the change applies as a
 * difference (available + new − loaded), so stock that orders reserved while the form was open
 * stays reserved (409 when they took more than the admin's reduction leaves). Without it, as in
 * the spec's body, `maxQuantity` is set as sent.
 */
export const updateProductRequest = productFields
  .partial()
  .extend({ loadedMaxQuantity: wholeNumber('Loaded available quantity', 0).optional() })
  .refine((v) => Object.keys(v).some((key) => key !== 'loadedMaxQuantity'), told(says.nothingToChange))
  .refine(availableCoversMinimum, availableMessage)
  .superRefine(checkTradeTerms);
export type UpdateProductRequest = z.input<typeof updateProductRequest>;

export const catalogQuery = pageQuery.extend({
  search: z.string().trim().max(SEARCH_MAX_LENGTH, told(says.searchTooLong)).optional(),
  sort: z.enum(['newest', 'price-asc', 'price-desc']).optional(),
  kind: toolKind.optional(),
  /** A SKU or JAN: the one tool on sale with exactly that code (its normal form, any case), or none. */
  code: z.string().max(SEARCH_MAX_LENGTH, told(says.searchTooLong)).optional(),
});
export type CatalogQuery = z.infer<typeof catalogQuery>;

export const uploadResponse = z.object({ success: z.literal(true), data: z.object({ url: z.string() }) });
export type UploadResponse = z.infer<typeof uploadResponse>;
