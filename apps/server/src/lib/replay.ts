import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyServerFactory,
  FastifyServerOptions,
  onResponseHookHandler,
} from 'fastify';
import { type CachedBody, isCurrent } from './cache';
import { carriesSession } from './identity';
import { type Form, formFor, sentFromCache } from './send-cached';

/** One answer as Fastify wrote it: status, headers and body; and how to count it again (/metrics). */
type Recorded = {
  status: number;
  headers: ReturnType<FastifyReply['getHeaders']>;
  body: Buffer | null;
  count?: (seconds: number) => void;
};

/**
 * The request counter of the shop's metrics (modules/metrics): a replay is counted as the
 * request Fastify answered would be, under its route's pattern, with its own duration.
 */
export type CountRequest = (method: string, route: string, status: number) => (seconds: number) => void;

/** What was recorded for one URL: the cached answer, and each form of it sent so far. */
type Entry = { cached: CachedBody; forms: Map<Form, Recorded> };

/** Whether a `Vary` header names nothing but Accept-Encoding (which `formFor` chooses by). */
const variesOnlyByEncoding = (vary: Recorded['headers'][string]): boolean =>
  vary === undefined ||
  String(vary)
    .split(',')
    .every((name) => ['accept-encoding', ''].includes(name.trim().toLowerCase()));

/** At most so many URLs are kept (clients choose them); past that the record starts again. */
const MAX_REPLAYED_URLS = 256;

/** The options of Fastify's own HTTP/1 server (its lib/server.js), which this one keeps. */
type ServerTimeouts = Pick<
  FastifyServerOptions,
  'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket'
> & { http?: ServerOptions | null };

/**
 * The hot public reads answered before Fastify (docs/decisions/0021): a GET for a URL whose
 * cached answer (lib/cache.ts) Fastify has already sent gets the same status, headers and bytes
 * again, written straight to the socket. Everything the full path does for such a request —
 * route, hooks, query validation, security headers, ETag, compression — gave an answer that
 * depends only on the URL and the form chosen (`formFor`: 304, or which encoding), so the
 * replay is recorded from Fastify's own response (`record`, on `onResponse`) and never
 * rebuilt here.
 *
 * A replay is given only while its cached answer is current (`isCurrent`): a write that drops
 * the topic, here or on another instance, sends the next request down the full path, which
 * records the new answer. Anything else — another method, a request with a body, a form not
 * yet sent, a URL not recorded, a server closing — goes to Fastify.
 */
export class ReplayCache {
  private readonly entries = new Map<string, Entry>();
  private open = true;

  /** `countAs`: counts each replay for /metrics, as Fastify's `onResponse` counts the rest. */
  constructor(private readonly countAs?: CountRequest) {}

  /** Fastify's `serverFactory`: the server Fastify would make, asking this cache first. */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const o = options as ServerTimeouts;
    const server = createServer(o.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    if (o.keepAliveTimeout !== undefined) server.keepAliveTimeout = o.keepAliveTimeout;
    if (o.requestTimeout !== undefined) server.requestTimeout = o.requestTimeout;
    if (o.connectionTimeout !== undefined) server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };

  /** Records what Fastify sent from the cache, and stops replaying once the app closes. */
  register(app: FastifyInstance): void {
    const recordForReplay: onResponseHookHandler = (request, reply, done) => {
      const sent = sentFromCache(reply);
      if (sent && request.method === 'GET' && request.raw.url) {
        this.record(request.raw.url, sent.cached, sent.form, {
          status: reply.statusCode,
          headers: reply.getHeaders(),
          body: sent.body,
          // Only a matched route sends from the cache; never the URL as a label (unbounded).
          count: this.countAs?.('GET', request.routeOptions.url ?? 'unmatched', reply.statusCode),
        });
      }
      done();
    };
    app.addHook('onResponse', recordForReplay);
    app.addHook('preClose', (done) => {
      this.open = false;
      this.entries.clear();
      done();
    });
  }

  private answer(req: IncomingMessage, res: ServerResponse): boolean {
    const start = this.countAs ? performance.now() : 0;
    if (!this.open || req.method !== 'GET' || req.url === undefined) return false;
    const entry = this.entries.get(req.url);
    if (!entry) return false;
    if (!isCurrent(entry.cached)) {
      // A write since: what else was recorded is most likely out of date too.
      this.entries.clear();
      return false;
    }
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined)
      return false;
    // A signed-in caller may read at their own prices (a price list, decision 0060): Fastify decides.
    if (carriesSession(req.headers)) return false;
    let form: Form;
    try {
      form = formFor(req.headers, entry.cached);
    } catch {
      // Whatever a header could make go wrong is Fastify's to answer (and to catch) as before:
      // an error thrown here would end the process.
      return false;
    }
    const recorded = entry.forms.get(form);
    if (!recorded) return false;
    // The object Fastify itself gave writeHead (Fastify's header values are strings or lists).
    res.writeHead(recorded.status, recorded.headers as OutgoingHttpHeaders);
    res.end(recorded.body);
    recorded.count?.((performance.now() - start) / 1000);
    return true;
  }

  private record(url: string, cached: CachedBody, form: Form, answer: Recorded): void {
    if (!this.open || !isCurrent(cached)) return;
    if (answer.status !== (form === 'not-modified' ? 304 : 200) || answer.headers['set-cookie']) return;
    // A replay is chosen by the URL and the form alone: an answer that differs by any other
    // header (a page in the reader's language varies on Cookie and Accept-Language) is never one.
    if (!variesOnlyByEncoding(answer.headers.vary)) return;
    let entry = this.entries.get(url);
    if (entry?.cached !== cached) {
      if (this.entries.size >= MAX_REPLAYED_URLS) this.entries.clear();
      entry = { cached, forms: new Map() };
      this.entries.set(url, entry);
    }
    entry.forms.set(form, answer);
  }
}
