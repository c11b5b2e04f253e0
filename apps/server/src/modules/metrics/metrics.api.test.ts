import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicles } from '../../db/schema/index.js';
import { startTrackerListeners } from '../../ingest/listeners.js';
import { call, startTestApp, type TestApp } from '../../test/test-app.js';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample of the text exposition (`name` or `name{labels}`), or null. */
function sample(text: string, series: string): number | null {
  for (const line of text.split('\n'))
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  return null;
}

describe('GET /metrics without PANTAU_METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers 404 (problem+json), with or without a token', async () => {
    const cases: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }];
    for (const headers of cases) {
      const { res, status, json } = await call(t.url, '/metrics', { headers });
      expect(status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(json.code).toBe('NOT_FOUND');
    }
  });
});

describe('GET /metrics with PANTAU_METRICS_TOKEN', () => {
  let t: TestApp;
  let listeners: Awaited<ReturnType<typeof startTrackerListeners>>;
  let osmandUrl: string;
  let trackerId: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { metricsToken: TOKEN } });
    await t.app.ready();
    listeners = await startTrackerListeners({
      pipeline: t.app.pipeline,
      logger: t.app.log,
      host: '127.0.0.1',
      gt06Port: 0,
      osmandPort: 0,
    });
    t.app.metrics.watchTrackerConnections(() => listeners.connections());
    osmandUrl = `http://127.0.0.1:${listeners.ports.osmand}`;
    const [first] = await t.db.db
      .select({ trackerId: vehicles.trackerId })
      .from(vehicles)
      .where(eq(vehicles.aktif, true))
      .limit(1);
    trackerId = first!.trackerId;
  });
  afterAll(async () => {
    await listeners?.close();
    await t?.close();
  });

  const scrape = () => call(t.url, '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers 401 (problem+json) without a token or with a wrong one', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: 'Basic x' },
    ];
    for (const headers of cases) {
      const { res, status, json } = await call(t.url, '/metrics', { headers });
      expect(status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(json.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers the Prometheus text format with the bearer token', async () => {
    const { res, status, text } = await scrape();
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'pantau_positions_stored_total',
      'pantau_ack_latency_seconds',
      'pantau_pipeline_queued_positions',
      'pantau_tracker_connections',
      'pantau_live_clients',
      'pantau_db_pool_connections',
      // prom-client's process metrics
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    expect(sample(text, 'pantau_live_clients')).toBe(0);
    expect(sample(text, 'pantau_db_pool_connections')).toBeGreaterThanOrEqual(1);
    // node-postgres tells its idle connections and waiting queries; PGlite, one connection, does not.
    const pooled = t.db.kind === 'postgres';
    expect(sample(text, 'pantau_db_pool_idle_connections') !== null).toBe(pooled);
    expect(sample(text, 'pantau_db_pool_waiting_queries') !== null).toBe(pooled);
    expect(sample(text, 'pantau_positions_stored_total{protocol="gt06"}')).toBe(0);
  });

  it('counts open GT06 connections', async () => {
    const connections = () =>
      scrape().then(({ text }) => sample(text, 'pantau_tracker_connections{protocol="gt06"}'));
    expect(await connections()).toBe(0);
    const socket = connect(listeners.ports.gt06, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    await expect.poll(connections).toBe(1);
    socket.destroy();
    await expect.poll(connections).toBe(0);
  });

  it('counts positions stored and their acks after OsmAnd reports', async () => {
    const before = await scrape();
    const storedBefore = sample(before.text, 'pantau_positions_stored_total{protocol="osmand"}') ?? 0;
    const acksBefore = sample(before.text, 'pantau_ack_latency_seconds_count{protocol="osmand"}') ?? 0;
    const second = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 3; i++) {
      const time = second - 300 + i * 10;
      const res = await fetch(
        `${osmandUrl}/?id=${trackerId}&lat=-6.2&lon=106.8${i}&timestamp=${time}&speed=10`,
      );
      expect(res.status).toBe(200);
    }
    const after = await scrape();
    expect(sample(after.text, 'pantau_positions_stored_total{protocol="osmand"}')).toBe(storedBefore + 3);
    expect(sample(after.text, 'pantau_ack_latency_seconds_count{protocol="osmand"}')).toBe(acksBefore + 3);
    expect(sample(after.text, 'pantau_ack_latency_seconds_bucket{le="+Inf",protocol="osmand"}')).toBe(
      acksBefore + 3,
    );
    expect(sample(after.text, 'pantau_ack_latency_seconds_count{protocol="gt06"}')).toBe(0);
    expect(sample(after.text, 'pantau_pipeline_queued_positions')).toBe(0);
  });

  it('is not the web app and not in the API description', async () => {
    const spec = (await call(t.url, '/api/docs/json')).json as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
  });
});
