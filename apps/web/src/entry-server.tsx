import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { RenderedPaymentMode } from './app/layout/test-mode-notice';
import { AppRoutes } from './app/router';
import { type HomeData, homeLimits, primeHomeData } from './app/routes/home-data';
import { homeDataBlock } from './app/routes/home-data-block';
import { preloadHomeSections } from './app/routes/home-page';
import { queryClient } from './lib/query-client';

export type { HomeData };
/**
 * The home page rendered on the server (apps/server/src/plugins/home-page.ts loads this module
 * from dist-ssr/): the banner, the newest tools and reviews and the footer are in the HTML, so
 * they paint before any JavaScript has arrived; main.tsx then hydrates them. Built by
 * `vite build --ssr` beside the browser's build.
 */
export { homeLimits };

export type HomeRender = {
  /** The address rendered: `/` or `/home`. */
  path: string;
  data: HomeData;
  /** What the shell says in `<html data-payments>`, for the test-mode notice. */
  payments: 'test' | 'stripe';
};

/** The inside of `<div id="root">` for the home page, followed by its data block. */
export async function renderHome({ path, data, payments }: HomeRender): Promise<string> {
  await preloadHomeSections();
  // Renders run one at a time (the server caches their HTML), so the one cache can hold their data.
  queryClient.clear();
  primeHomeData(queryClient, data);
  const { prelude } = await prerender(
    <StrictMode>
      <RenderedPaymentMode value={payments}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </RenderedPaymentMode>
    </StrictMode>,
    // One piece of HTML: React would otherwise move a large section out of place and reveal it
    // with an inline script, which the Content-Security-Policy forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return `<div id="root">${html}</div>${homeDataBlock(data)}`;
}
