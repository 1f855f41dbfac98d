/**
 * The HTTP application: external plugins (security headers, cookies, OpenAPI), then the app's
 * own (errors, rate limits, auth, operation log), then one module per area.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { API_KEY_PREFIX } from '@sagano/domain/auth/api-key-schemas';
import type { Config } from './config.ts';
import type { JobSender } from './jobs/job-queue.ts';
import { ALL_JOBS } from './jobs/all-jobs.ts';
import { jobsRoutes, createJobsService } from './modules/jobs/index.ts';
import { gatewayFromConfig, type PaymentGateway, paymentsRoutes, createPaymentsService } from './modules/payments/index.ts';
import { type FileStorage, fileStorageFromConfig } from './modules/files/index.ts';
import { createSettlementsService, settlementsRoutes } from './modules/settlements/index.ts';
import { invoicesRoutes, createInvoicesService } from './modules/invoices/index.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { createSecretBox, SECRET_KEY_BYTES } from './lib/secret-box.ts';
import { authPlugin } from './plugins/auth.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { errorBody, errorsPlugin } from './plugins/errors.ts';
import { loggingRouterRefusals, operationLogPlugin } from './plugins/operation-log.ts';
import { createRateLimits, rateLimitsPlugin } from './plugins/rate-limits.ts';
import { frameworkErrors, guardedValidatorCompiler, MAX_PARAM_LENGTH } from './plugins/input-guard.ts';
import { DOCS_PREFIX, openapiDocsRoutes, registerOpenapi } from './plugins/openapi.ts';
import { API_AREAS } from './openapi-areas.ts';
import { requestsFirstPlugin } from './plugins/requests-first.ts';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts';
import type { Access, RegisteredRoute } from './plugins/route-config.ts';
import './plugins/route-config.ts';
import { approvalsRoutes, createApprovalsService } from './modules/approvals/index.ts';
import { arrangementsRoutes, createArrangementsService, registerApplicationTermApprovals } from './modules/arrangements/index.ts';
import { operationLogsRoutes } from './modules/audit/index.ts';
import { sealPlainTotpSecrets, createAuthService, authRoutes } from './modules/auth/index.ts';
import { bulkOperationsRoutes, createBulkOperationsService } from './modules/bulk-operations/index.ts';
import { backupRoutes } from './modules/backup/index.ts';
import { bookingsRoutes, createBookingsService, refuseBookingsOnStoppedTrains } from './modules/bookings/index.ts';
import { createSalesService, salesRoutes } from './modules/sales/index.ts';
import { seatsRoutes, createSeatsService } from './modules/seats/index.ts';
import { agentsRoutes } from './modules/agents/index.ts';
import { apiKeysRoutes, createApiKeysService } from './modules/api-keys/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { createDashboardService, dashboardRoutes } from './modules/dashboard/index.ts';
import { messagesRoutes } from './modules/messages/index.ts';
import { inventoryRoutes, createInventoryService, registerCalendarChangeApprovals } from './modules/inventory/index.ts';
import { bookingOfLink } from './modules/booking-core/index.ts';
import { outboxRoutes } from './modules/mail/index.ts';
import { mailKindsRoutes } from './modules/mail-previews/index.ts';
import { createPricingService, pricingRoutes } from './modules/pricing/index.ts';
import { createMasterDataService, masterDataRoutes } from './modules/master-data/index.ts';
import { createInstantConfirmationService, instantConfirmationRoutes, registerInstantConfirmationApprovals } from './modules/instant-confirmation/index.ts';
import { referenceRoutes } from './modules/reference/index.ts';
import { createReportsService, reportsRoutes } from './modules/reports/index.ts';
import { createTimetableService, timetableRoutes } from './modules/timetable/index.ts';
import { createUsersService, usersRoutes } from './modules/users/index.ts';
import { createWebhooksService, registerWebhookFormat, webhooksRoutes } from './modules/webhooks/index.ts';
import { createOctoService, octoRoutes } from './modules/octo/index.ts';
import { createRealtimeHub } from './realtime/realtime-hub.ts';
import { realtimeRoutes } from './realtime/realtime.routes.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the log's lines go instead of stdout (a test reads them). */
  logStream?: DestinationStream;
  /** Where units of work send their jobs after commit; none when this process runs no queue. */
  jobs?: JobSender;
  /** Where business decisions take "today" and "now" from; tests pin it (default: the system clock). */
  clock?: Clock;
  /** The card gateway; by default the one the configuration names (the sandbox unless PAYMENT_GATEWAY says otherwise). */
  gateway?: PaymentGateway;
  /** Where uploaded files keep their bytes; by default a folder under the data directory. */
  fileStorage?: FileStorage;
}

export async function buildApp({ config, database, logger = true, logStream, jobs, clock = systemClock, gateway, fileStorage = fileStorageFromConfig(config) }: AppOptions): Promise<FastifyInstance> {
  // With a certificate the server speaks HTTPS itself: HTTP/2 (a page's forty-odd modules over one
  // connection instead of six at a time, ADR 043), HTTP/1.1 for clients that do not offer h2.
  // Routes and hooks see the same request and reply either way, so the instance keeps its type.
  const https: Pick<FastifyHttp2SecureOptions<Http2SecureServer>, 'http2' | 'https'> | undefined = config.tls
    ? { http2: true, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } }
    : undefined;
  const app = Fastify({
    ...(https as object | undefined),
    // Secrets in URLs (tokens, checkout references, API keys) are replaced before a line is written.
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Refused by the router before any hook runs: logged there (API calls that change something).
    frameworkErrors: loggingRouterRefusals(database.db, frameworkErrors(securityHeaders())),
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    // The API reference page (routes of @fastify/swagger-ui, which takes no route config) is for signed-in accounts.
    if (route.url.startsWith(`${DOCS_PREFIX}/`) || route.url === DOCS_PREFIX) route.config = { ...route.config, access: 'authenticated' };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url, access: (route.config as { access?: Access } | undefined)?.access });
    }
  });
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  // API answers over 1 KiB are compressed when the client accepts it (brotli preferred); the web
  // app's assets come precompressed from the build, and event streams are never compressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // The embedded database has one connection: a job waits for the requests being answered before its next transaction (ADR 017).
  if (database.engine === 'pglite') await app.register(requestsFirstPlugin);
  await registerOpenapi(app, config, API_AREAS);

  const db = database.db;
  // Two-factor secrets are sealed with the configured key (the server always has one; see server.ts).
  if (!config.totpSecretKey) app.log.warn('TOTP_SECRET_KEY is not set: two-factor secrets set up now are sealed with a key that ends with this process');
  const secrets = createSecretBox(config.totpSecretKey ?? randomBytes(SECRET_KEY_BYTES));
  if (config.totpSecretKey) await sealPlainTotpSecrets(db, secrets);
  const auth = createAuthService({ db, config, secrets });
  await app.register(errorsPlugin);
  // Every answer timed by route template; /metrics only on METRICS_PORT at 127.0.0.1, never here (ADR 021).
  await app.register(metricsPlugin, { db, port: config.metricsPort });
  // Counted in the database, so every server on it enforces one limit (ADR 018); address limits before anything else.
  const limits = createRateLimits(db, { login: config.loginRateLimitPerMinute, apiKey: config.apiKeyRateLimitPerMinute });
  await app.register(rateLimitsPlugin, { limits, db });
  const apiKeys = createApiKeysService({ db });
  await app.register(authPlugin, { auth, limits, resolveApiKey: (key) => apiKeys.resolve(key) });
  await app.register(operationLogPlugin, { db, jobs });

  healthRoutes(app, { db });
  authRoutes(app, { auth, config });
  usersRoutes(app, { db, users: createUsersService({ auth }) });
  operationLogsRoutes(app, { db });
  outboxRoutes(app, { db });
  mailKindsRoutes(app, { db, publicUrl: config.publicUrl });
  referenceRoutes(app, { db });
  pricingRoutes(app, { db, pricing: createPricingService() });
  masterDataRoutes(app, { db, masterData: createMasterDataService({ db, fileStorage }) });
  // Timetable and arrangement changes are submitted to the approvals service; the approval job applies them.
  const approvals = createApprovalsService({ db });
  timetableRoutes(app, { timetable: createTimetableService({ db, clock, approvals }) });
  approvalsRoutes(app, { db, approvals });
  const arrangements = createArrangementsService({ db, approvals });
  registerApplicationTermApprovals(arrangements);
  arrangementsRoutes(app, { db, arrangements });
  // Instant confirmation rules are master data with approval; the bookings service tries them on each new request.
  const instantRules = createInstantConfirmationService({ db, approvals });
  registerInstantConfirmationApprovals(instantRules);
  instantConfirmationRoutes(app, { rules: instantRules });
  // Inventory sits below the booking flows: the bookings' suspension step and link look-up are handed in here.
  registerCalendarChangeApprovals(refuseBookingsOnStoppedTrains);
  inventoryRoutes(app, { db, inventory: createInventoryService({ db, refuseBookingsOnStoppedTrains }), bookingOfLink });
  const seats = createSeatsService({ db, publicUrl: config.publicUrl, clock });
  const bookings = createBookingsService({ db, publicUrl: config.publicUrl, clock, enabledRules: instantRules.enabledRules, assignSeats: seats.assign });
  bookingsRoutes(app, { db, clock, bookings, customerBooking: seats.customerBooking });
  // Endpoints' signing secrets are sealed with the same key as two-factor secrets (ADR 038).
  const webhooks = createWebhooksService({ db, secrets, rules: { allowLoopback: config.webhooksAllowLoopback } });
  // The OCTO supplier API (/octo, ADR 039): resellers book through the booking steps above; their
  // octo/webhooks endpoints are kept and delivered by the webhooks module, with the OCTO body.
  const octo = createOctoService({ db, clock, bookings, publicUrl: config.publicUrl, webhooks });
  registerWebhookFormat('OCTO', (delivery) => octo.renderWebhook(delivery));
  octoRoutes(app, { octo });
  seatsRoutes(app, { db, seats });
  notificationsRoutes(app, { db });
  dashboardRoutes(app, { dashboard: createDashboardService({ db, clock }) });
  messagesRoutes(app, { db, fileStorage, clock });
  agentsRoutes(app, { db, auth });
  apiKeysRoutes(app, { apiKeys });
  webhooksRoutes(app, { webhooks });
  const paymentGateway = gateway ?? gatewayFromConfig(config, { db, clock, jobs });
  paymentsRoutes(app, { db, clock, jobs, publicUrl: config.publicUrl, port: config.port, payments: createPaymentsService({ db, gateway: paymentGateway, clock, publicUrl: config.publicUrl, jobs }) });
  invoicesRoutes(app, { invoices: createInvoicesService({ db, clock, fileStorage }), db, clock });
  salesRoutes(app, { sales: createSalesService({ db }) });
  settlementsRoutes(app, { settlements: createSettlementsService({ db, clock, fileStorage, publicUrl: config.publicUrl, jobs }) });
  reportsRoutes(app, { reports: createReportsService({ reader: database }) });
  jobsRoutes(app, { jobs: createJobsService({ db, clock, jobs, definitions: ALL_JOBS }) });
  bulkOperationsRoutes(app, { bulk: createBulkOperationsService({ db, clock, fileStorage, publicUrl: config.publicUrl, jobs }) });
  backupRoutes(app, { database, config, fileStorage });
  // Live updates: the listener starts with the server (ready, or listen) and stops with it.
  const realtime = createRealtimeHub(database);
  app.addHook('onReady', () => realtime.start());
  app.addHook('onClose', () => realtime.stop());
  // An API key's stream (an agent's system) stands while the key is not revoked; a session's while the session does.
  const sessionStands = (token: string) => (token.startsWith(API_KEY_PREFIX) ? apiKeys.stands(token) : auth.sessionStands(token));
  realtimeRoutes(app, { hub: realtime, sessionStands, heartbeatMs: config.realtimeHeartbeatSeconds * 1000 });
  await openapiDocsRoutes(app);

  const webDist = config.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; index.html must always be fresh.
        res.header('cache-control', path.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/v1/') || request.url === '/v1' || request.url.startsWith('/octo/') || request.url === '/octo';
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('NOT_FOUND', `${request.method} ${request.url.split('?')[0]} not found`));
  });
  return app;
}
