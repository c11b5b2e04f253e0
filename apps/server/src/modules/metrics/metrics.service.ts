import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseConnections } from '../../db/client.js';
import type { IngestSource, StoredCall, TelemetryPipeline } from '../../ingest/types.js';

/** Open tracker connections per protocol; main.ts hands in the listeners' once they listen. */
export type TrackerConnections = () => Promise<Record<'gt06' | 'osmand', number>>;

const PROTOCOLS: readonly IngestSource['protocol'][] = ['gt06', 'osmand', 'traccar', 'simulator'];

/** Seconds from a tracker's report to its answer: a GT06 ack, OsmAnd's 200. */
const ACK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Prometheus metrics of this instance (`GET /metrics`): positions stored, ack latency, the pipeline's
 * queue, tracker connections, live WebSocket clients, database connections and Node's own process
 * metrics. Counting costs the pipeline one call per stored batch; the gauges are read at scrape time.
 */
export function createMetricsService(deps: {
  pipeline: Pick<TelemetryPipeline, 'observe' | 'queuedPositions'>;
  liveClients(): number;
  databaseConnections(): DatabaseConnections;
}) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  let trackerConnections: TrackerConnections | null = null;

  const stored = new Counter({
    name: 'pantau_positions_stored_total',
    help: 'Positions durably stored, by the protocol they came in by',
    labelNames: ['protocol'] as const,
    registers,
  });
  // Every source from the start, so a rate over a fresh instance has its series.
  for (const protocol of PROTOCOLS) stored.inc({ protocol }, 0);
  const ackLatency = new Histogram({
    name: 'pantau_ack_latency_seconds',
    help: "Time from a tracker's report to its answer (GT06 ack, OsmAnd 200), once stored",
    labelNames: ['protocol'] as const,
    buckets: ACK_BUCKETS,
    registers,
  });
  for (const protocol of PROTOCOLS) ackLatency.zero({ protocol });
  new Gauge({
    name: 'pantau_pipeline_queued_positions',
    help: 'Positions accepted and waiting for a batch to store them',
    registers,
    collect() {
      this.set(deps.pipeline.queuedPositions());
    },
  });
  new Gauge({
    name: 'pantau_tracker_connections',
    help: 'Open tracker connections: GT06 TCP sessions, OsmAnd HTTP keep-alive connections',
    labelNames: ['protocol'] as const,
    registers,
    async collect() {
      if (!trackerConnections) return;
      const open = await trackerConnections();
      this.set({ protocol: 'gt06' }, open.gt06);
      this.set({ protocol: 'osmand' }, open.osmand);
    },
  });
  new Gauge({
    name: 'pantau_live_clients',
    help: 'Open live WebSocket connections (/api/live)',
    registers,
    collect() {
      this.set(deps.liveClients());
    },
  });
  const pool = deps.databaseConnections;
  new Gauge({
    name: 'pantau_db_pool_connections',
    help: 'Open database connections (the embedded database has one)',
    registers,
    collect() {
      this.set(pool().total);
    },
  });
  // node-postgres tells its idle connections and waiting queries; PGlite has its one connection only.
  if (pool().idle !== null)
    new Gauge({
      name: 'pantau_db_pool_idle_connections',
      help: 'Idle database connections in the pool',
      registers,
      collect() {
        this.set(pool().idle ?? 0);
      },
    });
  if (pool().waiting !== null)
    new Gauge({
      name: 'pantau_db_pool_waiting_queries',
      help: 'Queries waiting for a free database connection',
      registers,
      collect() {
        this.set(pool().waiting ?? 0);
      },
    });

  deps.pipeline.observe({
    stored(calls: readonly StoredCall[]) {
      // One counter step per protocol and batch; one observation per call (a GT06 burst is one call).
      let protocol = calls[0]?.protocol;
      let positions = 0;
      for (const call of calls) {
        if (call.protocol !== protocol) {
          if (positions > 0) stored.inc({ protocol }, positions);
          protocol = call.protocol;
          positions = 0;
        }
        positions += call.positions;
        // Answered even when every position was a duplicate: the tracker waited all the same.
        ackLatency.observe({ protocol: call.protocol }, call.waitedMs / 1000);
      }
      if (positions > 0) stored.inc({ protocol }, positions);
    },
  });

  return {
    contentType: registry.contentType,
    /** The text exposition of every metric. */
    render: () => registry.metrics(),
    /** Counts the tracker listeners' connections from now on. */
    watchTrackerConnections(source: TrackerConnections) {
      trackerConnections = source;
    },
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
