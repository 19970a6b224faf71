import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * What every journey shares: a guard that fails the test on any console error or uncaught
 * page error, an accessibility check, and full-page screenshots for people to look at.
 */

type Problem = { kind: 'console' | 'pageerror'; text: string; where: string };

export type ConsoleGuard = {
  /**
   * Accepts console errors matching `pattern` in this test only, for a failure the test itself
   * provokes (an aborted chunk, a 400 the user is shown). `why` is printed if it never shows.
   */
  allow(pattern: RegExp, why: string): void;
};

/** A client address of this test's own, stable across runs: 10.x.y.z from a hash of the test. */
function visitorAddress(testInfo: TestInfo): string {
  const key = `${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`;
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(key).digest();
  return `10.${a}.${b}.${c}`;
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  /**
   * Each test is a visitor of its own. The suite opens a hundred pages in a few minutes, all
   * from 127.0.0.1; per-client limits (POST /api/vitals allows 60 a minute) would otherwise
   * count the whole suite as one visitor. The server runs with TRUST_PROXY=1 here, as behind
   * a proxy, and reads the address from X-Forwarded-For.
   */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': visitorAddress(testInfo) });
  },
  consoleGuard: [
    async ({ page }, use, testInfo) => {
      const problems: Problem[] = [];
      const allowed: { pattern: RegExp; why: string }[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        problems.push({ kind: 'console', text: message.text(), where: url ? `${url}:${lineNumber}` : '' });
      });
      page.on('pageerror', (error) => {
        problems.push({
          kind: 'pageerror',
          text: `${error.name}: ${error.message}`,
          where: error.stack ?? '',
        });
      });

      await use({ allow: (pattern, why) => allowed.push({ pattern, why }) });

      const unexpected = problems.filter((p) => !allowed.some((a) => a.pattern.test(p.text)));
      if (unexpected.length > 0) {
        const lines = unexpected.map(
          (p, i) => `  ${i + 1}. [${p.kind}] ${p.text}${p.where ? `\n     at ${p.where}` : ''}`,
        );
        await testInfo.attach('console-errors.txt', { body: lines.join('\n'), contentType: 'text/plain' });
        throw new Error(`The page logged ${unexpected.length} error(s):\n${lines.join('\n')}`);
      }
    },
    { auto: true },
  ],
});

export { expect };

export const isPhone = (testInfo: TestInfo): boolean => testInfo.project.name === 'phone';

/** A notification the shop shows (react-toastify), by its exact text or a pattern. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.Toastify').getByText(text, typeof text === 'string' ? { exact: true } : undefined);

/** Nothing may stick out sideways, at any width (tables scroll inside their own box). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      { message: `${what} scrolls sideways` },
    )
    .toBeLessThanOrEqual(0);
}

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe over the whole page and fails on any 'serious' or 'critical' violation. It checks the
 * page at rest: a list being updated is dimmed (and says so), and its faded colours are not the
 * page's.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect(page.locator('[aria-busy="true"]'), `${what} has finished updating`).toHaveCount(0);
  await settleTransitions(page);
  // axe.run in the page itself: the default opens a blank page per check to finish the run there
  // (needed only to reach frames of other origins, which no page of the shop has in test mode) and
  // took twice as long (1.1 s against 0.57 s on the home page, 0.61 against 0.25 on /login).
  const results = await new AxeBuilder({ page }).withTags(axeTags).setLegacyMode(true).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `      - ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
  expect(bad.length, `accessibility violations on ${what}:\n${report}`).toBe(0);
}

/**
 * Waits for the CSS transitions under way to end. A button the pointer has just left fades back to
 * its colours over 0.2 s; axe measured one half-way (contrast 3.9, in CI) and reported the fade as
 * the page's colours. Only running transitions are waited for: keyframe animations are not (a
 * toast's progress bar is paused while the pointer rests on it, and a paused animation never ends).
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition && a.playState === 'running')
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Scrolls through the page so lazy images and sections load, then waits until every image has
 * arrived. A list that loads more as it scrolls may add cards after the scroll has passed: their
 * lazy images are asked for at once (`loading = 'eager'`) rather than left waiting for a view.
 */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    // A frame, or 50 ms if none comes: headless Chromium sometimes draws no frame for a while, and
    // an unanswered requestAnimationFrame held this wait until the test's time ran out (once, in CI).
    const nextFrame = () =>
      new Promise((resolve) => {
        requestAnimationFrame(resolve);
        setTimeout(resolve, 50);
      });
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await nextFrame();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => {
        if (!img.complete && img.loading === 'lazy') img.loading = 'eager';
        return img.complete;
      }),
    null,
    // Pictures arrive last on a loaded 2-core machine: a full run waited more than 10 s for them once
    // (the home page on the phone, while the other worker's journey and the server shared the cores).
    { timeout: 30_000 },
  );
}

const screensDir = path.join('.e2e-output', 'screens');

/**
 * Saves a full-page screenshot as .e2e-output/screens/<name>-<project>.png (animations off), one
 * image pixel per CSS pixel: the phone's double-density pictures were four times the pixels to
 * capture and compress, for people who look at them on an ordinary screen.
 */
export async function saveScreen(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  // Pictures are for people to look at; CI's clone, and the pictures in it, is gone when the run
  // ends, and taking them was a twelfth of the journeys' time. Nothing is asserted here.
  if (process.env.CI) return;
  mkdirSync(screensDir, { recursive: true });
  await loadLazyImages(page);
  const file = path.join(screensDir, `${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', scale: 'css' });
  await testInfo.attach(`${name}-${testInfo.project.name}.png`, { path: file, contentType: 'image/png' });
}

/** A page checked as the journeys check every screen: no sideways scroll, axe, and a screenshot. */
export async function checkScreen(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  await expectNoSidewaysScroll(page, screen);
  await expectAccessible(page, `${screen} (${testInfo.project.name})`);
  await saveScreen(page, screen, testInfo);
}

/**
 * After a submit the form refused: `field`, the first in error, has the focus, as a keyboard or
 * screen-reader user needs. react-hook-form focuses it at once and again from a timer. The journey
 * waits for that timer too (timers of equal delay run in the order they were set): on a busy
 * machine it fired while the next field was being filled, and that text landed in this field.
 */
export async function expectFocusOnFirstError(field: Locator): Promise<void> {
  await expect(field).toBeFocused();
  await field.page().evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
