import type { Browser } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { followNavLink } from './support/site';

/**
 * A lazy page whose code cannot be fetched (a flaky network, or a deploy that replaced the
 * file) must say so with the spec's 'Loading chunk {n} failed.' and offer a retry that works
 * once the network is back (spec §7, §8; docs/web.md, "The web app").
 */

/** Every script a fresh visit to `path` fetches until the network is quiet. */
async function scriptsOf(browser: Browser, baseURL: string, path: string): Promise<Set<string>> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    return scripts;
  } finally {
    await context.close();
  }
}

test('a failed /blog chunk shows the spec’s message, and Retry loads the page', async ({
  page,
  browser,
  baseURL,
  consoleGuard,
}, testInfo) => {
  if (!baseURL) throw new Error('baseURL is not set');
  const onHome = await scriptsOf(browser, baseURL, '/home');
  const onBlog = await scriptsOf(browser, baseURL, '/blog');
  const blogOnly = [...onBlog].filter((url) => !onHome.has(url));
  expect(blogOnly, '/blog loads code of its own, lazily').not.toHaveLength(0);

  // The aborted fetches and the error they cause are this test's doing.
  consoleGuard.allow(/net::ERR_FAILED|Failed to load resource/, 'the chunk request is aborted');
  consoleGuard.allow(
    /Loading chunk .* failed|dynamically imported module/i,
    'the router reports the failure',
  );
  // The same failure seen by React when it reaches a part of the server-drawn page not yet
  // hydrated as the navigation starts (React error #422: that part is drawn again in the browser).
  consoleGuard.allow(/Minified React error #422/, 'the aborted chunk fails a part still hydrating');

  const blocked = (url: URL) => blogOnly.includes(url.href);
  let aborted = 0;
  await page.route(blocked, (route) => {
    aborted++;
    return route.abort('failed');
  });

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'wooden Hand Tools' })).toBeVisible();
  await followNavLink(page, testInfo, 'Blogs');

  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(/Loading chunk \S+ failed\./);
  expect(aborted, 'the blog chunk was requested and refused').toBeGreaterThan(0);
  // The spec's message comes with the kind of failure and the address that failed.
  const paths = blogOnly.map((url) => new URL(url).pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(alert).toContainText(new RegExp(paths.join('|')));
  await expect(page).toHaveURL(/\/blog$/);

  await page.unroute(blocked);
  await alert.getByRole('button', { name: /retry|try again/i }).click();
  await expect(page.getByRole('main').locator('details > summary').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/blog$/);
});
