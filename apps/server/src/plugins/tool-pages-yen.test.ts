import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, type TestShop } from '../test/harness';
import type { Client } from '../test/http';
import { planeInPacks, saveSettings, yenInJapan } from '../test/shopping';
import { SOURCE_ORIGIN, startShopRenderingSourceWithOwner } from '../test/web-source';

/**
 * A tool's public page in a shop whose buyers in Japan pay in yen (docs/reach.md, "Structured
 * data"): the Japanese page's Product offers in yen with the consumption tax (whole yen, a unit
 * price per yen break, `valueAddedTaxIncluded` true) and its price table in yen with the tax
 * beside; the English page stays in dollars before tax. A save of the settings that stops Japan
 * paying in yen puts the Japanese page back in dollars at once.
 */
const ORIGIN = SOURCE_ORIGIN;
const ADMIN = 'owner@kanna.example';

let shop: TestShop;
let admin: Client;
let derived: Awaited<ReturnType<typeof addTool>>;
let explicit: Awaited<ReturnType<typeof addTool>>;
const save = (body: object) => saveSettings(admin, body);
beforeAll(async () => {
  ({ shop, admin } = await startShopRenderingSourceWithOwner(ADMIN, '10.64.9.1'));
  // $54.50, $49 from 24, $44 from 120: derived ¥8,180, ¥7,350, ¥6,600.
  derived = await planeInPacks(shop, { productName: 'Yen Derived Plane' });
  // The owner's yen: ¥12,000, ¥11,000 from 20, ¥10,000 from 50 — breaks the dollar list does not have.
  explicit = await addTool(shop, {
    productName: 'Yen Explicit Saw',
    minQuantity: 1,
    available: 300,
    priceCents: 8000,
    volumePrices: [{ minQuantity: 10, priceCents: 7500 }],
    priceYen: 12_000,
    volumePricesYen: [
      { minQuantity: 20, priceCents: 11_000 },
      { minQuantity: 50, priceCents: 10_000 },
    ],
  });
  await save(yenInJapan());
});
afterAll(() => shop?.close());

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1] ?? ''),
  );
/** The price table's rows: [pieces, price per piece], as text. */
const priceRows = (html: string) => {
  const table = /<table[^>]*data-testid="tool-prices"[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const text = (s: string) => s.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
  return [...table.matchAll(/<tr[^>]*><th scope="row"[^>]*>(.*?)<\/th><td[^>]*>(.*?)<\/td><\/tr>/g)].map(
    (m) => [text(m[1] ?? ''), text(m[2] ?? '')],
  );
};
type Spec = {
  '@type': string;
  price: number;
  priceCurrency: string;
  valueAddedTaxIncluded: boolean;
  eligibleQuantity: { minValue: number; maxValue?: number };
};
/** Each unit price of a Product's offer, in a form to compare. */
const specs = (product: { offers: { priceSpecification: Spec[] } }) =>
  product.offers.priceSpecification.map((s) => ({
    type: s['@type'],
    price: s.price,
    currency: s.priceCurrency,
    taxIncluded: s.valueAddedTaxIncluded,
    from: s.eligibleQuantity.minValue,
    to: s.eligibleQuantity.maxValue,
  }));

describe('the Japanese tool page of a shop where Japan pays in yen', () => {
  it('offers derived yen prices with the tax, one unit price per break, and says the tax is included', async () => {
    const res = await shop.app.inject(`/ja/tools/${derived.slug}`);
    expect(res.statusCode).toBe(200);
    const [product, ...others] = jsonLd(res.body);
    expect(others).toEqual([]);
    expect(product['@type']).toBe('Product');
    expect(product.url).toBe(`${ORIGIN}/ja/tools/${derived.slug}`);
    expect(product.offers).toMatchObject({ '@type': 'Offer', price: 8998, priceCurrency: 'JPY' });
    expect(specs(product)).toEqual([
      { type: 'UnitPriceSpecification', price: 8998, currency: 'JPY', taxIncluded: true, from: 6, to: 23 },
      { type: 'UnitPriceSpecification', price: 8085, currency: 'JPY', taxIncluded: true, from: 24, to: 119 },
      {
        type: 'UnitPriceSpecification',
        price: 7260,
        currency: 'JPY',
        taxIncluded: true,
        from: 120,
        to: undefined,
      },
    ]);
    for (const s of product.offers.priceSpecification as Spec[]) expect(Number.isInteger(s.price)).toBe(true);
    // The visible table says the same: yen, the tax-inclusive price beside.
    expect(priceRows(res.body)).toEqual([
      ['6–23', '¥8,180（税込 ¥8,998）'],
      ['24–119', '¥7,350（税込 ¥8,085）'],
      ['120個以上', '¥6,600（税込 ¥7,260）'],
    ]);
  });

  it('offers the owner’s yen prices at the yen breaks’ own quantities, in the JSON-LD and the table', async () => {
    const res = await shop.app.inject(`/ja/tools/${explicit.slug}`);
    const [product] = jsonLd(res.body);
    expect(specs(product)).toEqual([
      { type: 'UnitPriceSpecification', price: 13_200, currency: 'JPY', taxIncluded: true, from: 1, to: 19 },
      { type: 'UnitPriceSpecification', price: 12_100, currency: 'JPY', taxIncluded: true, from: 20, to: 49 },
      {
        type: 'UnitPriceSpecification',
        price: 11_000,
        currency: 'JPY',
        taxIncluded: true,
        from: 50,
        to: undefined,
      },
    ]);
    expect(priceRows(res.body)).toEqual([
      ['1–19', '¥12,000（税込 ¥13,200）'],
      ['20–49', '¥11,000（税込 ¥12,100）'],
      ['50個以上', '¥10,000（税込 ¥11,000）'],
    ]);
  });

  it('keeps the English page in dollars before tax, saying the tax is not included', async () => {
    const res = await shop.app.inject(`/tools/${explicit.slug}`);
    const [product] = jsonLd(res.body);
    expect(product.offers).toMatchObject({ price: 80, priceCurrency: 'USD' });
    expect(specs(product)).toEqual([
      { type: 'UnitPriceSpecification', price: 80, currency: 'USD', taxIncluded: false, from: 1, to: 9 },
      {
        type: 'UnitPriceSpecification',
        price: 75,
        currency: 'USD',
        taxIncluded: false,
        from: 10,
        to: undefined,
      },
    ]);
    expect(priceRows(res.body)).toEqual([
      ['1–9', '$80'],
      ['10 or more', '$75'],
    ]);
  });

  it('offers yen without tax (still the whole price) when a delivery in Japan pays none, and dollars again once Japan pays in dollars', async () => {
    try {
      await save(yenInJapan({ tax: { enabled: false, ratePercent: 10, country: 'JP' } }));
      let [product] = jsonLd((await shop.app.inject(`/ja/tools/${explicit.slug}`)).body);
      expect(specs(product)[0]).toEqual({
        type: 'UnitPriceSpecification',
        price: 12_000,
        currency: 'JPY',
        taxIncluded: true,
        from: 1,
        to: 19,
      });
      // Yen for another country only: Japan pays in dollars, so its page offers dollars.
      await save(yenInJapan({ yenCountries: ['TW'] }));
      const res = await shop.app.inject(`/ja/tools/${explicit.slug}`);
      [product] = jsonLd(res.body);
      expect(product.offers).toMatchObject({ price: 80, priceCurrency: 'USD' });
      expect(specs(product).map((s) => s.currency)).toEqual(['USD', 'USD']);
      expect(priceRows(res.body)[0]).toEqual(['1–9', '$80']);
    } finally {
      await save(yenInJapan());
    }
  });
});
