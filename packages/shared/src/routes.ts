import { legalSlugs } from './domain/pages';

/**
 * The web app's client routes (spec §2). The server answers these with the app shell and 200;
 * any other path outside /api and /media gets the shell with 404, so crawlers see the truth.
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
  /^\/purchase\/[^/]+\/?$/,
  /^\/cart\/?$/,
  /^\/quickOrder\/?$/,
  /^\/lists\/?$/,
  /^\/dashboard(\/.*)?$/,
];

export const isClientRoute = (path: string): boolean => clientRoutes.some((r) => r.test(path));
