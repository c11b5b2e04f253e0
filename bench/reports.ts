/**
 * Reports, exports, playback and recalculation over a month of a fleet: the real server (buildApp) on a
 * fresh database, `vehicles` car carriers driving the demo's roads between real sites for `days` days,
 * one fix every `interval` seconds, written through the pipeline as the demo back-fill is (so trips,
 * stops, visits and violations come from the same derivations as live positions). Then, over HTTP as the
 * unit's Administrator: each report's first page for the whole fleet and period, each export of the whole
 * period to .xlsx (to the last byte), a month of one vehicle's track (`logs/gps`, every page), and a
 * recalculation of that vehicle-month.
 *
 * Database: a fresh PGlite in a temporary directory, or PostgreSQL when BENCH_DATABASE_URL is set.
 * Prints the figures and, last, one JSON line with them.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { events, positions, units, userGroups, users, vehicles } from '../apps/server/src/db/schema/index.js';
import { seedUnitGeography } from '../apps/server/src/db/seed/geography.js';
import { hashPassword } from '../apps/server/src/lib/password.js';
import { loadSimFleet } from '../apps/server/src/simulator/demo.js';
import { createSimulator } from '../apps/server/src/simulator/simulator.js';
import { findChromium } from '../scripts/provision.mjs';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '100' },
    days: { type: 'string', default: '30' },
    interval: { type: 'string', default: '30' },
  },
});
const vehicleCount = Number(values.vehicles);
const days = Number(values.days);
const intervalMs = Number(values.interval) * 1000;
const DAY = 86_400_000;

const url = process.env.BENCH_DATABASE_URL;
const dataDir = url ? null : await mkdtemp(join(tmpdir(), 'pantau-bench-reports-'));
const database = await openDatabase({ databaseUrl: url, dataDir: dataDir ?? '' });
await database.migrate();
const db = database.db;

const [unit] = await db.insert(units).values({ unitName: 'Bench reports' }).returning();
const unitId = unit!.unitId;
await seedUnitGeography(db, unitId, 'sunter');
await db.insert(vehicles).values(
  Array.from({ length: vehicleCount }, (_, i) => ({
    unitId,
    trackerId: `87000000${String(i).padStart(7, '0')}`,
    plateNumber: `B ${1000 + i} RP`,
    hullNumber: `RP-${String(i).padStart(4, '0')}`,
    vehicleClass: 'CC' as const,
    speedLimit: 60,
    pool: 'Pool Sunter/Cakung',
  })),
);
const password = 'bench-password-1';
const [admin] = await db
  .insert(users)
  .values({
    username: 'bench-admin',
    email: 'bench-admin@pantau.example',
    displayName: 'Bench Admin',
    passwordHash: await hashPassword(password),
  })
  .returning();
await db.insert(userGroups).values({ userId: admin!.userId, unitId, role: 'Administrator' });

const config = {
  ...loadConfig({ PANTAU_DATA_DIR: dataDir ?? tmpdir(), PANTAU_DEMO: '0' }),
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
};
const logger = pino({ level: 'warn' });
const app = await buildApp({ config, db: database, logger, telemetry: { tickMs: 0 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// ── A month of the fleet through the pipeline ────────────────────────────────────────────────────
const to = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const from = new Date(to.getTime() - days * DAY);
const simulator = createSimulator({
  pipeline: app.pipeline,
  vehicles: await loadSimFleet(db),
  logger: app.log,
  historyDays: days,
  historyIntervals: { moving: [intervalMs, intervalMs], idle: intervalMs, parked: intervalMs },
});
const started = performance.now();
let lastLog = 0;
const written = await simulator.backfill(from, to, (p) => {
  if (performance.now() - lastLog < 10_000) return;
  lastLog = performance.now();
  process.stderr.write(`  history: ${Math.round((p.done / p.total) * 100)} %, ${p.positions} positions\n`);
});
await app.pipeline.flushStates();
const backfillS = (performance.now() - started) / 1000;
const [stored] = await db.select({ n: count() }).from(positions);
const [eventCount] = await db.select({ n: count() }).from(events);

// ── Over HTTP, as the unit's Administrator ───────────────────────────────────────────────────────
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench-admin', password }),
});
const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
const headers = {
  authorization: `Bearer ${token}`,
  'x-pantau-unit': String(unitId),
  'x-pantau-role': 'Administrator',
};
const period = { from: from.toISOString(), to: to.toISOString() };
const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: Math.round(performance.now() - t0), value };
}
async function getJson(
  path: string,
): Promise<{ status: number; body: { count?: number; results?: unknown[] } }> {
  const res = await fetch(`${base}/api/${path}`, { headers });
  return { status: res.status, body: res.ok ? ((await res.json()) as { count?: number }) : {} };
}

const reports = ['overspeed', 'overstop', 'loggeopoint', 'overroute', 'detail_activity'] as const;
const rows: Record<string, unknown>[] = [];
for (const report of reports) {
  const first = await timed(() => getJson(`${report}?${qs({ ...period, Take: 10, Skip: 0 })}`));
  if (first.value.status !== 200) {
    rows.push({ report, firstPageMs: null, note: `HTTP ${first.value.status}` });
    continue;
  }
  const exported = await timed(async () => {
    const link = await fetch(`${base}/api/export/token`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ report, format: 'xlsx', query: period }),
    });
    if (link.status !== 201) return { status: link.status, bytes: 0 };
    const { url: fileUrl } = (await link.json()) as { url: string };
    const file = await fetch(base + fileUrl);
    return { status: file.status, bytes: (await file.arrayBuffer()).byteLength };
  });
  rows.push({
    report,
    rows: first.value.body.count,
    firstPageMs: first.ms,
    exportMs: exported.value.status === 200 ? exported.ms : null,
    exportKB: Math.round(exported.value.bytes / 1000),
  });
}

// A month of one vehicle's track, every page, as playback loads it (features/playback/api/get-gps-log.ts):
// a first page of 5,000 that tells the count, then the rest in pages of 50,000, three at a time.
const vehicleId = (await db.select({ id: vehicles.vehicleId }).from(vehicles).limit(1))[0]!.id;
const gpsLog = (skip: number, take: number) =>
  getJson(`logs/gps?${qs({ kendaraanId: vehicleId, ...period, Take: take, Skip: skip })}`);
const firstTrackPage = await timed(() => gpsLog(0, 5_000));
const track = await timed(async () => {
  const first = await gpsLog(0, 5_000);
  let points = first.body.results?.length ?? 0;
  const skips: number[] = [];
  for (let skip = 5_000; skip < (first.body.count ?? 0); skip += 50_000) skips.push(skip);
  for (let i = 0; i < skips.length; i += 3) {
    const pages = await Promise.all(skips.slice(i, i + 3).map((skip) => gpsLog(skip, 50_000)));
    for (const page of pages) points += page.body.results?.length ?? 0;
  }
  return points;
});

// Recalculating that vehicle-month.
const recalc = await timed(async () => {
  const res = await fetch(`${base}/api/logs/recalculate`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ kendaraanId: vehicleId, ...period }),
  });
  if (res.status >= 300) return `HTTP ${res.status}`;
  const { jobId } = (await res.json()) as { jobId: string };
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const job = await getJson(`logs/recalculate?${qs({ jobId })}`);
    const state = (job.body.results?.[0] as { state?: string } | undefined)?.state;
    if (state === 'done' || state === 'failed') return state;
  }
});

// The month played back in the browser: from the page asking for the track to the map's frame that
// shows it (the app's `pantau:` performance marks), when the web app is built.
const firstFrames = await playbackFirstFrames();

await app.close();
await database.close();

async function playbackFirstFrames(): Promise<
  { firstPageMs: number; loadedMs: number; setMs: number; drawnMs: number; wholeDrawnMs: number }[] | string
> {
  if (!existsSync(join(config.webDist, 'index.html')))
    return 'skipped: build the web app first (npm run build)';
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--enable-unsafe-swiftshader'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 800 },
      bypassCSP: true,
      storageState: {
        cookies: [],
        origins: [{ origin: base, localStorage: [{ name: 'pantau.metrics', value: '1' }] }],
      },
    });
    const page = await context.newPage();
    await page.goto(`${base}/signin`);
    await page.getByTestId('signin-username').fill('bench-admin');
    await page.getByTestId('signin-password').fill(password);
    await page.getByTestId('signin-submit').click();
    await page.waitForURL((u) => u.pathname !== '/signin');
    await page.getByTestId('app-layout').waitFor({ timeout: 60_000 });
    const runs: {
      firstPageMs: number;
      loadedMs: number;
      setMs: number;
      drawnMs: number;
      wholeDrawnMs: number;
    }[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${base}/map?${qs({ playback: vehicleId, period: 'custom', ...period })}`);
      // A string, not a function: the bench runs through tsx, whose helpers the page does not have.
      const marks = await page
        .waitForFunction(
          `(() => {
          const at = (name) => performance.getEntriesByName('pantau:' + name)[0]?.startTime;
          const requested = at('playback-requested'), firstPage = at('playback-first-page'), loaded = at('playback-loaded'), set = at('playback-set'), drawn = at('playback-drawn');
          const wholeDrawn = performance.getEntriesByName('pantau:playback-drawn').map((m) => m.startTime).find((t) => t > loaded);
          return wholeDrawn !== undefined && loaded !== undefined && requested !== undefined && { requested, firstPage, loaded, set, drawn, wholeDrawn };
        })()`,
          undefined,
          { timeout: 60_000, polling: 50 },
        )
        .catch(async (err: unknown) => {
          const seen = await page.evaluate(
            `performance.getEntriesByType('mark').map((m) => m.name).join(', ')`,
          );
          throw new Error(`no playback marks (seen: ${String(seen)}; at ${page.url()})`, { cause: err });
        });
      const m = (await marks.jsonValue()) as {
        requested: number;
        firstPage: number;
        loaded: number;
        set: number;
        drawn: number;
        wholeDrawn: number;
      };
      runs.push({
        firstPageMs: Math.round(m.firstPage - m.requested),
        loadedMs: Math.round(m.loaded - m.requested),
        setMs: Math.round(m.set - m.requested),
        drawnMs: Math.round(m.drawn - m.requested),
        wholeDrawnMs: Math.round(m.wholeDrawn - m.requested),
      });
    }
    return runs;
  } finally {
    await browser.close();
  }
}

const figures = {
  database: database.kind,
  vehicles: vehicleCount,
  days,
  intervalS: intervalMs / 1000,
  positions: stored?.n ?? 0,
  events: eventCount?.n ?? 0,
  historyWrittenPerS: Math.round(written / backfillS),
  reports: rows,
  playbackMonth: { points: track.value, ms: track.ms, firstPageMs: firstTrackPage.ms, firstFrames },
  recalculateMonth: { state: recalc.value, ms: recalc.ms },
};
console.table(rows);
console.log(
  `history: ${figures.positions} positions in ${backfillS.toFixed(0)} s (${figures.historyWrittenPerS}/s); ` +
    `playback month: ${track.value} points in ${track.ms} ms (first page ${firstTrackPage.ms} ms); recalculate month: ${recalc.value} in ${recalc.ms} ms`,
);
console.log(
  typeof firstFrames === 'string'
    ? `playback in the browser: ${firstFrames}`
    : `playback in the browser (ms from asking for the track): ${firstFrames.map((r) => `first page ${r.firstPageMs}, loaded ${r.loadedMs}, first page on the map ${r.setMs}, first frame ${r.drawnMs}, whole track drawn ${r.wholeDrawnMs}`).join('; ')}`,
);
console.log(JSON.stringify(figures));
