import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import { CATALOGUE_CHANNEL, MAIL_QUEUED_CHANNEL, ORDERS_CHANNEL, SESSIONS_CHANNEL } from './db/channels.js';
import type { Database, Db } from './db/client.js';
import { ensureOperator, seedCatalogueIfEmpty } from './db/seed/seed.js';
import { HealthAnswerSchema } from '@greencart/shared';
import { AppError } from './lib/app-error.js';
import { serializeError, serializeRequest } from './lib/log-serializers.js';
import { routeSchema } from './lib/route-schema.js';
import { notUtf8Body } from './lib/unstorable-text.js';
import { addressRoutes } from './modules/addresses/address-routes.js';
import { stockAlertRoutes } from './modules/stock-alerts/stock-alert-routes.js';
import { createStockAlertService, type StockAlertService } from './modules/stock-alerts/stock-alert-service.js';
import { createAddressService, type AddressService } from './modules/addresses/address-service.js';
import { cartRoutes } from './modules/cart/cart-routes.js';
import { createCartService, type CartService } from './modules/cart/cart-service.js';
import { chatRoutes } from './modules/chat/chat-routes.js';
import { createChatService, type ChatService } from './modules/chat/chat-service.js';
import { createImageService, type ImageService } from './modules/images/image-service.js';
import { catalogueImportRoutes } from './modules/catalogue-import/catalogue-import-routes.js';
import { createCatalogueImportService, type CatalogueImportService } from './modules/catalogue-import/catalogue-import-service.js';
import { createImageStorage } from './modules/images/image-storage.js';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment-routes.js';
import { createFulfilmentService, type FulfilmentService } from './modules/fulfilment/fulfilment-service.js';
import { settlementRoutes } from './modules/settlement/settlement-routes.js';
import { createSettlementService, type SettlementService } from './modules/settlement/settlement-service.js';
import { composeEveryMail, createMailSender, type MailSender, type MailSenderOptions } from './modules/mail/mail-sender.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { orderRoutes } from './modules/orders/order-routes.js';
import { couponRoutes } from './modules/coupons/coupon-routes.js';
import { createCouponService, type CouponService } from './modules/coupons/coupon-service.js';
import { createOrderService, type OrderService } from './modules/orders/order-service.js';
import { paymentRoutes } from './modules/payments/payment-routes.js';
import { createPayments, type Payments } from './modules/payments/payment-service.js';
import { productAdminRoutes } from './modules/product-admin/product-admin-routes.js';
import { createProductAdminService, type ProductAdminService } from './modules/product-admin/product-admin-service.js';
import { productRoutes } from './modules/products/product-routes.js';
import { createProductService, type ProductService } from './modules/products/product-service.js';
import { catalogueListThread } from './modules/products/catalogue-list-thread.js';
import { sellerRoutes } from './modules/seller/seller-routes.js';
import { createSellerService, type SellerService } from './modules/seller/seller-service.js';
import { userRoutes } from './modules/users/user-routes.js';
import { passwordResetRoutes } from './modules/users/password-reset-routes.js';
import { createUserService, type UserService } from './modules/users/user-service.js';
import { createPasswordReset, type PasswordReset } from './modules/users/password-reset.js';
import { createDeviceTokens, type DeviceTokens } from './modules/users/device-token.js';
import { sharedSecret } from './modules/users/device-token-repository.js';
import type { LoginClock } from './modules/users/password-login.js';
import { deliveryRoutes } from './modules/delivery/delivery-routes.js';
import { createDeliveryService, type DeliveryService } from './modules/delivery/delivery-service.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { registerBodyLimits } from './plugins/body-limits.js';
import { closeGracefully, connectionOptions, limitConnections } from './plugins/connections.js';
import { apiNotFound, answerFrameworkError, registerErrorHandler } from './plugins/error-handler.js';
import { createHousekeeping, scheduleHousekeeping, type Housekeeping } from './plugins/housekeeping.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTextInputCheck } from './plugins/text-input.js';
import { registerWeb } from './plugins/web.js';
import { createSitemaps } from './modules/products/sitemap.js';
import { sitemapRoutes } from './modules/products/sitemap-routes.js';
import { registerWriteQueue } from './plugins/write-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    images: ImageService;
    products: ProductService;
    users: UserService;
    passwordReset: PasswordReset;
    /** The logins' device tokens, signed with the key every instance shares (docs/decisions/0097). */
    deviceTokens: DeviceTokens;
    cart: CartService;
    /** Not `addresses`: Fastify already has `app.addresses()` (the listening sockets). */
    addressBook: AddressService;
    chat: ChatService;
    payments: Payments;
    orders: OrderService;
    coupons: CouponService;
    sellers: SellerService;
    productAdmin: ProductAdminService;
    catalogueImport: CatalogueImportService;
    fulfilment: FulfilmentService;
    settlement: SettlementService;
    delivery: DeliveryService;
    /** "Tell me when it's back" (decision 0290). */
    stockAlerts: StockAlertService;
    housekeeping: Housekeeping;
    mailSender: MailSender;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Seed the demo catalogue when the database has no product (default true). */
  seed?: boolean;
  logger?: boolean;
  /** The clock and sleep of the login limits (tests: no real waiting). */
  loginClock?: LoginClock;
  /** Instead of SMTP_URL or the outbox folder (tests: a mail server that fails, or counts). */
  mailer?: Mailer;
  /**
   * false: this app only queues mails and never sends them (tests: an instance that died before its
   * sender ran); otherwise the sender's timings (tests: short retries).
   */
  mailSender?: false | Partial<MailSenderOptions>;
  /** The sitemaps' rebuild spacing (`SITEMAP_REBUILD_SPACING`; tests that follow a change: a smaller one). */
  sitemapRebuildSpacing?: number;
  /**
   * false: the housekeeping's timers are not started (tests run each job when they check it: a job a timer started
   * mid-test, such as the new-order mails every minute, would add mails a test counts).
   */
  scheduledJobs?: false;
}

/** Webhooks are verified by signature, not by Origin/cookies. */
const ORIGIN_CHECK_EXEMPT = ['/api/stripe/webhook'];

/** Longer than any address Node reads (its request line and headers fit 16 KiB). */
const MAX_URL_LENGTH = 16 * 1024;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole shop as a Fastify instance; server.ts listens, tests call it with `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, serializers: { err: serializeError, req: serializeRequest } },
    // A hop count becomes a function: Fastify 5.12 takes a bare number to mean "trust no one".
    // With N hops, req.ip is the address the outermost of the N trusted proxies saw.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A segment longer than Fastify's 100 characters answered 414 with Fastify's own message: no route here has a
    // pattern to guard, so every address reaches its route, whose checks answer (a page: the 404 page).
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    ...connectionOptions(config),
    // Errors Fastify answers before routing (a malformed URL) keep the shop's shape and headers.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  const connections = limitConnections(app.server, { total: config.maxConnections, perAddress: config.maxConnectionsPerAddress });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // A client whose every request says `Content-Type: application/json` sends body-less calls (the seller's logout)
  // with no body: read as none, for the route's schema to judge, not Fastify's "Body cannot be empty…".
  // Bytes that are not UTF-8 are refused, not read as "�" and stored so (docs/decisions/0218).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const isJson = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(notUtf8Body());
    }
    // JSON the parser refuses for a `__proto__` key (or `constructor.prototype`), said as such: "not valid JSON" sent a
    // client looking for a syntax error that is not there (a probe).
    parseJson(request, text, (err, value) => {
      if (err && isJson(text)) err.message = 'The body is JSON, but a key named "__proto__" (or "constructor" holding "prototype") is not allowed';
      done(err, value);
    });
  });

  // No call reads plain text: a JSON body sent as text/plain is 415, as XML or a form is, not a string every schema
  // refuses as "expected object" (a probe of the API against its document).
  app.removeContentTypeParser('text/plain');

  const images = createImageService(createImageStorage(database, config.dataDir));
  // Before anything can write to the catalogue, so no change goes unheard (docs/decisions/0060).
  const catalogueChanges = await database.listen(CATALOGUE_CHANNEL);
  app.addHook('onClose', () => catalogueChanges.close());
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('images', images);
  // On PostgreSQL the whole list is built in a worker thread, off this event loop (docs/decisions/0135).
  const listThread = database.url ? catalogueListThread(database.url) : undefined;
  if (listThread) app.addHook('onClose', () => listThread.close());
  app.decorate('products', createProductService(database.db, images, catalogueChanges, { buildList: listThread?.build }));
  const cart = createCartService(database.db);
  app.decorate('cart', cart);
  const deviceTokens = createDeviceTokens(await sharedSecret(database.db, 'device-token'));
  app.decorate('deviceTokens', deviceTokens);
  app.decorate('users', createUserService(database.db, cart, deviceTokens, options.loginClock));
  const passwordReset = createPasswordReset({ db: database.db, secret: await sharedSecret(database.db, 'password-reset'), publicUrl: config.publicUrl, clock: options.loginClock });
  app.decorate('passwordReset', passwordReset);
  app.decorate('addressBook', createAddressService(database.db));
  app.decorate('stockAlerts', createStockAlertService({ db: database.db, products: app.products, publicUrl: config.publicUrl, currency: config.currency }));
  const payments = createPayments(config);
  app.decorate('payments', payments);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  app.decorate('delivery', createDeliveryService({ db: database.db, timeZone: config.storeTimeZone }));
  app.decorate('coupons', createCouponService({ db: database.db, config, catalogue: app.products, delivery: app.delivery }));
  app.decorate(
    'orders',
    createOrderService({
      db: database.db,
      config,
      payments: payments.gateway,
      notify: database.notify,
      catalogue: app.products,
      delivery: app.delivery,
      cart,
      coupons: app.coupons,
      log: app.log,
    }),
  );
  // Order e-mails are queued by the actions' transactions and sent from here, by whichever instance
  // claims each (docs/decisions/0083); shutting down waits for the sends under way.
  const mailQueued = await database.listen(MAIL_QUEUED_CHANNEL);
  app.addHook('onClose', () => mailQueued.close());
  app.decorate(
    'sellers',
    createSellerService({
      db: database.db,
      devices: deviceTokens,
      clock: options.loginClock,
      confirmSecret: await sharedSecret(database.db, 'seller-confirm'),
      publicUrl: config.publicUrl,
      currency: config.currency,
      products: app.products,
      resetLink: passwordReset.shopLink,
    }),
  );
  const mailSender = createMailSender({
    db: database.db,
    mailer,
    compose: composeEveryMail({ orders: app.orders.composeQueuedMails, shops: app.sellers.composeQueuedMails, accounts: passwordReset.composeQueuedMails, alerts: app.stockAlerts.composeQueuedMails }),
    queued: mailQueued,
    log: app.log,
    options: options.mailSender || undefined,
  });
  app.decorate('mailSender', mailSender);
  if (options.mailSender !== false) {
    app.addHook('onReady', async () => mailSender.start());
    app.addHook('onClose', () => mailSender.stop());
  }
  database.onConnectionLost((err) => app.log.warn({ err }, 'a database connection was lost; the next query opens a new one'));
  app.decorate('productAdmin', createProductAdminService({ db: database.db, images, products: app.products }));
  app.decorate('catalogueImport', createCatalogueImportService({ db: database.db, images, products: app.products }));
  const orderChanges = await database.listen(ORDERS_CHANNEL);
  app.addHook('onClose', () => orderChanges.close());
  app.decorate('settlement', createSettlementService({ db: database.db, payments: payments.gateway, log: app.log, publicUrl: config.publicUrl, currency: config.currency, timeZone: config.storeTimeZone }));
  app.decorate(
    'fulfilment',
    createFulfilmentService({
      db: database.db,
      payments: payments.gateway,
      orders: app.orders,
      settlement: app.settlement,
      changes: orderChanges,
      log: app.log,
      timeZone: config.storeTimeZone,
      currency: config.currency,
    }),
  );
  app.decorate('chat', createChatService({ config, onlinePayment: app.payments.gateway.takesPayments, products: app.products, orders: app.orders, delivery: app.delivery, shops: app.sellers, log: app.log }));

  registerSecurityHeaders(app);
  closeGracefully(app, connections, { drainMs: config.shutdownDrainMs });
  registerBodyLimits(app);
  registerTextInputCheck(app);
  if (database.driver === 'pglite') registerWriteQueue(app);
  // A compressed upload: the multipart routes read the request as it came, so a gzip body was never read through the
  // decompressor, which stalled it until the request timed out (2 minutes). Refused at once instead.
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (encoding && encoding !== 'identity' && request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form uncompressed: a multipart upload takes no Content-Encoding');
    }
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  registerOriginCheck(app, { exempt: ORIGIN_CHECK_EXEMPT });
  // Sessions are kept looked up until one ends on any instance (docs/decisions/0088).
  const sessionsEnded = await database.listen(SESSIONS_CHANNEL);
  app.addHook('onClose', () => sessionsEnded.close());
  await app.register(authPlugin, { ended: sessionsEnded });
  app.decorate('housekeeping', createHousekeeping(app, { embedded: database.driver === 'pglite' }));
  if (options.scheduledJobs !== false) scheduleHousekeeping(app, app.housekeeping);

  await registerApiDocs(app);
  const healthSchema = routeSchema(
    { tags: ['Operations'], summary: "This instance's health, for the load balancer", errors: ['SHUTTING_DOWN', 'DATABASE_BUSY', 'DATABASE_UNAVAILABLE'] },
    { response: { 200: HealthAnswerSchema } },
  );
  app.get('/healthz', { schema: healthSchema }, async () => {
    // A stopping instance tells the balancer to send it nothing more (docs/decisions/0094).
    if (app.stopping) throw new AppError('SHUTTING_DOWN', 'This instance is stopping');
    await database.db.execute('select 1');
    return { status: 'ok' as const, database: database.driver };
  });

  await app.register(
    async (api) => {
      api.setNotFoundHandler(apiNotFound);
      await api.register(productRoutes);
      await api.register(userRoutes);
      await api.register(passwordResetRoutes);
      await api.register(cartRoutes);
      await api.register(addressRoutes);
      await api.register(stockAlertRoutes);
      await api.register(chatRoutes);
      await api.register(orderRoutes);
      await api.register(couponRoutes);
      await api.register(sellerRoutes);
      await api.register(productAdminRoutes);
      await api.register(catalogueImportRoutes);
      await api.register(fulfilmentRoutes);
      await api.register(settlementRoutes);
      await api.register(deliveryRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(paymentRoutes);

  await app.register(sitemapRoutes, { sitemaps: createSitemaps(database.db, catalogueChanges, { publicUrl: config.publicUrl, shops: app.sellers, rebuildSpacing: options.sitemapRebuildSpacing }) });
  await registerWeb(app, {
    webDist: config.webDist,
    currency: config.currency,
    onlinePayment: payments.gateway.takesPayments,
    timeZone: config.storeTimeZone,
    publicUrl: config.publicUrl,
    products: app.products,
    shops: app.sellers,
    changes: catalogueChanges,
  });

  await database.runExclusive(async () => {
    await ensureOperator(database.db, config.seller.email, config.seller.password);
    if (options.seed !== false) {
      await seedCatalogueIfEmpty(database.db, images, (msg) => app.log.info(msg));
    }
  });
  return app;
}
