import type { Tool } from '@kanna/shared/catalog';
import { describe, expect, it } from 'vitest';
import { catalogueStructuredData } from './structured-data';

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
