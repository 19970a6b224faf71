import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Db } from '../../db/client';
import type { OrderMetrics } from '../orders/orders.deps';
import type { PaymentMetrics, PaymentOutcome } from '../payments/payments.service';
import { type RequestCount, RequestSeries } from './request-series';

type PoolUse = ReturnType<NonNullable<Db['poolUse']>>;

/** The route label of a request Fastify matched to no route (a 404 of any path): one label for all. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route label of every static file of the web app (its hashed scripts and styles, the icons):
 * @fastify/static gives each file a route of its own, whose pattern is its path, so every build
 * would add new series. One label for all of them keeps the series few.
 */
const STATIC_ROUTE = 'static';

/**
 * Gauges prom-client's default metrics name like counters: each is the sum over its `type` label
 * of the gauge of the same name without `_total`, which stays. Dropped, so that the scrape passes
 * `promtool check metrics` (a non-counter never ends in `_total`).
 */
const GAUGES_NAMED_LIKE_COUNTERS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/**
 * Why placing refused an order (`kanna_orders_refused_total{reason}`), known from the start so
 * each series reads 0 before its first refusal: the outcomes of `place_orders` that refuse
 * (orders.placing.repository.ts), `changed` when the tools kept changing past the last attempt, and
 * `judged_<kind>` when the shared rules refused a line on a fresh read (orders.placing.ts).
 */
const REFUSAL_REASONS = [
  'changed',
  'no_buyer',
  'unverified',
  'too_many_unpaid',
  'too_much_unpaid',
  'over_half',
  'judged_invalid',
  'judged_conflict',
  'judged_not_found',
];

const PAYMENT_OUTCOMES: PaymentOutcome[] = ['succeeded', 'failed', 'refunded'];

/**
 * Request durations from a replayed read (~40 µs) to a slow export: finer than prom-client's
 * default buckets at the fast end.
 */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The shop's Prometheus metrics (docs/operations.md, "Metrics"), one registry per app instance (tests run several
 * apps in one process; prom-client's global registry would mix them). Made only when
 * METRICS_TOKEN is set: without it nothing is counted and no collector runs.
 *
 * Counting is cheap on purpose: a request costs a Map look-up and a few additions
 * (request-series.ts), an order or a payment one increment at the place its outcome is decided.
 * Pool use and the process's figures are read when scraped.
 */
export class ShopMetrics implements OrderMetrics, PaymentMetrics {
  readonly registry = new Registry();
  private readonly requests = new RequestSeries(this.registry, DURATION_BUCKETS);
  private readonly placed = new Counter({
    name: 'kanna_orders_placed_total',
    help: 'Orders placed',
    registers: [this.registry],
  });
  private readonly refused = new Counter({
    name: 'kanna_orders_refused_total',
    help: 'Orders refused when placed, by reason',
    labelNames: ['reason'],
    registers: [this.registry],
  });
  private readonly payments = new Counter({
    name: 'kanna_payments_total',
    help: 'Payments by outcome: succeeded (an order marked paid), failed (a card declined), refunded',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  constructor(database: Pick<Db, 'kind' | 'poolUse'>) {
    collectDefaultMetrics({ register: this.registry });
    for (const name of GAUGES_NAMED_LIKE_COUNTERS) this.registry.removeSingleMetric(name);
    for (const reason of REFUSAL_REASONS) this.refused.labels(reason).inc(0);
    for (const outcome of PAYMENT_OUTCOMES) this.payments.labels(outcome).inc(0);
    const poolUse = database.poolUse;
    if (database.kind === 'postgres' && poolUse) {
      // node-postgres's pool, read when scraped (the connection that listens is not in it).
      const gauge = (name: string, help: string, read: (use: PoolUse) => number) =>
        new Gauge({
          name,
          help,
          registers: [this.registry],
          collect() {
            this.set(read(poolUse()));
          },
        });
      gauge('kanna_db_pool_connections', 'Connections the database pool holds', (u) => u.total);
      gauge('kanna_db_pool_idle', 'Connections of the pool not in use', (u) => u.idle);
      gauge('kanna_db_pool_waiting', 'Queries waiting for a connection of the pool', (u) => u.waiting);
    } else {
      // The embedded database is one connection in the process, which queues its queries
      // itself: there is no idle or waiting count to read.
      new Gauge({
        name: 'kanna_db_pool_connections',
        help: 'Connections to the database (the embedded database: always one)',
        registers: [this.registry],
      }).set(1);
    }
  }

  /** The count of one method, route pattern and status (`UNMATCHED_ROUTE` when no route matched). */
  request(method: string, route: string, status: number): RequestCount {
    return this.requests.request(method, route, status);
  }

  orderPlaced(): void {
    this.placed.inc();
  }

  orderRefused(reason: string): void {
    this.refused.labels(reason).inc();
  }

  payment(outcome: PaymentOutcome): void {
    this.payments.labels(outcome).inc();
  }

  /** The text Prometheus reads, and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

/**
 * Counts every request Fastify answers, by its route's pattern (`/api/orders/:id`, never the raw
 * URL, and every static file under one label, so the series stay few), once it is sent (`reply.elapsedTime`). Callback style, as every
 * hook on each request. The hot reads replayed before Fastify (lib/replay.ts) never reach it:
 * the replay cache counts those itself, through the same `ShopMetrics.request`.
 */
export function countRequests(app: FastifyInstance, metrics: ShopMetrics): void {
  app.addHook('onResponse', function countRequest(request, reply, done) {
    const { url, config } = request.routeOptions;
    // @fastify/static marks the route of each file it serves with the file's path.
    const route = (config as { file?: string }).file !== undefined ? STATIC_ROUTE : (url ?? UNMATCHED_ROUTE);
    metrics.request(request.method, route, reply.statusCode)(reply.elapsedTime / 1000);
    done();
  });
}
