import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../test/harness';

/**
 * A replayed read (lib/replay.ts, decision 0021) runs none of Fastify's hooks: only the first
 * read of a URL does. So every hook that applies to a replayed route is listed here, each with
 * why skipping it on a replay is right. A hook added later — a metric, an access log, a
 * per-client limit, a header that varies per request — makes this test fail: either it need not
 * see replayed reads (add it below, saying why), or the route must stop being replayed (take it
 * out of `sendCached`'s recording in lib/send-cached.ts).
 */
const replayedRoutes = ['/api/handTools', '/api/handTools/:id', '/api/review'];

const expectedHooks = {
  // Security headers are part of the recorded answer; a GET carries no Origin check.
  onRequest: ['headersAndOrigin'],
  // @fastify/compress's request-body decompression: a GET has no body.
  preParsing: ['preParsing'],
  // NUL and lone surrogates in a body or query: the recorded URL passed it once, and a replay
  // needs the same URL byte for byte.
  preValidation: ['refuseUnstorableText'],
  // Logs writes, errors and slow reads: a replay is a fast 200 or 304 read.
  // Counts the request for /metrics (with METRICS_TOKEN set, as here): a replay is counted by the
  // replay cache itself, under the same route and status (modules/metrics/metrics.test.ts).
  // Records the answer for replaying: the replay is that record.
  onResponse: ['logWritesErrorsAndSlowReads', 'countRequest', 'recordForReplay'],
};

/**
 * Each GET route's hooks by phase, by function name, from Fastify's own listing
 * (`printRoutes({ includeHooks: true })`): a tree whose lines are path segments, each followed
 * by `• (phase) ["name()", …]` lines.
 */
function hooksByRoute(app: FastifyInstance): Map<string, Record<string, string[]>> {
  const tree = app.printRoutes({ includeHooks: true, commonPrefix: false, method: 'GET' });
  const routes = new Map<string, Record<string, string[]>>();
  const segments: string[] = [];
  let current: Record<string, string[]> | null = null;
  for (const line of tree.split('\n')) {
    const hook = line.match(/• \((\w+)\) (\[.*\])$/);
    if (hook?.[1] && hook[2]) {
      if (current)
        current[hook[1]] = (JSON.parse(hook[2]) as string[]).map((name) => name.replace(/\(\)$/, ''));
      continue;
    }
    const node = line.match(/^([│├└─ ]*)(\S[^(]*?)( \(GET\))?$/);
    if (!node?.[2]) continue;
    const depth = [...(node[1] ?? '')].length / 4;
    segments.length = depth;
    segments[depth] = node[2];
    current = node[3] ? {} : null;
    if (current) routes.set(segments.join(''), current);
  }
  return routes;
}

describe('the hooks that a replayed read skips', () => {
  let shop: TestShop;
  beforeAll(async () => {
    // With metrics on, so that their hook is among those listed.
    shop = await startTestShop({ env: { METRICS_TOKEN: 'replay-hooks-test-token-0123456789' } });
  });
  afterAll(() => shop?.close());

  it.each(replayedRoutes.map((r) => [r]))(
    'GET %s has exactly the hooks known to be safe to skip',
    (route) => {
      const routes = hooksByRoute(shop.app);
      expect(routes.get(route), `no GET ${route} among ${[...routes.keys()].join(', ')}`).toEqual(
        expectedHooks,
      );
    },
  );

  it('reads the listing right: a guarded route shows its guard', () => {
    const routes = hooksByRoute(shop.app);
    expect(routes.get('/api/cart')?.onRequest).toContain('requireUser');
  });

  it('sees a hook added later on every replayed route (so the check above fails for it)', async () => {
    const other = await startTestShop({
      beforeReady: (app) =>
        app.addHook('onRequest', function countRequests(_request, _reply, done) {
          done();
        }),
    });
    try {
      const routes = hooksByRoute(other.app);
      for (const route of replayedRoutes) {
        expect(routes.get(route)?.onRequest).toEqual(['headersAndOrigin', 'countRequests']);
      }
    } finally {
      await other.close();
    }
  });
});
