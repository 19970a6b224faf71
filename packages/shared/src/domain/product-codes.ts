import { says } from './messages';
import type { Said } from './translation';

/**
 * A tool's product codes (docs/rules.md, "Product codes"): its SKU (品番), the shop's own code,
 * and its JAN (the 13 digits under its EAN-13 barcode). Both optional, each unique among the tools
 * on sale. Zod-free: the product form, the quick-order page and the server use the same rules.
 */

/** A SKU is at most this many characters. */
export const SKU_MAX_LENGTH = 40;

/**
 * A code as people type, paste or scan it, in the one form it is stored and compared in: NFKC
 * (full-width ＡＢＣ－１２３ from a Japanese keyboard becomes ABC-123), without spaces at either end.
 */
export const normalCode = (text: string): string => text.normalize('NFKC').trim();

/**
 * The key two codes are compared by: the normal form in upper case, so `abc-123` finds the tool
 * whose SKU is `ABC-123`, and two SKUs that differ only in case cannot both be on sale.
 */
export const codeKey = (text: string): string => normalCode(text).toUpperCase();

/** Printable: no control, format or unassigned characters, and no space at either end. */
const PRINTABLE = /^[^\p{C}\s](?:[^\p{C}]*[^\p{C}\s])?$/u;

/** Why `sku` (as stored: `normalCode`) cannot be a SKU, or null. */
export function skuProblem(sku: string): Said | null {
  if (sku.length < 1 || [...sku].length > SKU_MAX_LENGTH || !PRINTABLE.test(sku))
    return says.skuInvalid(SKU_MAX_LENGTH);
  return null;
}

/** The check digit (the 13th) that the first 12 digits of a JAN or EAN-13 call for. */
export function janCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Why `jan` cannot be a JAN: not 13 digits, or a wrong check digit; null when it is one. */
export function janProblem(jan: string): Said | null {
  if (!/^\d{13}$/.test(jan)) return says.janInvalid;
  if (janCheckDigit(jan) !== Number(jan[12])) return says.janCheckDigit;
  return null;
}

/** Whether `code` (normal form) is a well-formed JAN: how a scan or a typed code is told from a SKU. */
export const isJan = (code: string): boolean => janProblem(code) === null;
