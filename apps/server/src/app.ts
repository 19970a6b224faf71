import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { dailyBackup } from './backup/daily';
import { type Config, fastifyTrustProxy } from './config';
import type { Db } from './db/client';
import { PublicCache } from './lib/cache';
import type { SessionUser } from './lib/identity';
import { ReplayCache } from './lib/replay';
import { requestLoggerFactory } from './lib/request-logger';
import { SessionCache } from './lib/session-cache';
import { addressBookRoutes } from './modules/address-book/address-book.routes';
import { addressBookService } from './modules/address-book/address-book.service';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { archiveRoutes } from './modules/archive/archive.routes';
import { archiveService } from './modules/archive/archive.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { auditService } from './modules/audit/audit.service';
import { createAuth } from './modules/auth/auth';
import { cartRoutes } from './modules/cart/cart.routes';
import { cartService } from './modules/cart/cart.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { catalogService } from './modules/catalog/catalog.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { companiesService } from './modules/companies/companies.service';
import { statementsService } from './modules/companies/statements.service';
import { enquiriesRoutes } from './modules/enquiries/enquiries.routes';
import { enquiriesService } from './modules/enquiries/enquiries.service';
import { healthRoutes } from './modules/health/health.routes';
import { listsRoutes } from './modules/lists/lists.routes';
import { listsService } from './modules/lists/lists.service';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { MAX_UPLOAD_BYTES, mediaRoutes, uploadRoutes } from './modules/media/media.routes';
import { mediaService } from './modules/media/media.service';
import { countRequests, ShopMetrics } from './modules/metrics/metrics';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { newsletterService } from './modules/newsletter/newsletter.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { ordersService } from './modules/orders/orders.service';
import { overviewRoutes } from './modules/overview/overview.routes';
import { overviewService } from './modules/overview/overview.service';
import { registerLegalPages } from './modules/pages/pages.html';
import { pagesRoutes } from './modules/pages/pages.routes';
import { pagesService } from './modules/pages/pages.service';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { paymentsService } from './modules/payments/payments.service';
import { stripePaymentProvider } from './modules/payments/stripe-provider';
import { testPaymentProvider } from './modules/payments/test-provider';
import { priceListsRoutes } from './modules/price-lists/price-lists.routes';
import { priceListsService } from './modules/price-lists/price-lists.service';
import { quickOrderRoutes } from './modules/quick-order/quick-order.routes';
import { quickOrderService } from './modules/quick-order/quick-order.service';
import { quoteAnswers } from './modules/quotes/quotes.answers';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { quotesService } from './modules/quotes/quotes.service';
import { reachRoutes } from './modules/reach/reach.routes';
import { reachService } from './modules/reach/reach.service';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { reviewsService } from './modules/reviews/reviews.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { shopSettingsService } from './modules/settings/shop-settings.service';
import { usersRoutes } from './modules/users/users.routes';
import { usersService } from './modules/users/users.service';
import { vitalsRoutes } from './modules/vitals/vitals.routes';
import { guards, registerAuth } from './plugins/auth';
import { registerErrorHandling, unroutable } from './plugins/errors';
import { openApiOptions } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { serverPagesRenderer } from './plugins/server-pages';
import { registerWeb } from './plugins/web';
import { createScheduler, type ScheduledJob } from './scheduler/scheduler';
import { shopMetaService } from './seed/shop-meta';

export type Services = ReturnType<typeof createServices>;

function createServices(
  config: Config,
  database: Db,
  cache: PublicCache,
  sessions: SessionCache<SessionUser>,
  mailer: Mailer,
  log: FastifyBaseLogger,
  exportStallMs: number | undefined,
  metrics: ShopMetrics | null,
) {
  const { db } = database;
  const payments =
    config.paymentMode === 'stripe' && config.stripe
      ? stripePaymentProvider(config.stripe)
      : testPaymentProvider(db);
  // The catalogue shows yen at the settings' rate: a save of the settings drops it too.
  const shopSettings = shopSettingsService(db, cache, config.shop, () => catalog.changed());
  const catalog = catalogService(db, cache, () => shopSettings.yenTerms());
  const accountChanged = (userId: string) => sessions.forget(userId);
  // Price lists (decision 0060): every reader of a buyer's prices asks `termsOf`.
  const priceLists = priceListsService(db, cache);
  const { termsOf } = priceLists;
  const cart = cartService({ db, termsOf });
  // Payments depend on orders; orders only see the gate that payments give them.
  const billing = paymentsService({
    db,
    provider: payments,
    orders: () => orders,
    log,
    ...(metrics ? { metrics } : {}),
  });
  const orders = ordersService({
    db,
    copyCsv: database.copyCsv,
    exportStallMs,
    gate: billing.gate,
    mailer,
    log,
    holdMs: config.orderHoldMs,
    maxUnpaidOrders: config.maxUnpaidOrders,
    maxUnpaidValueCents: config.maxUnpaidValueCents,
    shopEmail: config.shopEmail,
    shop: config.shop,
    settings: {
      orderTerms: shopSettings.orderTerms,
      details: shopSettings.details,
      // Bank transfers' account (docs/orders.md, "Bank transfers"), from the settings kept in memory.
      bankDetails: async () => (await shopSettings.get()).settings.bank,
    },
    wholeSettings: async () => (await shopSettings.get()).settings,
    publicUrl: config.publicUrl,
    stockChanged: catalog.changed,
    takeFromCart: cart.takeOrdered,
    termsOf,
    ...(metrics ? { metrics } : {}),
    // An overdue statement stops new orders on account (decisions 0069, 0076): how it is said.
    accountHold: (userId) => statements.refuseOverdue(userId),
  });
  const media = mediaService(db);
  const pages = pagesService(db, cache);
  // The archive of issued documents (modules/documents, decision 0052).
  const documents = archiveService(db, config.shop.timeZone);
  const companies = companiesService({
    db,
    mailer,
    log,
    publicUrl: config.publicUrl,
    timeZone: config.shop.timeZone,
    termsChanged: priceLists.termsChanged,
  });
  // Monthly statements and money received on account (decision 0069), issued as documents.
  const statements = statementsService({
    db,
    mailer,
    log,
    publicUrl: config.publicUrl,
    timeZone: config.shop.timeZone,
    settings: async () => (await shopSettings.get()).settings,
    ownerOrAdminOf: companies.ownerOrAdmin,
  });
  // Quotes (見積書): accepted through the orders' own placing path, never a second one.
  const answers = quoteAnswers({
    db,
    mailer,
    log,
    publicUrl: config.publicUrl,
    timeZone: config.shop.timeZone,
    maxUnpaidOrders: config.maxUnpaidOrders,
    maxUnpaidValueCents: config.maxUnpaidValueCents,
    wholeSettings: async () => (await shopSettings.get()).settings,
    orders,
    stockChanged: catalog.changed,
  });
  return {
    /** The payment provider (test processor or Stripe). */
    payments,
    billing,
    orders,
    cart,
    enquiries: enquiriesService({ db, mailer, shopEmail: config.shopEmail, log }),
    quotes: quotesService({ db, mailer, log, settings: async () => (await shopSettings.get()).settings }),
    quoteAnswers: answers,
    auth: createAuth(config, db, mailer, accountChanged),
    catalog,
    shopSettings,
    reviews: reviewsService(db, cache),
    media,
    documents,
    newsletter: newsletterService(db),
    users: usersService(db, accountChanged),
    overview: overviewService(db, pages.toComplete),
    pages,
    meta: shopMetaService(db),
    quickOrder: quickOrderService(db, termsOf),
    priceLists,
    // Saved lists reach the cart, and an order made into a list, through their public functions only.
    lists: listsService(db, cart, { orderedBy: orders.orderedBy }, termsOf),
    addressBook: addressBookService(db),
    // Trade accounts: a member's price list falls back to their company's (termsOf reads it).
    companies,
    statements,
    mailer,
    /** The shop's timed work, started by `buildApp` outside tests (tests start it themselves). */
    scheduler: createScheduler(
      db,
      [
        ...scheduledWork({ orders, media, backup: dailyBackup(database, config, log) }),
        // A quote past its valid-until time expires, and the stock it held goes back on sale.
        { name: 'expire-quotes', everyMs: 60_000, run: () => answers.expireLapsed() },
        // An invoice whose order was cancelled or refunded gets its credit note (decision 0052);
        // reading the archive issues those due at once too.
        { name: 'issue-credit-notes', everyMs: 60_000, run: () => documents.issueCreditNotes() },
        // Each company's statement on its closing day, once (decision 0069).
        { name: 'issue-statements', everyMs: 15 * 60_000, run: () => statements.issueDue() },
        // A statement not paid is mailed three days before its due date and on its first overdue day.
        { name: 'remind-statements', everyMs: 60 * 60_000, run: () => statements.remindDue() },
      ],
      { log },
    ),
  };
}

/**
 * Everything the shop does on a clock, run by the one scheduler (scheduler/scheduler.ts): each
 * run once across instances, its next time kept in the database. Each must be idempotent: a
 * run cut short by a crash is run again.
 */
export function scheduledWork(services: {
  orders: {
    releaseExpiredHolds(): Promise<unknown>;
    retryOwedRefunds(): Promise<unknown>;
    remindTransfers(): Promise<unknown>;
  };
  media: { removeUnused(cutoff: Date): Promise<unknown> };
  /** The embedded database's daily backup (backup/daily.ts); none on PostgreSQL. */
  backup?: (() => Promise<unknown>) | null;
}): ScheduledJob[] {
  const { backup } = services;
  return [
    // Unpaid orders hold their stock for a while (ORDER_HOLD_HOURS); then it goes back on sale.
    { name: 'release-expired-holds', everyMs: 60_000, run: () => services.orders.releaseExpiredHolds() },
    // A refund the provider could not make when the shop cancelled a paid order is tried again.
    { name: 'retry-owed-refunds', everyMs: 15 * 60_000, run: () => services.orders.retryOwedRefunds() },
    // A bank-transfer order's buyer is reminded, once, two days before its hold ends.
    { name: 'remind-transfers', everyMs: 15 * 60_000, run: () => services.orders.remindTransfers() },
    // Pictures uploaded but never used (or replaced) go after a day's grace.
    {
      name: 'remove-unused-pictures',
      everyMs: 60 * 60_000,
      run: () => services.media.removeUnused(new Date(Date.now() - 24 * 60 * 60_000)),
    },
    // The embedded database backs itself up into DATA_DIR/backups: looked at hourly, written
    // when the newest there is a day old, the newest BACKUP_KEEP kept (decision 0031).
    ...(backup ? [{ name: 'daily-backup', everyMs: 60 * 60_000, firstAfterMs: 60_000, run: backup }] : []),
  ];
}

/** Builds the whole application on an open, migrated database. Tests call `app.inject`. */
export async function buildApp(
  config: Config,
  database: Db,
  options: {
    mailer?: Mailer;
    /** How long an export's client may read nothing before it is cut off (default: orders.export.ts). */
    exportStallMs?: number;
  } = {},
): Promise<{ app: FastifyInstance; services: Services; cache: PublicCache }> {
  // Prometheus metrics (/metrics) only when METRICS_TOKEN is set: otherwise nothing is counted.
  const metrics = config.metricsToken ? new ShopMetrics(database) : null;
  // The hot public reads are answered before Fastify once it has answered them (lib/replay.ts);
  // the replays are counted there, as the requests Fastify answers are in `countRequests`.
  const replays = new ReplayCache(
    metrics ? (method, route, status) => metrics.request(method, route, status) : undefined,
  );
  const app = Fastify({
    serverFactory: replays.serverFactory,
    logger: { level: config.logLevel },
    // Access logs for every successful read are noise and cost a fifth of a hot read's CPU;
    // writes, errors and slow requests are logged below.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLoggerFactory,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // A path parameter may be an e-mail address (up to 254 characters, more once encoded).
    routerOptions: { maxParamLength: 1024 },
    // A path the router cannot read (bad encoding, a parameter longer than that) is an invalid
    // request, answered in the one error body like every other (plugins/errors.ts).
    frameworkErrors: unroutable,
    // A client that trickles its headers or body, or sits idle, is cut off (408 or closed)
    // instead of holding a connection (and a file descriptor) open for ever.
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: config.timeouts.checkIntervalMs,
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON bodies only (docs/api.md, "The API contract"): no text/plain parser, so anything else is a 415.
  app.removeContentTypeParser('text/plain');

  // Losing and regaining the connection that hears other instances' changes is logged here.
  database.changes.logTo(app.log);
  const cache = new PublicCache(database.changes, (topic) => app.log.error({ topic }, 'cache notice failed'));
  await cache.start();
  const sessions = new SessionCache<SessionUser>(database.changes);
  await sessions.start();
  const services = createServices(
    config,
    database,
    cache,
    sessions,
    options.mailer ?? createMailer(config, app.log),
    app.log,
    options.exportStallMs,
    metrics,
  );
  const guard = guards(services.auth, sessions);

  // Callback style, as every hook that runs on each request: an async hook costs promises.
  app.addHook('onResponse', function logWritesErrorsAndSlowReads(request, reply, done) {
    const ms = reply.elapsedTime;
    if (request.method !== 'GET' || reply.statusCode >= 400 || ms > 1000) {
      request.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) },
        'request',
      );
    }
    done();
  });
  if (metrics) countRequests(app, metrics);
  registerErrorHandling(app, config);
  replays.register(app);
  await registerSecurity(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, openApiOptions(config, guard));
  await registerAuth(app, services.auth, config);

  // Every API route is registered from its contract in packages/shared/src/api (lib/route.ts).
  await app.register(healthRoutes(database, guard));
  await app.register(catalogRoutes(services.catalog, guard, services.priceLists.termsOf));
  await app.register(reviewsRoutes(services.reviews, guard));
  // Multipart bodies are read only by the two picture uploads (a tool's, a profile's): the
  // plugin's clean-up hook then runs on their routes alone, not on every read.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
    await uploads.register(uploadRoutes(services.media, guard));
    await uploads.register(usersRoutes(services.users, guard));
  });
  await app.register(overviewRoutes(services.overview, guard));
  await app.register(pagesRoutes(services.pages, guard));
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  await app.register(newsletterRoutes(services.newsletter, guard));
  await app.register(vitalsRoutes(guard));
  await app.register(addressesRoutes(guard));
  await app.register(settingsRoutes(config, services.shopSettings, guard));
  await app.register(auditRoutes(auditService(database.db, config.shop.timeZone), guard));
  await app.register(archiveRoutes(services.documents, guard, config.documentRateLimit));
  await app.register(ordersRoutes(services.orders, guard, config.documentRateLimit));
  await app.register(cartRoutes(services.cart, guard));
  await app.register(enquiriesRoutes(services.enquiries, guard));
  await app.register(quotesRoutes(services.quotes, services.quoteAnswers, guard));
  await app.register(paymentsRoutes(services.billing, services.payments, guard));
  await app.register(quickOrderRoutes(services.quickOrder, guard));
  await app.register(listsRoutes(services.lists, guard));
  await app.register(priceListsRoutes(services.priceLists, guard));
  await app.register(addressBookRoutes(services.addressBook, guard));
  await app.register(companiesRoutes(services.companies, services.statements, guard));
  await app.register(mediaRoutes(services.media), { prefix: '/media' });
  if (metrics && config.metricsToken) await app.register(metricsRoutes(metrics, config.metricsToken));
  // robots.txt, the sitemap and the product feeds (modules/reach/); a robots.txt the web app's build
  // ships is served as it is.
  await app.register(
    reachRoutes(reachService(services.catalog, config.publicUrl), {
      robots: !config.webDist || !existsSync(path.join(config.webDist, 'robots.txt')),
    }),
  );
  const renderer = serverPagesRenderer(
    config,
    {
      tools: (query) => services.catalog.list(query),
      reviews: (query) => services.reviews.list(query),
      tool: ({ slug }) => services.catalog.toolPage(slug),
      toolReviews: ({ slug }) => services.reviews.toolPage(slug),
    },
    app.log,
  );
  // The owner's legal pages at /legal/{slug} and /ja/legal/{slug}, rendered on the server (docs/pages.md).
  await registerLegalPages(app, config, services.pages, renderer);
  await registerWeb(app, config, renderer, services.catalog);

  app.addHook('onClose', () => cache.flush());
  app.addHook('onClose', async () => services.mailer.close?.());
  // Timed work runs from the one scheduler on the shop's database; tests start it when they want it.
  // Its hook is added last so that it runs first (Fastify runs onClose hooks last added first):
  // a job still running when the shop closes finishes with the mailer and the caches still there.
  if (config.env !== 'test') await services.scheduler.start();
  app.addHook('onClose', () => services.scheduler.stop());

  return { app, services, cache };
}
