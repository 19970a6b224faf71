import { createHash } from 'node:crypto';
import { publicPagePaths } from '@kanna/shared';
import type { Tool } from '@kanna/shared/catalog';
import { localizedPath, pageAlternates } from '@kanna/shared/domain/language-paths';
import { type Language, languages } from '@kanna/shared/domain/languages';
import { isSoldOut } from '@kanna/shared/domain/orders';
import { shopBrand, toolPath } from '@kanna/shared/domain/tool-pages';
import { toolDescription, toolName } from '@kanna/shared/domain/tool-texts';
import { yenTiersWithTax } from '@kanna/shared/domain/yen-prices';
import type { CachedBody, Ready } from '../../lib/cache';
import type { CatalogService } from '../catalog/catalog.service';

/**
 * What search engines and shopping services read of the shop (decision 0053; docs/reach.md):
 * `/robots.txt`, `/sitemap.xml` — every public page and every tool's page on sale, in every
 * language, each naming its alternates — and a product feed per language for Google Merchant
 * Center (`/feeds/google-<lang>.xml`). Each is made from the tools on sale and kept with the
 * catalogue's answers: every change to the tools — and every save of the settings, whose yen rate
 * and yen countries the yen prices follow (app.ts) — drops it on every instance (LISTEN/NOTIFY,
 * lib/cache.ts), and the next request makes it again.
 */

/** `&`, `<`, `>`, `"` and `'` written so text can stand in XML, and characters XML forbids left out. */
const xml = (text: string): string =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 cannot hold
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A document kept as the cached answers are: its bytes, its ETag and its compressed forms, made once. */
function document(text: string, type: string): CachedBody {
  const body = Buffer.from(text);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag, encoded: new Map(), next: null, type };
}

/** The sitemap's entry for the page at (unprefixed) `path`: one `<url>` per language, each naming every language's address. */
function sitemapEntries(path: string, origin: string): string {
  return languages
    .map((language) => {
      const { canonical, alternates } = pageAlternates(path, language, origin);
      const links = alternates
        .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hrefLang}" href="${xml(a.href)}"/>`)
        .join('');
      return `<url><loc>${xml(canonical)}</loc>${links}</url>`;
    })
    .join('\n');
}

function sitemapXml(onSale: readonly Tool[], origin: string): string {
  const paths = [...publicPagePaths, ...onSale.map(toolPath)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...paths.map((path) => sitemapEntries(path, origin)),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * A tool's base price as the feed in `language` gives it, in Google's form (the number and the
 * currency): in the Japanese feed of a shop whose buyers in Japan pay in yen, whole yen with the
 * consumption tax (Google Merchant Center's rule for Japan: the tax in the price, no tax
 * attribute); otherwise dollars with two decimals, before tax (docs/reach.md).
 */
function feedPrice(tool: Tool, language: Language): string {
  if (language === 'ja' && tool.yen) {
    const [base] = yenTiersWithTax(tool.minQuantity, tool.yen, tool.yen.taxRatePercent);
    if (base) return `${base.price} JPY`;
  }
  return `${tool.perPrice.toFixed(2)} USD`;
}

/** The feed's titles and descriptions, per language. */
const feedTexts: Record<Language, { title: string; description: string }> = {
  en: { title: 'Kanna — Japanese woodworking hand tools', description: 'Every tool on sale at Kanna.' },
  ja: { title: 'Kanna — 日本の木工手道具', description: 'Kanna で販売中のすべての工具。' },
};

/**
 * The product feed for Google Merchant Center in `language` (RSS 2.0 with Google's `g:`
 * attributes): one item per tool on sale, its name and description in that language, its page
 * at that language's address, its picture, availability, base price (`feedPrice`: yen with tax in
 * Japanese where Japan pays in yen), brand and condition, and its
 * JAN as `g:gtin` and SKU as `g:mpn` when it has them (with neither, it says it has no identifier).
 */
function feedXml(onSale: readonly Tool[], origin: string, language: Language): string {
  const base = origin.replace(/\/+$/, '');
  const texts = feedTexts[language];
  const items = onSale.map((tool) => {
    const link = base + localizedPath(toolPath(tool), language);
    const picture = tool.img.replace(/\/\d+\.webp$/, '/960.webp');
    return [
      '<item>',
      `<g:id>${xml(tool._id)}</g:id>`,
      `<title>${xml(toolName(tool, language))}</title>`,
      `<description>${xml(toolDescription(tool, language))}</description>`,
      `<link>${xml(link)}</link>`,
      `<g:image_link>${xml(base + picture)}</g:image_link>`,
      `<g:availability>${isSoldOut({ minQuantity: tool.minQuantity, available: tool.maxQuantity }) ? 'out_of_stock' : 'in_stock'}</g:availability>`,
      `<g:price>${feedPrice(tool, language)}</g:price>`,
      `<g:brand>${xml(shopBrand)}</g:brand>`,
      '<g:condition>new</g:condition>',
      tool.jan ? `<g:gtin>${xml(tool.jan)}</g:gtin>` : '',
      tool.sku ? `<g:mpn>${xml(tool.sku)}</g:mpn>` : '',
      tool.jan || tool.sku ? '' : '<g:identifier_exists>no</g:identifier_exists>',
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${xml(texts.title)}</title>`,
    `<link>${xml(base + localizedPath('/allProduct', language))}</link>`,
    `<description>${xml(texts.description)}</description>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

function robotsTxt(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    // Nothing a crawler should index: a signed-in reader's pages, the cart, the API.
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /ja/dashboard',
    'Disallow: /cart',
    'Disallow: /ja/cart',
    'Disallow: /purchase/',
    'Disallow: /ja/purchase/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

export function reachService(catalog: Pick<CatalogService, 'fromOnSale'>, origin: string) {
  const robots = document(robotsTxt(origin), 'text/plain; charset=utf-8');
  return {
    robots: (): CachedBody => robots,
    sitemap: (): Ready<CachedBody> =>
      catalog.fromOnSale('sitemap', (tools) =>
        document(sitemapXml(tools, origin), 'application/xml; charset=utf-8'),
      ),
    feed: (language: Language): Ready<CachedBody> =>
      catalog.fromOnSale(`feed:${language}`, (tools) =>
        document(feedXml(tools, origin, language), 'application/rss+xml; charset=utf-8'),
      ),
  };
}
export type ReachService = ReturnType<typeof reachService>;
