import { legalSlugs } from './domain/pages';

/**
 * The web app's client routes (spec §2), written without a language prefix (each works under
 * every language's prefix too: `@kanna/shared/domain/language-paths`). The server answers these
 * with the app shell and 200; any other path outside /api and /media gets the shell with 404, so
 * crawlers see the truth.
 */
const clientRoutes: readonly RegExp[] = [
  /^\/$/,
  /^\/home\/?$/,
  /^\/login\/?$/,
  /^\/signup\/?$/,
  /^\/reset-password\/?$/,
  /^\/blog\/?$/,
  /^\/myPortfolio\/?$/,
  // The owner's legal pages in English and Japanese (docs/pages.md); an unknown slug is the app's 404.
  new RegExp(`^(/ja)?/legal/(${legalSlugs.join('|')})/?$`),
  /^\/allProduct\/?$/,
  /^\/allReview\/?$/,
  /^\/tools\/[^/]+\/?$/,
  /^\/purchase\/[^/]+\/?$/,
  /^\/cart\/?$/,
  /^\/quickOrder\/?$/,
  /^\/lists\/?$/,
  /^\/dashboard(\/.*)?$/,
];

export const isClientRoute = (path: string): boolean => clientRoutes.some((r) => r.test(path));

/**
 * The parameters of `path` when it has the form of `pattern` (`/tools/:slug`: each `:name` stands
 * for one part of the address, any but empty, decoded); undefined when it has not, or when a part
 * does not decode. The server's renderer and the web app's server build find their pages by it.
 */
export function pathParams(pattern: string, path: string): Record<string, string> | undefined {
  const wanted = pattern.split('/');
  const parts = path.split('/');
  if (wanted.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  const matches = wanted.every((part, i) => {
    const got = parts[i] ?? '';
    if (!part.startsWith(':')) return part === got;
    if (got === '') return false;
    try {
      params[part.slice(1)] = decodeURIComponent(got);
      return true;
    } catch {
      return false;
    }
  });
  return matches ? params : undefined;
}

/**
 * The public pages (decision 0053): what a search engine may index, each in every language at its
 * own address, naming the others as `hreflang` alternates. The addresses without a parameter are
 * listed as they are, in the order the sitemap lists them.
 */
export const publicPagePaths = [
  '/',
  '/allProduct',
  '/allReview',
  '/blog',
  '/myPortfolio',
  '/login',
  '/signup',
  ...legalSlugs.map((slug) => `/legal/${slug}` as const),
] as const;

const publicPages: readonly RegExp[] = [
  /^\/(home)?$/,
  /^\/(allProduct|allReview|blog|myPortfolio|login|signup)$/,
  /^\/tools\/[^/]+$/,
  /^\/legal\/[^/]+$/,
];

/** Whether the (unprefixed) `path` is a public page; a trailing slash is not its address. */
export const isPublicPage = (path: string): boolean => publicPages.some((r) => r.test(path));
