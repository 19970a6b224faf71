import {
  productFields,
  type ToolKind,
  toolKind,
  updateProductRequest,
  volumePricesField,
} from '@kanna/shared/catalog';
import { issueOf, messages } from '@kanna/shared/domain/messages';
import { MAX_PRICE_BREAKS, tradeTermsProblems } from '@kanna/shared/domain/orders';
import { yenTermsProblemsSaid } from '@kanna/shared/domain/yen-prices';
import { z } from 'zod';

/**
 * The add/edit product form, built from the shared rules (`productFields`, spec §5: every field
 * required). The inputs hold text; each number is checked as text first ('… is required'), then
 * converted and checked by the shared rule with the shared messages. The shared cross-field rule
 * ('Available quantity must be at least the minimum quantity') is checked too, even while other
 * fields still have errors, so the user sees every problem at once.
 */

export type ProductFormValues = {
  productName: string;
  description: string;
  /** Optional: what Japanese readers see instead of the English (empty: none). */
  productNameJa: string;
  descriptionJa: string;
  /** Optional product codes (empty: none). */
  sku: string;
  jan: string;
  kind: string;
  minQuantity: string;
  maxQuantity: string;
  perPrice: string;
  /** Empty: sold by the piece. */
  packSize: string;
  /** Price breaks: from `minQuantity` pieces, `perPrice` each (at most five). */
  volumePrices: { minQuantity: string; perPrice: string }[];
  /** Optional: the yen list price, whole yen (empty: derived from the dollar price at the shop's rate). */
  perPriceYen: string;
  /** Yen price breaks, whole yen (empty: derived from the dollar breaks). */
  volumePricesYen: { minQuantity: string; perPrice: string }[];
  img: string;
};

export { MAX_PRICE_BREAKS };

export const emptyProduct: ProductFormValues = {
  productName: '',
  description: '',
  productNameJa: '',
  descriptionJa: '',
  sku: '',
  jan: '',
  kind: '',
  minQuantity: '',
  maxQuantity: '',
  perPrice: '',
  packSize: '',
  volumePrices: [],
  perPriceYen: '',
  volumePricesYen: [],
  img: '',
};

/** What an empty required field says, in the page's language (the admin texts' `form.required`). */
export type RequiredTexts = {
  kind: string;
  minQuantity: string;
  maxQuantity: string;
  perPrice: string;
  breakQuantity: string;
  breakPrice: string;
};

const englishRequired: RequiredTexts = {
  kind: 'Kind is required',
  minQuantity: 'Minimum quantity is required',
  maxQuantity: 'Available quantity is required',
  perPrice: 'Price is required',
  breakQuantity: 'Break quantity is required',
  breakPrice: 'Break price is required',
};

const numberText = (required: string, rule: z.ZodType<number, number>) =>
  z.string().trim().min(1, { message: required }).transform(Number).pipe(rule);

/** The shared rule for the yen breaks (whole yen, at most five), without its null or absence. */
const yenBreaksField = productFields.shape.volumePricesYen.unwrap().unwrap();

/** Price breaks typed as text, each number checked by `rule`'s; none is undefined (nothing sent). */
const breaksText = (required: RequiredTexts, rule: typeof volumePricesField | typeof yenBreaksField) =>
  z
    .array(
      z.object({
        minQuantity: numberText(required.breakQuantity, rule.element.shape.minQuantity),
        perPrice: numberText(required.breakPrice, rule.element.shape.perPrice),
      }),
    )
    .max(MAX_PRICE_BREAKS, { message: messages.breaksTooMany(MAX_PRICE_BREAKS) })
    .transform((list) => (list.length > 0 ? list : undefined));

type Numbers = { minQuantity: unknown; perPrice: unknown }[] | undefined;
const allNumbers = (breaks: Numbers): breaks is { minQuantity: number; perPrice: number }[] | undefined =>
  (breaks ?? []).every((b) => typeof b.minQuantity === 'number' && typeof b.perPrice === 'number');
const asTerms = (breaks: { minQuantity: number; perPrice: number }[]) =>
  breaks.map((b) => ({ minQuantity: b.minQuantity, price: b.perPrice }));
const pathOf = (path: string) => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * `initial` (editing): a tool already below its minimum (sold out) can still have its price or
 * name changed; the quantities are compared only when one of them changes.
 */
export function productFormSchema(
  initial?: Pick<ProductFormValues, 'minQuantity' | 'maxQuantity'>,
  required: RequiredTexts = englishRequired,
) {
  return z
    .object({
      productName: productFields.shape.productName,
      description: productFields.shape.description,
      // The inputs hold text: the shared rule for a text (not its null or absence), which makes an empty one null.
      productNameJa: productFields.shape.productNameJa.unwrap().unwrap(),
      descriptionJa: productFields.shape.descriptionJa.unwrap().unwrap(),
      // Empty: none (nothing sent for a new product; an edit that empties one clears it).
      sku: z
        .string()
        .transform((v) => (v.trim() ? v : undefined))
        .pipe(productFields.shape.sku.unwrap().unwrap().optional()),
      jan: z
        .string()
        .transform((v) => (v.trim() ? v : undefined))
        .pipe(productFields.shape.jan.unwrap().unwrap().optional()),
      kind: z.string().min(1, { message: required.kind }).pipe(toolKind),
      minQuantity: numberText(required.minQuantity, productFields.shape.minQuantity),
      maxQuantity: numberText(required.maxQuantity, productFields.shape.maxQuantity),
      perPrice: numberText(required.perPrice, productFields.shape.perPrice),
      // Empty is one piece at a time.
      // Empty: sold by the piece (the server's default), so nothing is sent.
      packSize: z
        .string()
        .trim()
        .transform((v) => (v === '' ? undefined : Number(v)))
        .pipe(productFields.shape.packSize),
      volumePrices: breaksText(required, volumePricesField),
      // Empty: none set (a new product sends nothing; an edit that empties it clears it, null).
      perPriceYen: z
        .string()
        .trim()
        .transform((v) => (v === '' ? undefined : Number(v)))
        .pipe(productFields.shape.perPriceYen.unwrap().unwrap().optional()),
      volumePricesYen: breaksText(required, yenBreaksField),
      img: productFields.shape.img,
    })
    .superRefine(
      (values, ctx) => {
        // The shared trade rules (docs/rules.md, "Where every rule lives"), each problem at its field.
        const v = values as {
          minQuantity: unknown;
          perPrice: unknown;
          packSize: unknown;
          volumePrices: Numbers;
          perPriceYen: unknown;
          volumePricesYen: Numbers;
        };
        const packSize = v.packSize ?? 1;
        if (typeof v.minQuantity !== 'number' || typeof packSize !== 'number') return;
        if (typeof v.perPrice === 'number' && allNumbers(v.volumePrices)) {
          for (const problem of tradeTermsProblems({
            minQuantity: v.minQuantity,
            price: v.perPrice,
            packSize,
            breaks: asTerms(v.volumePrices ?? []),
          }))
            ctx.addIssue({ code: 'custom', path: pathOf(problem.path), message: problem.message });
        }
        // The yen ones by the same rules (the shared `yenTermsProblemsSaid`, as the server checks them).
        const yen = v.perPriceYen ?? null;
        if ((yen === null || typeof yen === 'number') && allNumbers(v.volumePricesYen)) {
          for (const problem of yenTermsProblemsSaid({
            minQuantity: v.minQuantity,
            packSize,
            priceYen: yen,
            breaksYen: v.volumePricesYen ? asTerms(v.volumePricesYen) : null,
          }))
            ctx.addIssue({ code: 'custom', path: pathOf(problem.path), ...issueOf(problem.said) });
        }
      },
      { when: () => true },
    )
    .superRefine(
      (values, ctx) => {
        const { minQuantity, maxQuantity } = values as { minQuantity: unknown; maxQuantity: unknown };
        if (typeof minQuantity !== 'number' || typeof maxQuantity !== 'number') return;
        if (
          initial &&
          String(minQuantity) === initial.minQuantity.trim() &&
          String(maxQuantity) === initial.maxQuantity.trim()
        )
          return;
        const check = updateProductRequest.safeParse({ minQuantity, maxQuantity });
        for (const issue of check.error?.issues ?? []) {
          if (issue.code === 'custom')
            ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      },
      // Run even when other fields have errors (zod skips refinements after a failed field otherwise).
      { when: () => true },
    );
}

export type ProductFormOutput = z.output<ReturnType<typeof productFormSchema>>;

/** What an edit sends: only what changed, a cleared yen price or emptied yen breaks as null. */
export type ProductChanges = Omit<Partial<ProductFormOutput>, 'perPriceYen' | 'volumePricesYen'> & {
  perPriceYen?: number | null;
  volumePricesYen?: ProductFormOutput['volumePricesYen'] | null;
};

const priceText = (dollars: number) => (Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2));

/** The form's text values for a tool being edited. */
export const toFormValues = (tool: {
  productName: string;
  description: string;
  productNameJa?: string | null;
  descriptionJa?: string | null;
  sku?: string | null;
  jan?: string | null;
  kind: ToolKind;
  minQuantity: number;
  maxQuantity: number;
  perPrice: number;
  packSize?: number;
  volumePrices?: { minQuantity: number; perPrice: number }[];
  perPriceYen?: number | null;
  volumePricesYen?: { minQuantity: number; perPrice: number }[] | null;
  img: string;
}): ProductFormValues => ({
  productName: tool.productName,
  description: tool.description,
  productNameJa: tool.productNameJa ?? '',
  descriptionJa: tool.descriptionJa ?? '',
  sku: tool.sku ?? '',
  jan: tool.jan ?? '',
  kind: tool.kind,
  minQuantity: String(tool.minQuantity),
  maxQuantity: String(tool.maxQuantity),
  perPrice: priceText(tool.perPrice),
  packSize: (tool.packSize ?? 1) > 1 ? String(tool.packSize) : '',
  volumePrices: (tool.volumePrices ?? []).map((b) => ({
    minQuantity: String(b.minQuantity),
    perPrice: priceText(b.perPrice),
  })),
  perPriceYen: tool.perPriceYen == null ? '' : String(tool.perPriceYen),
  volumePricesYen: (tool.volumePricesYen ?? []).map((b) => ({
    minQuantity: String(b.minQuantity),
    perPrice: String(b.perPrice),
  })),
  img: tool.img,
});
