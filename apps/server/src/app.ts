import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { ingestPlugin, type IngestOptions } from './ingest/ingest.plugin.js';
import { activityModule } from './modules/activity/activity.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { carCarrierModule } from './modules/car-carrier/car-carrier.module.js';
import { availabilityModule } from './modules/availability/availability.module.js';
import { authModule, type AuthOptions } from './modules/auth/auth.module.js';
import { dashboardModule } from './modules/dashboard/dashboard.module.js';
import { exportsModule } from './modules/exports/exports.module.js';
import { driversModule } from './modules/drivers/drivers.module.js';
import { fleetsModule } from './modules/fleets/fleets.module.js';
import { geographyModule } from './modules/geography/geography.module.js';
import { healthModule } from './modules/health/health.module.js';
import { metricsModule } from './modules/metrics/metrics.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { profileModule } from './modules/profile/profile.module.js';
import { shareModule } from './modules/share/share.module.js';
import { trackersModule } from './modules/trackers/trackers.module.js';
import { trackingModule } from './modules/tracking/tracking.module.js';
import { unitsModule } from './modules/units/units.module.js';
import { usersModule } from './modules/users/users.module.js';
import { vehiclesModule } from './modules/vehicles/vehicles.module.js';
import { violationsModule } from './modules/violations/violations.module.js';
import { webModule } from './modules/web/web.module.js';
import { workOrdersModule } from './modules/work-orders/work-orders.module.js';
import { liveChannel, type LiveHubOptions } from './plugins/live.js';
import { createServer } from './plugins/server.js';
import { singletonsPlugin, type SingletonOptions } from './plugins/singletons.js';

export interface AppDeps extends AuthOptions, SingletonOptions {
  config: Config;
  db: Database;
  /** A pino logger; default: one at `config.logLevel`, pretty on a TTY. */
  logger?: FastifyBaseLogger;
  clock?: () => Date;
  /** Telemetry tuning (tests shorten the timers or turn the tick off). */
  telemetry?: IngestOptions &
    Pick<LiveHubOptions, 'flushMs' | 'pingMs' | 'snapshotWaitMs'> & { sessionCheckMs?: number };
}

/**
 * Builds the whole server (API, docs and web app) without listening; main.ts and the tests call it.
 * Each module registers its own routes, service and repo and declares what it needs; this is the list.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = await createServer({ ...deps, database: deps.db });
  const telemetry = deps.telemetry ?? {};
  // Which instance runs the time-based work, before the modules that have some.
  await app.register(singletonsPlugin, { singletonRetryMs: deps.singletonRetryMs });
  await app.register(authModule, { mailer: deps.mailer, loginLimits: deps.loginLimits });
  await app.register(healthModule);
  await app.register(unitsModule);
  await app.register(notificationsModule);
  // Before the modules whose reports it exports.
  await app.register(exportsModule);
  // The live channel, the pipeline that publishes to it, then the reads of the pipeline's state.
  await app.register(liveChannel, telemetry);
  await app.register(ingestPlugin, telemetry);
  await app.register(trackingModule);
  await app.register(trackersModule);
  await app.register(vehiclesModule);
  await app.register(driversModule);
  await app.register(fleetsModule);
  await app.register(geographyModule);
  await app.register(violationsModule);
  await app.register(activityModule);
  await app.register(workOrdersModule);
  await app.register(availabilityModule);
  await app.register(carCarrierModule);
  await app.register(dashboardModule);
  await app.register(usersModule);
  await app.register(profileModule);
  await app.register(shareModule);
  await app.register(auditModule);
  await app.register(metricsModule);
  await app.register(webModule);
  return app;
}
