import fp from 'fastify-plugin';
import { metricsRoutes } from './metrics.routes.js';
import { createMetricsService, type TrackerConnections } from './metrics.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Metrics of what runs beside the app: main.ts hands in the tracker listeners' connections. */
    metrics: { watchTrackerConnections(source: TrackerConnections): void };
  }
}

/**
 * `GET /metrics` (Prometheus). Nothing is counted unless PANTAU_METRICS_TOKEN is set: without it the
 * route answers 404 and the pipeline has no observer.
 */
export const metricsModule = fp(
  async (app) => {
    const token = app.config.metricsToken;
    const metricsService = token
      ? createMetricsService({
          pipeline: app.pipeline,
          liveClients: () => app.liveHub.connections(),
          databaseConnections: () => app.database.connections(),
        })
      : null;
    app.decorate('metrics', {
      watchTrackerConnections: (source: TrackerConnections) =>
        metricsService?.watchTrackerConnections(source),
    });
    await app.register(metricsRoutes({ metricsService, token }));
  },
  {
    name: 'metrics',
    dependencies: ['auth', 'live', 'pipeline'],
    decorators: { fastify: ['config', 'database', 'pipeline', 'liveHub'] },
  },
);
