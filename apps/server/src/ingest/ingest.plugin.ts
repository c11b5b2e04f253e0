import fp from 'fastify-plugin';
import { createWriterLock } from '../db/writer-lock.js';
import { thresholdsFor } from '../live-state/thresholds.js';
import { defaultRules } from '../rules/index.js';
import { createPipeline, type PipelineDeps, type TelemetryPipeline } from './pipeline.js';
import { traccarForwardRoutes } from './traccar-forward.routes.js';

export type IngestOptions = Partial<
  Pick<PipelineDeps, 'batch' | 'tickMs' | 'liveWindowMs' | 'stateFlushMs' | 'rules'>
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The telemetry pipeline every tracker listener and the simulator feed (ingest/types.ts). */
    pipeline: TelemetryPipeline;
  }
}

/**
 * The telemetry pipeline (`app.pipeline`), publishing to the live channel, and Traccar's JSON
 * forwarding under `/api/ingest` (GT06 and OsmAnd listen on their own ports, main.ts). The pipeline
 * loads its vehicles when the app becomes ready (main.ts migrates before listening).
 */
export const ingestPlugin = fp<IngestOptions>(
  async (app, opts) => {
    const pipeline = createPipeline({
      db: app.db,
      clock: app.clock,
      logger: app.log,
      rules: opts.rules ?? defaultRules,
      thresholdsFor,
      publish: (event) => app.liveHub.publish(event),
      ownsTick: () => app.singletons.held,
      ...(app.database.newClient
        ? { writerLock: createWriterLock({ database: app.database, logger: app.log }) }
        : {}),
      retentionMonths: app.config.retentionMonths,
      ...(opts.batch ? { batch: opts.batch } : {}),
      ...(opts.tickMs !== undefined ? { tickMs: opts.tickMs } : {}),
      ...(opts.liveWindowMs ? { liveWindowMs: opts.liveWindowMs } : {}),
      ...(opts.stateFlushMs !== undefined ? { stateFlushMs: opts.stateFlushMs } : {}),
    });
    app.decorate('pipeline', pipeline);
    app.addHook('onReady', async () => pipeline.start());
    app.addHook('onClose', async () => pipeline.close());
    await app.register(traccarForwardRoutes({ pipeline, forwardToken: app.config.forwardToken }), {
      prefix: '/api/ingest',
    });
  },
  {
    name: 'pipeline',
    dependencies: ['auth', 'live', 'singletons'],
    decorators: { fastify: ['config', 'database', 'db', 'clock', 'singletons'] },
  },
);
