import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { TelemetryPipeline } from '../ingest/pipeline.js';
import type { LiveHub } from '../plugins/live.js';
import type { TrackingService } from './tracking/tracking.service.js';

/**
 * What every management module (vehicles, drivers, fleets, users, profile, share links, audit) gets
 * from app.ts. Each registers its routes under `/api` with full paths, so app.ts never changes when a
 * module grows a route.
 */
export interface ManagementDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  /** Call `pipeline.refreshVehicles()` after any write to vehicles (tracker ids, speed limits, active flag). */
  pipeline: TelemetryPipeline;
  liveHub: LiveHub;
  trackingService: TrackingService;
}
