import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './request-logger';

/** A Fastify app whose log lines are kept, parsed, in `lines`. */
function appWithLog(level = 'info', disableRequestLogging = true) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    disableRequestLogging,
    childLoggerFactory: requestLoggerFactory,
  });
  return { app, lines };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('requestLoggerFactory', () => {
  it("writes a request's lines with its id, and a child's with the child's bindings too", async () => {
    const { app, lines } = appWithLog();
    close = () => app.close();
    app.get('/orders', (request) => {
      request.log.info({ orders: 2 }, 'placed');
      request.log.child({ step: 'mail' }).warn('mail is slow');
      request.log.debug('below the level: not written');
      return { ok: true };
    });

    const response = await app.inject({ method: 'GET', url: '/orders', headers: { 'request-id': 'x' } });

    expect(response.statusCode).toBe(200);
    expect(lines).toHaveLength(2);
    const [placed, slow] = lines;
    expect(placed).toMatchObject({ level: 30, msg: 'placed', orders: 2, reqId: expect.any(String) });
    expect(slow).toMatchObject({ level: 40, msg: 'mail is slow', step: 'mail', reqId: placed?.reqId });
  });

  it("gives each request its own id, carried by Fastify's own lines for it", async () => {
    const { app, lines } = appWithLog('info', false);
    close = () => app.close();
    app.get('/fails', () => {
      throw new Error('the database went away');
    });

    await app.inject({ method: 'GET', url: '/fails' });
    await app.inject({ method: 'GET', url: '/fails' });

    // Per request: "incoming request", the error, "request completed".
    expect(lines.map((line) => line.level)).toEqual([30, 50, 30, 30, 50, 30]);
    const ids = lines.map((line) => line.reqId);
    expect(ids[0]).toEqual(expect.any(String));
    expect(ids.slice(0, 3)).toEqual([ids[0], ids[0], ids[0]]);
    expect(ids.slice(3)).toEqual([ids[3], ids[3], ids[3]]);
    expect(ids[3]).not.toBe(ids[0]);
    expect(lines[1]).toMatchObject({ err: { message: 'the database went away' } });
  });

  it("reports the app's level, and a route's own level when it has one", async () => {
    const { app } = appWithLog('warn');
    close = () => app.close();
    const seen: string[] = [];
    app.get('/a', (request) => {
      seen.push(request.log.level);
      return {};
    });
    app.get('/b', { logLevel: 'debug' }, (request) => {
      seen.push(request.log.level);
      return {};
    });

    await app.inject({ method: 'GET', url: '/a' });
    await app.inject({ method: 'GET', url: '/b' });

    expect(seen).toEqual(['warn', 'debug']);
  });
});
