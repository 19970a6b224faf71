import { productFields, type ToolKind, toolKind, updateProductRequest } from '@kanna/shared/catalog';
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
  kind: string;
  minQuantity: string;
  maxQuantity: string;
  perPrice: string;
  img: string;
};

export const emptyProduct: ProductFormValues = {
  productName: '',
  description: '',
  kind: '',
  minQuantity: '',
  maxQuantity: '',
  perPrice: '',
  img: '',
};

const numberText = (label: string, rule: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .transform(Number)
    .pipe(rule);

/**
 * `initial` (editing): a tool already below its minimum (sold out) can still have its price or
 * name changed; the quantities are compared only when one of them changes.
 */
export function productFormSchema(initial?: Pick<ProductFormValues, 'minQuantity' | 'maxQuantity'>) {
  return z
    .object({
      productName: productFields.shape.productName,
      description: productFields.shape.description,
      kind: z.string().min(1, { message: 'Kind is required' }).pipe(toolKind),
      minQuantity: numberText('Minimum quantity', productFields.shape.minQuantity),
      maxQuantity: numberText('Available quantity', productFields.shape.maxQuantity),
      perPrice: numberText('Price', productFields.shape.perPrice),
      img: productFields.shape.img,
    })
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

/** The form's text values for a tool being edited. */
export const toFormValues = (tool: {
  productName: string;
  description: string;
  kind: ToolKind;
  minQuantity: number;
  maxQuantity: number;
  perPrice: number;
  img: string;
}): ProductFormValues => ({
  productName: tool.productName,
  description: tool.description,
  kind: tool.kind,
  minQuantity: String(tool.minQuantity),
  maxQuantity: String(tool.maxQuantity),
  perPrice: Number.isInteger(tool.perPrice) ? String(tool.perPrice) : tool.perPrice.toFixed(2),
  img: tool.img,
});
