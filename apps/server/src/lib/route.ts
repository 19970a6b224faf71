import type {
  Access,
  Empty,
  Endpoint,
  EndpointSchemas,
  ParsedRequestOf,
  ResponseOf,
} from '@kanna/shared/api/endpoint';
import { messages } from '@kanna/shared/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
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

/** A handler may answer at once (a kept answer, sent with no promise) or later. */
export type RouteHandler<E> = (context: RouteContext<E>) => Ready<ResponseOf<E> | FastifyReply>;

/** Server-only options of a route: how it is served, never what it accepts or answers. */
export type RouteExtras = Pick<RouteOptions, 'compress' | 'bodyLimit'>;

/**
 * Registers the route of one endpoint contract (packages/shared/src/api): its method and path,
 * its guard from `access` (on `onRequest`, so a caller who may not call it is refused before its
 * input is even read), its rate limit, and its schemas for validation, serialisation and the
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
  app.route({
    method: contract.method,
    url: contract.path,
    ...(guard ? { onRequest: guard } : {}),
    // The contract rides along for the OpenAPI document, which states its statuses (plugins/openapi.ts).
    config: {
      contract,
      ...(contract.perMinute ? { rateLimit: { max: contract.perMinute, timeWindow: '1 minute' } } : {}),
    },
    ...extras,
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
      // The schemas above parsed params, query and body before this runs: the types hold.
      const context = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        ...(guard ? { user: signedIn(request) } : {}),
      } as unknown as RouteContext<Endpoint<S, A>>;
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
  if (!request.sessionUser) throw new AppError('unauthenticated', messages.noUserLoggedIn);
  return request.sessionUser;
}
