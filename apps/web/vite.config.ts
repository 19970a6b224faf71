import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

/** The API server the dev server forwards to (apps/server listens here by default). */
const apiTarget = 'http://127.0.0.1:3000';

/** A test for module ids: the files named, each as a path ending (without its extension). */
const files = (...paths: string[]) =>
  new RegExp(`[\\\\/](${paths.map((p) => p.replaceAll('/', '[\\\\/]')).join('|')})\\.tsx?$`);

/** What the pages a buyer lands on share beyond the first download (see the `storefront` group). */
const storefrontModules = files(
  'features/catalog/api/get-tools',
  'features/catalog/components/(tool-card|tool-grid|newest-tools|catalog-filters)',
  'features/catalog/(i18n/index|tool-format|catalog-filters-address)',
  'features/reviews/api/(get-reviews|remove-review)',
  'features/reviews/components/(review-card|review-grid|newest-reviews|remove-review)',
  'features/(reviews|marketing)/i18n/index',
  'components/ui/(load-more|list-address|filter-bar|typed-search|star-rating|i18n/index)',
  'lib/(query-keys|reader-language|tools|say-later)',
  'shared/src/api/(catalog|reviews)',
  'shared/src/domain/(money|orders|tool-texts)',
  // The reviews page's removal dialog: the pieces every form uses.
  'components/ui/(form-field|form-alert|modal|confirm-dialog|i18n/order)',
  'lib/say',
);

export default defineConfig(({ isSsrBuild }) => ({
  // The server-rendering build (dist-ssr/, see src/entry-server.tsx) is code only.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), precompress()],
  // The server-rendering build carries its libraries (React's production server renderer among
  // them), so the server loads one self-contained folder and never a development build.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under /assets/ so the server can cache them immutably.
    assetsDir: 'assets',
    target: 'es2022',
    // Every browser the shop serves preloads modules itself: the polyfill's start-up was a cost
    // on every page (about 13 ms of a phone's first task) for none.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: scripts/bundle-size.mjs measures the home page's JavaScript from it.
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // TanStack Query and the app's thin layer over it (client, provider, list states)
              // as one file rather than six: a page that fetches data needs nearly all of it,
              // and one file is one request and compresses better — 2.5 KB gzip less on the
              // home page, 1.4 KB on the list pages. Only these modules: what they import
              // (React, the API client) stays where it is, shared with the first download.
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]|src[\\/]app[\\/]query-provider|src[\\/]lib[\\/]query-client|src[\\/]components[\\/]ui[\\/]query-state/,
              includeDependenciesRecursively: false,
            },
            {
              // The small modules the first download shares with the lazy chunks (React, the
              // session, the API's endpoint, the limits the forms and the cart keep, the language
              // and its texts' loader, Vite's preloader) as one file rather than ten: each would
              // otherwise be a request and a gzip of its own — 1.3 KB gzip less on the home page,
              // which the texts of two languages need; the limits' own file was one more (0058).
              name: 'shell',
              test: /src[\\/]lib[\\/](i18n|session|http)\.ts|shared[\\/]src[\\/](domain[\\/](languages|shell-messages|limits)|api[\\/]endpoint)\.ts|preload-helper|jsx-runtime|node_modules[\\/]react[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // What the pages a buyer lands on (the home page's sections, the catalogue, the
              // reviews) share beyond the first download — the catalogue's and the reviews' data,
              // cards and texts, the list helpers, money — as one file rather than fifteen of a few
              // hundred bytes: a page's chunks are asked for in one task, and each file it names
              // is a request the browser starts there
              // (docs/decisions/0041-storefront-chunk-and-add-to-cart-unavailable-by-aria.md).
              name: 'storefront',
              test: storefrontModules,
              includeDependenciesRecursively: false,
            },
            // The first download's texts in each language as one file (lib/i18n.ts: every
            // `i18n/first.<language>.ts`), which the server preloads beside the entry for the
            // reader's language only.
            ...(['en', 'ja'] as const).map((language) => ({
              name: `first-texts-${language}`,
              test: new RegExp(`[\\\\/]i18n[\\\\/]first\\.${language}\\.ts$`),
            })),
          ],
        },
      },
    },
  },
}));
