import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse, problem } from '@pantau/contracts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../scripts/provision.mjs';
import { createGt06Server, type Gt06Server } from '../ingest/gt06-server.js';
import { createOsmandServer, type OsmandServer } from '../ingest/osmand-server.js';
import { BufferingTracker } from '../test/buffering-tracker.js';
import { call, startTestApp, type TestApp } from '../test/test-app.js';
import { fromPostgresUrl, type Database } from './client.js';
import { positions, units, vehicles } from './schema/index.js';

// This file restarts PostgreSQL, so it starts a cluster of its own (with the server's default
// durability) instead of using the shared test database. PGlite runs in-process: nothing to restart.
const onPostgres = Boolean(process.env.PANTAU_TEST_DATABASE_URL);

let cluster: ThrowawayPostgres;
let database: Database;
let t: TestApp;
let gt06: Gt06Server;
let gt06Port: number;
let osmand: OsmandServer;
let osmandUrl: string;
const fleet: BufferingTracker[] = [];
const imeis = ['861234000000001', '861234000000002', '861234000000003'];
let vehicleIds: number[];

/** Fix times (whole seconds, as GT06 sends them) counting up from an hour ago, never repeated. */
let nextFix = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const recordAll = (n: number) => {
  for (let k = 0; k < n; k++) {
    nextFix += 1000;
    for (const tracker of fleet) tracker.record(new Date(nextFix));
  }
};
const unacked = () => fleet.reduce((n, tracker) => n + tracker.unacked, 0);
const health = async () => {
  const { status, json } = await call(t.url, '/api/health');
  return { status, body: healthResponse.parse(json) };
};

/** Every fix each tracker got an ack for is a stored position of its vehicle. */
async function expectEveryAckStored() {
  const rows = await database.db
    .select({ vehicleId: positions.vehicleId, fixTime: positions.fixTime })
    .from(positions)
    .where(inArray(positions.vehicleId, vehicleIds));
  const stored = new Set(rows.map((r) => `${r.vehicleId}@${r.fixTime.getTime()}`));
  for (const [i, tracker] of fleet.entries()) {
    expect(tracker.acked.size).toBe(tracker.made);
    const missing = [...tracker.acked].filter((fix) => !stored.has(`${vehicleIds[i]}@${fix}`));
    expect(missing).toEqual([]);
  }
}

describe.skipIf(!onPostgres)('a PostgreSQL restart while trackers report (PostgreSQL runs only)', () => {
  beforeAll(async () => {
    cluster = startThrowawayPostgres({ durable: true });
    database = fromPostgresUrl(cluster.url);
    await database.migrate();
    const [unit] = await database.db.insert(units).values({ unitName: 'Restart' }).returning();
    const rows = await database.db
      .insert(vehicles)
      .values(
        imeis.map((trackerId, i) => ({
          unitId: unit!.unitId,
          trackerId,
          plateNumber: `B ${9100 + i} RS`,
          hullNumber: `RS-${i}`,
          vehicleClass: 'CC' as const,
          speedLimit: 80,
        })),
      )
      .returning();
    vehicleIds = imeis.map((imei) => rows.find((r) => r.trackerId === imei)!.vehicleId);
    t = await startTestApp({ db: database, deps: { telemetry: { tickMs: 0 } } });
    gt06 = createGt06Server({ pipeline: t.app.pipeline, logger: t.app.log });
    gt06Port = (await gt06.listen(0, '127.0.0.1')).port;
    osmand = createOsmandServer({ pipeline: t.app.pipeline, logger: t.app.log });
    osmandUrl = `http://127.0.0.1:${(await osmand.listen(0, '127.0.0.1')).port}`;
    for (const imei of imeis) {
      const tracker = new BufferingTracker({ port: gt06Port, imei, resendAfterMs: 10_000, reconnectMs: 200 });
      fleet.push(tracker);
      tracker.start();
    }
  });
  afterAll(async () => {
    for (const tracker of fleet) tracker.stop();
    await gt06?.close(1_000);
    await osmand?.close();

    await t?.close();
    await database?.close();
    cluster?.stop();
  });

  it('while the database is down: health is degraded (503), the API answers 503 DATABASE_UNAVAILABLE with Retry-After, GT06 fixes wait unacked and an OsmAnd request unanswered; once it is back every fix is acked and stored and health is ok', async () => {
    recordAll(3);
    await expect.poll(unacked, { timeout: 15_000 }).toBe(0);
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', database: 'postgres' } });

    await cluster.halt('immediate');
    await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe(503);
    expect((await health()).body.status).toBe('degraded');

    // Any API call that needs the database: a sign-in looks the user up.
    const login = await call(t.url, '/api/auth/login', { body: { username: 'admin', password: 'demo1234' } });
    expect(login.status).toBe(503);
    expect(login.res.headers.get('content-type')).toContain('application/problem+json');
    expect(login.res.headers.get('retry-after')).toBe('5');
    expect(problem.parse(login.json).code).toBe('DATABASE_UNAVAILABLE');

    // Fixes sent now are written once the database is back: their batch waits, unacked.
    const retriesBefore = t.logs.filter((l) => l.msg === 'database unavailable; retrying the batch').length;
    recordAll(4);
    await expect
      .poll(() => t.logs.filter((l) => l.msg === 'database unavailable; retrying the batch').length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(retriesBefore);
    expect(unacked()).toBe(4 * fleet.length);
    // An OsmAnd client's request waits too, and is answered once its position is stored.
    nextFix += 1000;
    const osmandFix = nextFix;
    const osmandAnswer = fetch(
      `${osmandUrl}/?id=${imeis[0]}&lat=-6.2&lon=106.8&timestamp=${osmandFix / 1000}`,
    );

    await cluster.start();
    await expect.poll(unacked, { timeout: 30_000 }).toBe(0);
    await expect.poll(async () => (await health()).body.status, { timeout: 15_000 }).toBe('ok');
    await expectEveryAckStored();
    expect((await osmandAnswer).status).toBe(200);
    const [stored] = await database.db
      .select({ fixTime: positions.fixTime })
      .from(positions)
      .where(and(eq(positions.vehicleId, vehicleIds[0]!), eq(positions.fixTime, new Date(osmandFix))));
    expect(stored).toBeDefined();
  });

  it('restarts mid-stream (-m fast, then -m immediate): ingestion resumes by itself and every acked fix is stored', async () => {
    for (const mode of ['fast', 'immediate'] as const) {
      let streaming = true;
      const stream = (async () => {
        while (streaming) {
          recordAll(1);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const ackedBefore = fleet[0]!.acked.size + 5;
      await expect.poll(() => fleet[0]!.acked.size, { timeout: 15_000 }).toBeGreaterThanOrEqual(ackedBefore);
      await cluster.restart(mode);
      // Fixes made after the restart are acked too: ingestion resumed without help.
      const ackedAfter = fleet[0]!.made + 5;
      await expect.poll(() => fleet[0]!.acked.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(ackedAfter);
      streaming = false;
      await stream;
      await expect.poll(unacked, { timeout: 30_000 }).toBe(0);
    }
    await expectEveryAckStored();
    expect((await health()).body.status).toBe('ok');
  });
});
