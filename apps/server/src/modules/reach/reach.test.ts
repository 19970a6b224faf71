import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTool, addToolByPiece, signUpVerified, startTestShop, type TestShop } from '../../test/harness';
import { Client } from '../../test/http';
import { saveSettings, yenInJapan } from '../../test/shopping';

/**
 * What search engines and shopping services read (decision 0053): robots.txt, the sitemap with both
 * languages' alternates, and the Google product feed per language — each listing exactly the
 * tools on sale, and dropping a deleted one on every instance on the same database.
 */
const ORIGIN = 'https://shop.example';
const ADMIN = 'owner@kanna.example';

let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await startTestShop({ env: { PUBLIC_URL: ORIGIN, ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000' } });
  admin = new Client(shop.app, ORIGIN, '10.62.0.1');
  await signUpVerified(shop, admin, 'Owner', ADMIN);
});
afterAll(async () => {
  await shop?.close();
});

type Listed = { _id: string; slug: string };
const onSale = async (app: TestShop['app'] = shop.app) =>
  ((await app.inject('/api/handTools?limit=200')).json() as Listed[]).map((t) => t.slug).sort();

/** Each `<url>` of the sitemap: its address and its alternates by hreflang. */
function sitemapUrls(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(.*?)<\/url>/g)].map((m) => ({
    loc: m[1] as string,
    alternates: Object.fromEntries(
      [...(m[2] as string).matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]*)"\/>/g)].map(
        (a) => [a[1], a[2]],
      ),
    ),
  }));
}
/** The slugs of the tool pages a sitemap lists in `lang`. */
const sitemapSlugs = (xml: string, lang: 'en' | 'ja') =>
  sitemapUrls(xml)
    .map((u) => new RegExp(`^${ORIGIN}${lang === 'ja' ? '/ja' : ''}/tools/([^/]+)$`).exec(u.loc)?.[1])
    .filter((s): s is string => s !== undefined)
    .sort();
const feedItems = (xml: string) =>
  [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((m) => {
    const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(m[1] as string)?.[1];
    return {
      id: field('g:id'),
      title: field('title'),
      link: field('link'),
      price: field('g:price'),
      availability: field('g:availability'),
      image: field('g:image_link'),
      brand: field('g:brand'),
      condition: field('g:condition'),
    };
  });

describe('GET /robots.txt', () => {
  it('lets crawlers in, keeps them out of the signed-in pages and names the sitemap', async () => {
    const res = await shop.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public page and every tool on sale in both languages, each naming the other', async () => {
    await addToolByPiece(shop, 'Sitemap Kanna 70 mm', { available: 9, priceCents: 9900 });
    await addTool(shop, { productName: 'Sitemap Nomi', minQuantity: 1, available: 9, priceCents: 1900 });
    const res = await shop.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const slugs = await onSale();
    expect(slugs).toContain('sitemap-kanna-70-mm');
    expect(sitemapSlugs(res.body, 'en')).toEqual(slugs);
    expect(sitemapSlugs(res.body, 'ja')).toEqual(slugs);
    const urls = sitemapUrls(res.body);
    const pages = ['/', '/allProduct', '/allReview', '/blog', '/myPortfolio', '/login', '/signup'];
    // The owner's pages a shop in Japan must publish, also in both languages.
    pages.push(
      '/legal/tokushoho',
      '/legal/terms',
      '/legal/privacy',
      '/legal/about',
      '/legal/shipping-payment',
    );
    for (const page of pages) {
      const en = `${ORIGIN}${page}`;
      const ja = `${ORIGIN}${page === '/' ? '/ja' : `/ja${page}`}`;
      for (const loc of [en, ja])
        expect(urls.find((u) => u.loc === loc)?.alternates, loc).toEqual({ en, ja, 'x-default': en });
    }
    const tool = urls.find((u) => u.loc === `${ORIGIN}/tools/sitemap-nomi`);
    expect(tool?.alternates).toEqual({
      en: `${ORIGIN}/tools/sitemap-nomi`,
      ja: `${ORIGIN}/ja/tools/sitemap-nomi`,
      'x-default': `${ORIGIN}/tools/sitemap-nomi`,
    });
    // Revalidated like the other kept answers.
    const again = await shop.app.inject({
      url: '/sitemap.xml',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /feeds/google-{lang}.xml', () => {
  it('lists exactly the tools on sale, in each language, with Google’s product attributes', async () => {
    await addTool(shop, {
      productName: 'Feed Saw',
      productNameJa: 'フィード鋸',
      minQuantity: 10,
      available: 4,
      priceCents: 2450,
    });
    const tools = (await shop.app.inject('/api/handTools?limit=200')).json() as (Listed & {
      productName: string;
    })[];
    for (const lang of ['en', 'ja'] as const) {
      const res = await shop.app.inject(`/feeds/google-${lang}.xml`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
      expect(res.body).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
      const items = feedItems(res.body);
      expect(items.map((i) => i.id).sort()).toEqual(tools.map((t) => t._id).sort());
      const saw = items.find((i) => i.title === (lang === 'ja' ? 'フィード鋸' : 'Feed Saw'));
      expect(saw, lang).toMatchObject({
        link: `${ORIGIN}${lang === 'ja' ? '/ja' : ''}/tools/feed-saw`,
        price: '24.50 USD',
        // 4 left of a minimum order of 10.
        availability: 'out_of_stock',
        brand: 'Kanna',
        condition: 'new',
      });
      expect(saw?.image).toMatch(new RegExp(`^${ORIGIN}/media/[0-9a-f-]{36}/960\\.webp$`));
    }
  });

  it('gives a tool’s JAN as its GTIN and its SKU as its part number, and says when a tool has neither', async () => {
    const coded = await addToolByPiece(shop, 'Feed Coded Plane', { available: 5, priceCents: 5000 });
    await shop.services.catalog.update(
      coded._id,
      { sku: 'KN-FEED-70', jan: '4901234567894' },
      'admin@kanna.example',
    );
    await addTool(shop, { productName: 'Feed Plain Plane', minQuantity: 1, available: 5, priceCents: 5000 });
    const body = (await shop.app.inject('/feeds/google-en.xml')).body;
    const item = (title: string) =>
      body.split('<item>').find((i) => i.includes(`<title>${title}</title>`)) ?? '';
    expect(item('Feed Coded Plane')).toContain('<g:gtin>4901234567894</g:gtin>');
    expect(item('Feed Coded Plane')).toContain('<g:mpn>KN-FEED-70</g:mpn>');
    expect(item('Feed Coded Plane')).not.toContain('identifier_exists');
    expect(item('Feed Plain Plane')).toContain('<g:identifier_exists>no</g:identifier_exists>');
    expect(item('Feed Plain Plane')).not.toContain('g:gtin');
  });
});

describe('text that XML gives a meaning to', () => {
  it('is written as text in the feeds, and characters XML cannot hold are left out', async () => {
    await addTool(shop, {
      // A bell (U+0007) cannot stand in XML 1.0 at all, even escaped.
      productName: 'Saw & <Co>\u0007 "Ryoba" \'24\'',
      productNameJa: '両刃鋸 & <特>',
      minQuantity: 1,
      available: 5,
      priceCents: 1500,
    });
    const en = (await shop.app.inject('/feeds/google-en.xml')).body;
    expect(en).toContain('<title>Saw &amp; &lt;Co&gt; &quot;Ryoba&quot; &apos;24&apos;</title>');
    expect(en).not.toContain('<Co>');
    expect(en).not.toContain('\u0007');
    const ja = (await shop.app.inject('/feeds/google-ja.xml')).body;
    expect(ja).toContain('<title>両刃鋸 &amp; &lt;特&gt;</title>');
    // Every `&` in either feed starts an entity: no bare one, which would make the document unreadable.
    for (const feed of [en, ja]) expect(feed).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });
});

describe('a tool taken off sale', () => {
  it('leaves the sitemap and the feeds at once, here and on another instance on the same database', async () => {
    const other = await startTestShop(
      shop.databaseUrl
        ? { databaseUrl: shop.databaseUrl, env: { PUBLIC_URL: ORIGIN } }
        : { sharedDatabase: shop.database, env: { PUBLIC_URL: ORIGIN } },
    );
    try {
      const tool = await addToolByPiece(shop, 'Soon Gone Plane', { available: 5, priceCents: 800 });
      // Both instances keep the documents with the tool in them.
      for (const app of [shop.app, other.app])
        await vi.waitFor(
          async () => {
            expect(sitemapSlugs((await app.inject('/sitemap.xml')).body, 'en')).toContain('soon-gone-plane');
            expect((await app.inject('/feeds/google-ja.xml')).body).toContain(tool._id);
          },
          { timeout: 5000, interval: 50 },
        );
      // An admin's edit on this instance: the other's feeds give the new price, its page shows it.
      const edited = await admin.request({
        method: 'PATCH',
        url: `/api/handTools/${tool._id}`,
        payload: { perPrice: 12.5 },
      });
      expect(edited.statusCode).toBe(200);
      const priceIn = (feed: string) => feedItems(feed).find((item) => item.id === tool._id)?.price;
      await vi.waitFor(
        async () => {
          for (const lang of ['en', 'ja'])
            expect(priceIn((await other.app.inject(`/feeds/google-${lang}.xml`)).body), lang).toBe(
              '12.50 USD',
            );
        },
        { timeout: 5000, interval: 50 },
      );
      const removed = await admin.request({ method: 'DELETE', url: `/api/handTools/${tool._id}` });
      expect(removed.statusCode).toBe(200);
      for (const app of [shop.app, other.app])
        await vi.waitFor(
          async () => {
            const sitemap = (await app.inject('/sitemap.xml')).body;
            expect(sitemapSlugs(sitemap, 'en')).not.toContain('soon-gone-plane');
            expect(sitemapSlugs(sitemap, 'ja')).not.toContain('soon-gone-plane');
            for (const lang of ['en', 'ja'])
              expect((await app.inject(`/feeds/google-${lang}.xml`)).body).not.toContain(tool._id);
          },
          { timeout: 5000, interval: 50 },
        );
      expect(sitemapSlugs((await other.app.inject('/sitemap.xml')).body, 'en')).toEqual(
        await onSale(other.app),
      );
      // Nor does its page stay on either instance, in either language.
      for (const app of [shop.app, other.app])
        for (const address of ['/tools/soon-gone-plane', '/ja/tools/soon-gone-plane'])
          expect((await app.inject(address)).statusCode, address).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('the feeds of a shop whose buyers in Japan pay in yen', () => {
  const save = (body: object) => saveSettings(admin, body);

  it('prices the Japanese feed in whole yen with the tax, the English one in dollars, and follows each save of the rate or the yen countries on every instance', async () => {
    const other = await startTestShop(
      shop.databaseUrl
        ? { databaseUrl: shop.databaseUrl, env: { PUBLIC_URL: ORIGIN } }
        : { sharedDatabase: shop.database, env: { PUBLIC_URL: ORIGIN } },
    );
    // $12.35 derived at ¥150: ¥1,860 (rounded up to ¥10), ¥2,046 with 10 % tax; the owner's ¥3,000 → ¥3,300.
    const derived = await addToolByPiece(shop, 'Yen Feed Chisel', { available: 50, priceCents: 1235 });
    const explicit = await addToolByPiece(shop, 'Yen Feed Saw', {
      available: 50,
      priceCents: 2000,
      priceYen: 3000,
    });
    const priceIn = (feed: string, id: string) => feedItems(feed).find((item) => item.id === id)?.price;
    const feedsSay = async (app: TestShop['app'], ja: [string, string], en: [string, string]) => {
      const jaFeed = (await app.inject('/feeds/google-ja.xml')).body;
      const enFeed = (await app.inject('/feeds/google-en.xml')).body;
      expect([priceIn(jaFeed, derived._id), priceIn(jaFeed, explicit._id)]).toEqual(ja);
      expect([priceIn(enFeed, derived._id), priceIn(enFeed, explicit._id)]).toEqual(en);
    };
    const dollars: [string, string] = ['12.35 USD', '20.00 USD'];
    try {
      // Read (and so kept) in dollars on both instances before the settings change.
      for (const app of [shop.app, other.app]) await feedsSay(app, dollars, dollars);
      await save(yenInJapan());
      for (const app of [shop.app, other.app])
        await vi.waitFor(() => feedsSay(app, ['2046 JPY', '3300 JPY'], dollars), {
          timeout: 5000,
          interval: 50,
        });
      // A new rate: the derived yen price follows, the owner's stays.
      await save(yenInJapan({ yenPerDollar: 160 }));
      // $12.35 × 160 = ¥1,976 → ¥1,980, ¥2,178 with tax.
      for (const app of [shop.app, other.app])
        await vi.waitFor(() => feedsSay(app, ['2178 JPY', '3300 JPY'], dollars), {
          timeout: 5000,
          interval: 50,
        });
      // Japan no longer pays in yen: the Japanese feed is in dollars again.
      await save(yenInJapan({ yenCountries: [] }));
      for (const app of [shop.app, other.app])
        await vi.waitFor(() => feedsSay(app, dollars, dollars), { timeout: 5000, interval: 50 });
    } finally {
      await other.close();
    }
  });
});
