import { describe, expect, it } from 'vitest';
import { createProductRequest, updateProductRequest } from './catalog';
import { messages } from './domain/messages';

const product = {
  productName: 'Oire Nomi 24 mm',
  description: 'Bench chisel',
  minQuantity: 20,
  maxQuantity: 1_000,
  perPrice: 10,
  packSize: 10,
  volumePrices: [
    { minQuantity: 100, perPrice: 9 },
    { minQuantity: 500, perPrice: 8 },
  ],
  img: '/media/00000000-0000-4000-8000-000000000000/640.webp',
};

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe("a product's trade terms, as the form and the server check them", () => {
  it('accepts volume prices that fall as the quantity rises, on the pack size', () => {
    expect(createProductRequest.safeParse(product).success).toBe(true);
  });

  it('names each trade-term problem at its field', () => {
    const result = createProductRequest.safeParse({
      ...product,
      minQuantity: 25,
      volumePrices: [
        { minQuantity: 100, perPrice: 9 },
        { minQuantity: 100, perPrice: 9.5 },
      ],
    });
    expect(issues(result)).toEqual([
      { path: 'minQuantity', message: messages.minimumNotOnPack(10) },
      { path: 'volumePrices.1.minQuantity', message: messages.breaksNotIncreasing },
      { path: 'volumePrices.1.perPrice', message: messages.breakNotCheaper },
    ]);
  });

  it('refuses a sixth price break and a pack size below 1', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ minQuantity: 100 * (i + 1), perPrice: 9 - i }));
    expect(issues(createProductRequest.safeParse({ ...product, volumePrices: six }))).toContainEqual({
      path: 'volumePrices',
      message: messages.breaksTooMany(5),
    });
    expect(issues(createProductRequest.safeParse({ ...product, packSize: 0 }))).toContainEqual({
      path: 'packSize',
      message: messages.packSizeInvalid,
    });
  });

  it('leaves an edit that sends only some of the terms to the server, which merges it first', () => {
    expect(updateProductRequest.safeParse({ volumePrices: [{ minQuantity: 3, perPrice: 99 }] }).success).toBe(
      true,
    );
  });
});
