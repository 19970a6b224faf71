import type { Tool } from '@kanna/shared/catalog';
import { describe, expect, it } from 'vitest';
import { catalogueStructuredData, productStructuredData } from './structured-data';

const tool = (over: Partial<Tool>): Tool => ({
  _id: '5f0c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b',
  productName: 'Kanna Smoothing Plane 70 mm',
  description: 'A pull-stroke smoothing plane.',
  productNameJa: '平鉋 70mm',
  descriptionJa: '引いて削る仕上げ鉋です。',
  kind: 'plane',
  img: '/media/plane/640.webp',
  srcset: '',
  minQuantity: 10,
  maxQuantity: 400,
  perPrice: 96,
  packSize: 1,
  volumePrices: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

const products = (lang: 'en' | 'ja', tools: Tool[]) =>
  catalogueStructuredData(tools, 'https://kanna.example', lang).itemListElement.map((e) => ({
    name: e.item.name,
    description: e.item.description,
  }));

describe("the catalogue's structured data", () => {
  it("names each Product in the page's language, in English where a tool has no Japanese", () => {
    const plain = tool({
      _id: '6f0c2a9e-3b1d-4c6e-9a7b-2d8e4f6a1c3b',
      productNameJa: null,
      descriptionJa: null,
    });
    expect(products('ja', [tool({}), plain])).toEqual([
      { name: '平鉋 70mm', description: '引いて削る仕上げ鉋です。' },
      { name: 'Kanna Smoothing Plane 70 mm', description: 'A pull-stroke smoothing plane.' },
    ]);
    expect(products('en', [tool({})])).toEqual([
      { name: 'Kanna Smoothing Plane 70 mm', description: 'A pull-stroke smoothing plane.' },
    ]);
  });
});

describe("the catalogue's structured data: each Product's address", () => {
  it('is the tool’s public page in the page’s language, never the purchase page behind a sign-in', () => {
    const listed = (lang: 'en' | 'ja') =>
      catalogueStructuredData([tool({ slug: 'kanna-70' })], 'https://shop.example', lang).itemListElement[0]
        ?.item;
    expect(listed('en')).toMatchObject({
      url: 'https://shop.example/tools/kanna-70',
      offers: { url: 'https://shop.example/tools/kanna-70' },
    });
    expect(listed('ja')).toMatchObject({
      url: 'https://shop.example/ja/tools/kanna-70',
      offers: { url: 'https://shop.example/ja/tools/kanna-70' },
    });
  });
});

describe('productStructuredData', () => {
  it('names a SKU and a GTIN-13 only when the tool has them, at its page in the reader’s language', () => {
    const plain = productStructuredData(tool({ slug: 'kanna-70' }), 'https://shop.example', 'ja');
    expect(plain).not.toHaveProperty('sku');
    expect(plain).not.toHaveProperty('gtin13');
    expect(plain.url).toBe('https://shop.example/ja/tools/kanna-70');
    expect(plain.name).toBe('平鉋 70mm');
    const coded = productStructuredData(
      { ...tool({ slug: 'kanna-70' }), sku: 'KN-70', jan: '4901234567894' },
      'https://shop.example',
      'en',
    );
    expect(coded).toMatchObject({
      sku: 'KN-70',
      gtin13: '4901234567894',
      url: 'https://shop.example/tools/kanna-70',
    });
  });

  it('gives every volume break its own unit price from its quantity, the last open-ended', () => {
    const offers = productStructuredData(
      tool({
        slug: 'kanna-70',
        volumePrices: [
          { minQuantity: 50, perPrice: 90 },
          { minQuantity: 200, perPrice: 84 },
        ],
      }),
      'https://shop.example',
      'en',
    ).offers;
    expect(offers.priceSpecification.map((s) => [s.price, s.eligibleQuantity])).toEqual([
      [96, { '@type': 'QuantitativeValue', minValue: 10, maxValue: 49, unitCode: 'C62' }],
      [90, { '@type': 'QuantitativeValue', minValue: 50, maxValue: 199, unitCode: 'C62' }],
      [84, { '@type': 'QuantitativeValue', minValue: 200, unitCode: 'C62' }],
    ]);
  });
  it('offers whole yen with the tax on a Japanese page where Japan pays in yen, dollars before tax in English', () => {
    const yenTool = tool({
      slug: 'kanna-70',
      volumePrices: [{ minQuantity: 50, perPrice: 90 }],
      yen: { perPrice: 14_400, volumePrices: [{ minQuantity: 40, perPrice: 13_500 }], taxRatePercent: 10 },
    });
    const ja = productStructuredData(yenTool, 'https://shop.example', 'ja').offers;
    expect([ja.price, ja.priceCurrency]).toEqual([15_840, 'JPY']);
    expect(
      ja.priceSpecification.map((s) => [
        s.price,
        s.priceCurrency,
        s.valueAddedTaxIncluded,
        s.eligibleQuantity.minValue,
      ]),
    ).toEqual([
      [15_840, 'JPY', true, 10],
      [14_850, 'JPY', true, 40],
    ]);
    const en = productStructuredData(yenTool, 'https://shop.example', 'en').offers;
    expect(en.priceSpecification.map((s) => [s.price, s.priceCurrency, s.valueAddedTaxIncluded])).toEqual([
      [96, 'USD', false],
      [90, 'USD', false],
    ]);
    // The catalogue's list on a Japanese page offers the same base price.
    expect(
      catalogueStructuredData([yenTool], 'https://shop.example', 'ja').itemListElement[0]?.item.offers,
    ).toMatchObject({
      price: 15_840,
      priceCurrency: 'JPY',
    });
    // A Japanese page of a shop where Japan pays in dollars (no `yen`) offers dollars.
    expect(
      productStructuredData(tool({ slug: 'kanna-70' }), 'https://shop.example', 'ja').offers.priceCurrency,
    ).toBe('USD');
  });
});
