import type {
  Access,
  Empty,
  Endpoint,
  EndpointSchemas,
  ParsedRequestOf,
  ResponseOf,
} from '@kanna/shared/api/endpoint';
import { says } from '@kanna/shared/domain/messages';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import type { Guards } from '../plugins/auth';
import type { Ready } from './cache';
import { AppError } from './errors';
import type { SessionUser } from './identity';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint contract a route was registered from (`route`). */
    contract?: Endpoint;
  }
}

/** What a handler gets: the parsed request, the caller (on guarded endpoints), and the raw pair. */
type RouteContext<E> = ParsedRequestOf<E> & {
  request: FastifyRequest;
  reply: FastifyReply;
} & (E extends Endpoint<EndpointSchemas, infer A>
    ? A extends 'public'
      ? Empty
      : { user: SessionUser }
    : never);

/**
 * Whether `context` is what the handler of `contract` is typed to get. The contract's schemas
 * parsed params, query and body before the handler runs (Fastify's validation, which its
 * request's types do not follow): what is left to see here is the caller, present on every
 * endpoint that is not public.
 */
function isContextOf<E extends Endpoint>(contract: E, context: unknown): context is RouteContext<E> {
  return (
    typeof context === 'object' &&
    context !== null &&
    'request' in context &&
    'reply' in context &&
    (contract.access === 'public' || 'user' in context)
  );
}

/** A handler may answer at once (a kept answer, sent with no promise) or later. */
export type RouteHandler<E> = (context: RouteContext<E>) => Ready<ResponseOf<E> | FastifyReply>;

/**
 * Server-only options of a route: how it is served, never what it accepts or answers; an
 * operator's limits (config.ts) in place of the contract's.
 */
export type RouteExtras = Pick<RouteOptions, 'compress' | 'bodyLimit'> & {
  perMinute?: number;
  perAccountPerMinute?: number;
};

/**
 * An operator's limit per account a minute in place of the contract's (the documents'
 * `DOCUMENT_RATE_LIMIT`), a client address allowed twice as many; null keeps the contract's.
 */
export const perAccountLimit = (
  perAccount: number | null,
): Pick<RouteExtras, 'perMinute' | 'perAccountPerMinute'> =>
  perAccount ? { perAccountPerMinute: perAccount, perMinute: 2 * perAccount } : {};

/** The Cache-Control of an answer meant for its caller alone. */
export const PRIVATE_ANSWER = 'private, no-store';

/**
 * An answer about an account (its orders, cart, profile) or the back office is its caller's
 * alone: no shared cache may keep it, nor the browser's disk. Set before the guard runs, so its
 * refusals say so too; the public reads keep their own caching (lib/send-cached.ts).
 */
function privateAnswer(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  reply.header('cache-control', PRIVATE_ANSWER);
  done();
}

/**
 * The per-account limit of a contract's `perAccountPerMinute`, run after its guard: counted by
 * @fastify/rate-limit's store, like the per-address limits, keyed by the signed-in account, so
 * one account cannot spread a burst over many addresses. Over it: 429 with Retry-After.
 */
function accountLimit(app: FastifyInstance, perMinute: number) {
  const count = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `account:${request.sessionUser?.id ?? ''}`,
  });
  return async function perAccount(request: FastifyRequest, reply: FastifyReply) {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('too_many', says.tooManyRequests);
  };
}

/**
 * Registers the route of one endpoint contract (packages/shared/src/api): its method and path,
 * its guard from `access` (on `onRequest`, so a caller who may not call it is refused before its
 * input is even read) with its private caching, its rate limits (per address, per account), and its schemas for validation, serialisation and the
 * OpenAPI document. The handler returns the success body; the contract's status is sent with it.
 */
export async function route<S extends EndpointSchemas, A extends Access>(
  app: FastifyInstance,
  guards: Guards,
  contract: Endpoint<S, A>,
  handler: RouteHandler<Endpoint<S, A>>,
  extras: RouteExtras = {},
): Promise<void> {
  const schemas = await contract.schemas();
  const status = contract.status ?? 200;
  const guard =
    contract.access === 'admin'
      ? guards.requireAdmin
      : contract.access === 'user'
        ? guards.requireUser
        : null;
  const { perMinute: ownPerMinute, perAccountPerMinute: ownPerAccount, ...options } = extras;
  const perMinute = ownPerMinute ?? contract.perMinute;
  const perAccountPerMinute = ownPerAccount ?? contract.perAccountPerMinute;
  const perAccount = guard && perAccountPerMinute ? accountLimit(app, perAccountPerMinute) : null;
  app.route({
    method: contract.method,
    url: contract.path,
    // Every endpoint that is not public answers privately (`privateAnswer`).
    ...(guard ? { onRequest: [privateAnswer, guard, ...(perAccount ? [perAccount] : [])] } : {}),
    // The contract rides along for the OpenAPI document, which states its statuses (plugins/openapi.ts).
    config: {
      contract,
      ...(perMinute ? { rateLimit: { max: perMinute, timeWindow: '1 minute' } } : {}),
    },
    ...options,
    schema: {
      tags: [...contract.tags],
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      ...(contract.consumes ? { consumes: [contract.consumes] } : {}),
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body ? { body: schemas.body } : {}),
      response: { [status]: schemas.response },
    },
    // Not async: a handler that answers at once costs no promise. Fastify sends what it throws.
    handler(request, reply) {
      const context: unknown = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        ...(guard ? { user: signedIn(request) } : {}),
      };
      if (!isContextOf(contract, context))
        throw new Error(`${contract.path}: a guarded route without its caller`);
      // A handler that answered itself (sendCached, a stream) gives back the reply, which is a
      // thenable: a promise of it settles with undefined once the answer is out. Never send twice.
      const answer = (result: ResponseOf<Endpoint<S, A>> | FastifyReply | undefined) =>
        result === reply || reply.sent ? reply : reply.code(status).send(status === 204 ? null : result);
      const result = handler(context);
      return result instanceof Promise ? result.then(answer) : answer(result);
    },
  });
}

function signedIn(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError('unauthenticated', says.noUserLoggedIn);
  return request.sessionUser;
}
