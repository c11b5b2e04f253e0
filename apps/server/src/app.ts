import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { healthResponse } from '@pantau/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createAuthRepo } from './modules/auth/auth.repo.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createTokenService } from './modules/auth/auth.tokens.js';
import { createLoginLimiter, defaultLoginLimits, type LoginLimits } from './modules/auth/login-limiter.js';
import { createLogMailer, createSmtpMailer, type Mailer } from './modules/auth/mailer.js';
import { createPipeline, type PipelineDeps, type TelemetryPipeline } from './ingest/pipeline.js';
import { traccarForwardRoutes } from './ingest/traccar-forward.routes.js';
import { thresholdsFor } from './live-state/thresholds.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createTrackersRepo } from './modules/trackers/trackers.repo.js';
import { trackersRoutes } from './modules/trackers/trackers.routes.js';
import { createTrackersService } from './modules/trackers/trackers.service.js';
import { createTrackingRepo } from './modules/tracking/tracking.repo.js';
import { trackingRoutes } from './modules/tracking/tracking.routes.js';
import { createTrackingService } from './modules/tracking/tracking.service.js';
import { createLiveHub, registerLive, type LiveHub, type LiveHubOptions } from './plugins/live.js';
import { defaultRules } from './rules/index.js';
import { createNotificationsRepo } from './modules/notifications/notifications.repo.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createUnitsRepo } from './modules/units/units.repo.js';
import { unitsRoutes } from './modules/units/units.routes.js';
import { createUnitsService } from './modules/units/units.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { driversRoutes } from './modules/drivers/drivers.routes.js';
import { fleetsRoutes } from './modules/fleets/fleets.routes.js';
import type { ManagementDeps } from './modules/management-deps.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { shareRoutes } from './modules/share/share.routes.js';
import { webRoutes } from './modules/web/web.routes.js';
import { registerAuthGuard } from './plugins/auth.js';
import { registerCompression } from './plugins/compress.js';
import { problemServerOptions, registerErrorHandling } from './plugins/errors.js';

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface AppDeps {
  config: Config;
  db: Database;
  /** A pino logger; default: one at `config.logLevel`, pretty on a TTY. */
  logger?: FastifyBaseLogger;
  /** Default: SMTP when `config.smtpUrl` is set, otherwise the server log. */
  mailer?: Mailer;
  clock?: () => Date;
  /** Failed sign-in limits (defaults: 5 per username and address, 30 per address, per 15 minutes). */
  loginLimits?: Partial<LoginLimits>;
  /** Telemetry tuning (tests shorten the timers or turn the tick off). */
  telemetry?: Pick<PipelineDeps, 'batch' | 'tickMs' | 'liveWindowMs' | 'stateFlushMs'> &
    Pick<LiveHubOptions, 'flushMs' | 'pingMs'> & { rules?: PipelineDeps['rules'] };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The telemetry pipeline every tracker listener and the simulator feed (ingest/types.ts). */
    pipeline: TelemetryPipeline;
    liveHub: LiveHub;
  }
}

/** Builds the whole server (API, docs and web app) without listening; main.ts and the tests call it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? (() => new Date());
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (main.ts resolves it)');

  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : {
          logger: {
            level: config.logLevel,
            ...(process.stdout.isTTY
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
              : {}),
          },
        }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    ...problemServerOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerCompression(app);

  // An empty JSON body (a bodiless POST with a JSON content type) is no body, not a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd styles with CSS-in-JS at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for the configurable map tile and style URLs.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Plain-HTTP installs on a LAN are normal: never rewrite same-origin requests to https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Pantau API',
        version,
        description: 'Fleet tracking dashboard API. Errors are application/problem+json.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const authRepo = createAuthRepo(db.db);
  const tokens = createTokenService({ secret: config.jwtSecret, clock });
  const limiter = createLoginLimiter({ ...defaultLoginLimits, ...deps.loginLimits }, clock);
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, log: app.log })
      : createLogMailer(app.log));
  const authService = createAuthService({ authRepo, tokens, limiter, mailer, clock });
  registerAuthGuard(app, { authService });

  const startedAt = Date.now();
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Health: `ok`, or `degraded` (HTTP 503) while the database does not answer',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const up = await db.ping();
      if (!up) reply.code(503).header('retry-after', '5');
      return {
        status: up ? ('ok' as const) : ('degraded' as const),
        version,
        database: db.kind,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    },
  );

  await app.register(
    authRoutes({ authService, publicUrl: config.publicUrl, allowedHosts: config.allowedHosts }),
    { prefix: '/api/auth' },
  );
  await app.register(
    unitsRoutes({ unitsService: createUnitsService({ unitsRepo: createUnitsRepo(db.db) }) }),
    {
      prefix: '/api/units',
    },
  );
  await app.register(
    notificationsRoutes({
      notificationsService: createNotificationsService({ notificationsRepo: createNotificationsRepo(db.db) }),
    }),
    { prefix: '/api/logs' },
  );

  // ── Telemetry: pipeline, live channel, tracking, dashboard, trackers ──
  // Reads take the pipeline's in-memory live states (they reach vehicle_state once a second).
  let pipelineRef: TelemetryPipeline | null = null;
  const trackingService = createTrackingService({
    trackingRepo: createTrackingRepo(db.db),
    clock,
    thresholdsFor,
    liveState: (vehicleId) => pipelineRef?.liveState(vehicleId) ?? null,
  });
  const dashboardService = createDashboardService({ trackingService });
  const liveHub = createLiveHub({
    summaryOf: (unitId) => dashboardService.summary(unitId),
    onError: (err) => app.log.error({ err }, 'live channel error'),
    ...(deps.telemetry?.flushMs ? { flushMs: deps.telemetry.flushMs } : {}),
    ...(deps.telemetry?.pingMs ? { pingMs: deps.telemetry.pingMs } : {}),
  });
  const pipeline = createPipeline({
    db: db.db,
    clock,
    logger: app.log,
    rules: deps.telemetry?.rules ?? defaultRules,
    thresholdsFor,
    publish: (event) => liveHub.publish(event),
    ...(deps.telemetry?.batch ? { batch: deps.telemetry.batch } : {}),
    ...(deps.telemetry?.tickMs !== undefined ? { tickMs: deps.telemetry.tickMs } : {}),
    ...(deps.telemetry?.liveWindowMs ? { liveWindowMs: deps.telemetry.liveWindowMs } : {}),
    ...(deps.telemetry?.stateFlushMs !== undefined ? { stateFlushMs: deps.telemetry.stateFlushMs } : {}),
  });
  pipelineRef = pipeline;
  app.decorate('pipeline', pipeline);
  app.decorate('liveHub', liveHub);
  // main.ts migrates before listening, so the pipeline loads its vehicles when the app becomes ready.
  app.addHook('onReady', async () => pipeline.start());
  app.addHook('onClose', async () => pipeline.close());
  await registerLive(app, {
    hub: liveHub,
    clock,
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
  });
  await app.register(trackingRoutes({ trackingService }), { prefix: '/api' });
  await app.register(dashboardRoutes({ dashboardService }), { prefix: '/api/dashboard' });
  await app.register(
    trackersRoutes({ trackersService: createTrackersService({ trackersRepo: createTrackersRepo(db.db) }) }),
    { prefix: '/api/trackers' },
  );
  // ── end telemetry ──

  // ── Management: each module registers full paths under /api ──
  const management: ManagementDeps = { db: db.db, config, clock, pipeline, liveHub, trackingService };
  for (const plugin of [vehiclesRoutes, driversRoutes, fleetsRoutes, usersRoutes, profileRoutes, shareRoutes])
    await app.register(plugin(management), { prefix: '/api' });
  await app.register(auditRoutes({ db: db.db }), { prefix: '/api/audit' });
  // ── end management ──

  // ── Tracker input over the API: Traccar's JSON forwarding (GT06/OsmAnd listen in main.ts) ──
  await app.register(traccarForwardRoutes({ pipeline, forwardToken: config.forwardToken }), {
    prefix: '/api/ingest',
  });

  await app.register(webRoutes({ webDist: config.webDist }));
  return app;
}
