import { messages } from '@kanna/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureMailer, startTestShop, type TestShop } from './test/harness';
import { Client } from './test/http';
import { signedIn } from './test/shopping';

/**
 * Who is calling is checked before what they sent, on every guarded route: an anonymous caller
 * gets 401 and a customer 403 on an administrator's route, whatever the body, the query or the
 * path hold — never a 400 that describes the route's schema to someone who may not use it.
 *
 * The routes are not listed by hand: every route the application registers is recorded as it
 * is added (an onRoute hook on each Fastify instance the app creates), and every route that has
 * a guard anywhere in its hooks is tried. A guard left in a later hook (preHandler, where it
 * ran before) is caught too: validation would answer first there.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const recording = ((options?: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof original.default;
  return { ...original, default: recording };
});

type Guard = 'requireUser' | 'requireAdmin';
const guardOf = (route: RouteOptions): Guard | null => {
  const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler]
    .flat()
    .filter((h): h is NonNullable<typeof h> => typeof h === 'function');
  const names = hooks.map((h) => h.name);
  if (names.includes('requireAdmin')) return 'requireAdmin';
  if (names.includes('requireUser')) return 'requireUser';
  return null;
};

/** Every path parameter filled with something no schema accepts (not a uuid, not an e-mail). */
const invalidUrl = (url: string) =>
  `${url.replace(/:[A-Za-z]+/g, '%20not%20valid%20')}?limit=-1&status=nope&q=`;
/** A body no route accepts: required fields missing, an unknown one present. */
const invalidBody = { unexpected: ['not', 'a', 'valid', 'body'], perPrice: 'free' };

let shop: TestShop;
let anon: Client;
let customer: Client;
let guarded: { method: string; url: string; guard: Guard }[];

beforeAll(async () => {
  shop = await startTestShop({ mailer: captureMailer(), env: { AUTH_RATE_LIMIT: '1000' } });
  anon = new Client(shop.app, shop.config.publicUrl, '10.17.0.1');
  customer = await signedIn(shop, '10.17.0.2', 'Customer', 'customer@kanna.example');
  guarded = registered.flatMap((route) => {
    const guard = guardOf(route);
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    return guard ? methods.map((method) => ({ method, url: route.url, guard })) : [];
  });
});
afterAll(() => shop?.close());

const call = (client: Client, route: { method: string; url: string }) =>
  client.request({
    method: route.method as 'GET',
    url: invalidUrl(route.url),
    ...(route.method === 'GET' ? {} : { payload: invalidBody }),
  });

describe('authorization before validation, on every guarded route', () => {
  it('finds the guarded routes the shop registers', () => {
    const seen = guarded.map((r) => `${r.method} ${r.url} ${r.guard}`);
    // A sample that must be among them, so that the checks below cannot pass on an empty list.
    expect(seen).toEqual(
      expect.arrayContaining([
        'POST /api/handTools requireAdmin',
        'PATCH /api/handTools/:id requireAdmin',
        'DELETE /api/handTools/:id requireAdmin',
        'POST /api/media requireAdmin',
        'GET /api/users requireAdmin',
        'POST /api/order requireUser',
        'POST /api/review requireUser',
        'PUT /api/users/:email requireUser',
      ]),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(20);
  });

  it('answers an anonymous caller 401 whatever it sends, never the schema', async () => {
    const answers = [];
    for (const route of guarded) {
      const res = await call(anon, route);
      answers.push({ route: `${route.method} ${route.url}`, status: res.statusCode, body: res.json() });
    }
    for (const a of answers) {
      expect(a, a.route).toMatchObject({ status: 401, body: { message: messages.noUserLoggedIn } });
      expect(a.body, a.route).not.toHaveProperty('errors');
    }
  });

  it("answers a customer 403 on every administrator's route whatever it sends, never the schema", async () => {
    const answers = [];
    for (const route of guarded.filter((r) => r.guard === 'requireAdmin')) {
      const res = await call(customer, route);
      answers.push({ route: `${route.method} ${route.url}`, status: res.statusCode, body: res.json() });
    }
    expect(answers.length).toBeGreaterThanOrEqual(8);
    for (const a of answers) {
      expect(a, a.route).toMatchObject({
        status: 403,
        body: { message: 'Only administrators can do this.' },
      });
      expect(a.body, a.route).not.toHaveProperty('errors');
    }
  });

  it('still validates for the caller the route is for', async () => {
    // The same invalid body from a signed-in customer to a customer's route is judged on its merits.
    const res = await customer.post('/api/review', invalidBody);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });
});
