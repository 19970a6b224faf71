import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTool, type TestShop } from '../test/harness';
import { SOURCE_ORIGIN, startShopRenderingSource } from '../test/web-source';

/**
 * An address per language (docs/languages.md, "An address per language"; decision 0053), through
 * the shop with the web app's own server rendering (apps/web/src/entry-server.tsx, loaded from
 * source): a crawler — no cookie, no Accept-Language — gets Japanese at every `/ja` address and
 * English at every unprefixed one; each server-rendered page names its canonical and both
 * languages' addresses, absolute; a reader who asks for Japanese is sent (302, Vary) from an
 * unprefixed page to its `/ja` twin, and never away from one.
 */
const ORIGIN = SOURCE_ORIGIN;

let shop: TestShop;
beforeAll(async () => {
  shop = await startShopRenderingSource();
  await addTool(shop, { productName: 'Hira Kanna 48 mm', minQuantity: 5, available: 60, priceCents: 5450 });
});
afterAll(() => shop?.close());

/** Every public page without a parameter, unprefixed, and whether the server renders it. */
const publicPages = [
  { path: '/', rendered: true },
  { path: '/allProduct', rendered: true },
  { path: '/allReview', rendered: true },
  { path: '/blog', rendered: false },
  { path: '/myPortfolio', rendered: false },
  { path: '/login', rendered: false },
  { path: '/signup', rendered: false },
];
const ja = (p: string) => (p === '/' ? '/ja' : `/ja${p}`);
const crawl = (url: string) => shop.app.inject({ url });
const htmlLang = (html: string) => /<html[^>]*\slang="(\w+)"/.exec(html)?.[1];
/** Words in Japanese script in the page's root (what the page says, not its data block). */
const rootText = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replace(/<[^>]+>/g, ' ');
const links = (html: string) => ({
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
  alternates: Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  ),
});

describe('an address per language, for a crawler (no cookie, no Accept-Language)', () => {
  it('gets Japanese at every /ja address and English at every unprefixed one', async () => {
    for (const { path: page, rendered } of publicPages) {
      const english = await crawl(page);
      expect(english.statusCode, page).toBe(200);
      expect(htmlLang(english.body), page).toBe('en');
      expect(english.headers['content-language'], page).toBe('en');
      const japanese = await crawl(ja(page));
      expect(japanese.statusCode, ja(page)).toBe(200);
      expect(htmlLang(japanese.body), ja(page)).toBe('ja');
      expect(japanese.headers['content-language'], ja(page)).toBe('ja');
      if (rendered) {
        expect(rootText(japanese.body), ja(page)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]{2}/);
        expect(rootText(english.body), page).not.toMatch(/[\u3040-\u30ff]/);
      }
    }
    // Pages behind a sign-in are under the prefix too (the app's links stay in the reader's language).
    const cart = await crawl('/ja/cart');
    expect(cart.statusCode).toBe(200);
    expect(htmlLang(cart.body)).toBe('ja');
    // What is no page in English is none in Japanese either; the prefix is not a language twice.
    expect((await crawl('/ja/no-such-page')).statusCode).toBe(404);
    expect((await crawl('/ja/ja')).statusCode).toBe(404);
  });

  it('finds on every server-rendered page its canonical and both languages, absolute, pointing both ways', async () => {
    for (const { path: page } of publicPages.filter((p) => p.rendered)) {
      const en = `${ORIGIN}${page}`;
      const jp = `${ORIGIN}${ja(page)}`;
      const english = links((await crawl(page)).body);
      const japanese = links((await crawl(ja(page))).body);
      expect(english.canonical, page).toBe(en);
      expect(japanese.canonical, ja(page)).toBe(jp);
      for (const found of [english, japanese])
        expect(found.alternates, page).toEqual({ en, ja: jp, 'x-default': en });
    }
    // /home is the home page: its addresses are the home page's.
    expect(links((await crawl('/ja/home')).body).canonical).toBe(`${ORIGIN}/ja`);
  });
});

describe('every address the sitemap gives a crawler', () => {
  /** Each `<url>` of the sitemap: its address and its alternates by hreflang. */
  const sitemapUrls = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(.*?)<\/url>/g)].map((m) => ({
      loc: m[1] as string,
      alternates: Object.fromEntries(
        [...(m[2] as string).matchAll(/hreflang="([^"]+)" href="([^"]*)"/g)].map((a) => [a[1], a[2]]),
      ),
    }));

  it('is in the language of its address, and a page drawn by the server names the same addresses as the sitemap, both ways', async () => {
    const urls = sitemapUrls((await crawl('/sitemap.xml')).body);
    const paths = urls.map((u) => u.loc.slice(ORIGIN.length) || '/');
    // The landing pages, the legal pages, the tool's page and the rest, each in both languages.
    for (const wanted of ['/', '/ja', '/ja/legal/tokushoho', '/legal/privacy', '/ja/signup'])
      expect(paths).toContain(wanted);
    expect(paths.filter((p) => p.startsWith('/ja/tools/'))).toHaveLength(
      paths.filter((p) => p.startsWith('/tools/')).length,
    );
    expect(paths.some((p) => p.startsWith('/tools/'))).toBe(true);
    /** Each server-drawn page's links, by its address, to check that its alternates name it back. */
    const drawn = new Map<string, ReturnType<typeof links>>();
    for (const { loc, alternates } of urls) {
      const address = loc.slice(ORIGIN.length) || '/';
      const japanese = address === '/ja' || address.startsWith('/ja/');
      const res = await crawl(address);
      expect(res.statusCode, address).toBe(200);
      expect(htmlLang(res.body), address).toBe(japanese ? 'ja' : 'en');
      expect(res.headers['content-language'], address).toBe(japanese ? 'ja' : 'en');
      // The head the server writes for every page (the page's own, or the shell's) is in the
      // page's language: its title, or — a tool without a Japanese name keeps its name — its description.
      const head = [/<title>(.*?)<\/title>/s, /<meta name="description" content="([^"]*)"/]
        .map((re) => re.exec(res.body)?.[1] ?? '')
        .join(' ');
      if (japanese) expect(head, address).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      else expect(head, address).not.toMatch(/[\u3040-\u30ff]/);
      const found = links(res.body);
      if (found.canonical === undefined) continue;
      expect(found.canonical, address).toBe(loc);
      expect(found.alternates, address).toEqual(alternates);
      drawn.set(loc, found);
    }
    // The server draws the landing pages, the legal pages and the tools' pages: 3 + 5 + the tools, twice.
    expect(drawn.size).toBeGreaterThanOrEqual(2 * (3 + 5 + 1));
    for (const [loc, found] of drawn)
      for (const href of Object.values(found.alternates) as string[])
        if (href !== loc)
          expect(Object.values(drawn.get(href)?.alternates ?? {}), `${href} names ${loc}`).toContain(loc);
  });
});

describe('sending a reader to the address of their language', () => {
  const asksJapanese = [
    { 'accept-language': 'ja-JP,ja;q=0.9' },
    { cookie: 'lang=ja' },
    { cookie: 'lang=ja', 'accept-language': 'en-US,en;q=0.9' },
  ];

  it('sends a reader who asks for Japanese from an unprefixed page to its /ja twin, 302 with Vary, query kept', async () => {
    for (const headers of asksJapanese)
      for (const { path: page } of publicPages) {
        const res = await shop.app.inject({ url: page, headers });
        expect(res.statusCode, page).toBe(302);
        expect(res.headers.location, page).toBe(ja(page));
        const vary = String(res.headers.vary).toLowerCase();
        expect(vary).toContain('cookie');
        expect(vary).toContain('accept-language');
      }
    const searched = await shop.app.inject({
      url: '/allProduct?q=kanna&kind=plane',
      headers: { cookie: 'lang=ja' },
    });
    expect(searched.headers.location).toBe('/ja/allProduct?q=kanna&kind=plane');
    const account = await shop.app.inject({ url: '/dashboard/myOrders', headers: { cookie: 'lang=ja' } });
    expect(account.headers.location).toBe('/ja/dashboard/myOrders');
  });

  it('sends nobody else: English readers, a choice of English over a Japanese browser, and crawlers', async () => {
    for (const headers of [
      {},
      { 'accept-language': 'en-GB,en;q=0.8' },
      { cookie: 'lang=en', 'accept-language': 'ja' },
    ])
      for (const { path: page } of publicPages) {
        const res = await shop.app.inject({ url: page, headers });
        expect(res.statusCode, page).toBe(200);
        expect(htmlLang(res.body), page).toBe('en');
      }
  });

  it('never sends a reader away from a /ja address, whatever they ask for', async () => {
    for (const headers of [
      { cookie: 'lang=en' },
      { 'accept-language': 'en-US' },
      { cookie: 'lang=en', 'accept-language': 'en' },
    ])
      for (const { path: page } of publicPages) {
        const res = await shop.app.inject({ url: ja(page), headers });
        expect(res.statusCode, ja(page)).toBe(200);
        expect(htmlLang(res.body), ja(page)).toBe('ja');
      }
  });
});
