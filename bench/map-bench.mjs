#!/usr/bin/env node
// Live-map browser benchmark: the built web app in headless Chromium with N vehicles that each report
// once a second. /api is mocked by this script's HTTP server; /api/live is a real WebSocket served by this
// script (as the server does: the frames arrive on the browser's network thread, not through a CDP
// round trip as with page.routeWebSocket, which made the page itself decode every 3 MB message), sending
// one `positions` message a second with every vehicle moved.
// Measures, from navigation start:
//  - drawn: the first frame painted once every vehicle is in the map's source and its tiles are loaded
//    (the map container's data-vehicles-drawn, written on the map's `render` event);
//  - main-thread busy %: CDP Performance TaskDuration (main-thread task time) / wall time, over a
//    steady window that starts 2 s after drawn;
//  - long tasks (PerformanceObserver 'longtask'), split into load and steady;
//  - map refreshes/s: frames painted with a new data update (data-vehicle-updates);
//  - JS heap used at the end.
//  - total blocking time and the longest task of the load (navigation to the steady window's start);
//  - with `--pan`, after the steady window: a scripted pan and zoom with the mouse (drags, wheel in to
//    the geofences' labels and out again) over a few seconds, with its frame intervals and long tasks.
// `--geofences N`: /api/polygons answers N geofences (circles, polygons and corridors of 100 m to 1 km,
// as bench/ingest.ts makes them, spread over the fleet's area), a page per Take/Skip as the app asks, and
// the geofence layer is on from the start (localStorage `map_layers`); POIs and routes stay off and empty.
// The bench's server answers as the real one does: the build's precompressed files by Accept-Encoding,
// /api answers over 1 kB brotli-compressed, the live socket with permessage-deflate (`--plain`: none of it).
// `--network 20mbit-40ms,5mbit-100ms` runs every size also through bench/throttle-proxy.mjs (a shared link
// of that bandwidth each way and round trip), beside the unthrottled run.
//   npm run build && node bench/map-bench.mjs [--sizes 1000,5000,10000] [--seconds 10] [--share 1]
//     [--runs 1] [--dist apps/web/dist] [--page /map] [--profile out.cpuprofile] [--trace out.json]
//     [--load-trace out.json] [--load-profile out.cpuprofile] [--warm] [--plain]
//     [--network 20mbit-40ms,5mbit-100ms] [--no-unthrottled] [--geofences 0,2000] [--pan] [--pan-profile out.cpuprofile] [--pan-trace out.json]
//     [--viewport 390x844]
/* global window, document, MutationObserver -- page.evaluate and init scripts run in the browser */
import { chromium } from '@playwright/test';
import { createReadStream, existsSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import { WebSocketServer } from 'ws';
import { parseNetwork, startThrottleProxy } from './throttle-proxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dist = path.resolve(root, arg('dist', 'apps/web/dist'));
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`${dist} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const RUNS = Number(arg('runs', '1'));
/** `server` (default): a real WebSocket; `route`: Playwright's page.routeWebSocket, for comparison. */
const SOCKET = arg('socket', 'server');
/** Writes a CPU profile of the steady window (the last size's last run) for chrome://inspect or speedscope. */
const PROFILE = arg('profile', '');
/** Writes a Chrome trace (chrome://tracing, Perfetto) of the steady window, as for --profile. */
const TRACE = arg('trace', '');
/** Writes a Chrome trace of the load, from navigation to the steady window (2 s after drawn; the last run). */
const LOAD_TRACE = arg('load-trace', '');
/** Writes a CPU profile of the page's main thread from navigation until every vehicle is drawn (the last run). */
const LOAD_PROFILE = arg('load-profile', '');
const SIZES = arg('sizes', '1000,5000,10000').split(',').map(Number);
const SECONDS = Number(arg('seconds', '10'));
/** Geofence counts to run each size with (`--geofences 0,2000`); none asked: the geofence layer is empty. */
const GEOFENCES = arg('geofences', '0').split(',').map(Number);
/** `--pan`: a scripted pan and zoom after the steady window, its frames and long tasks measured. */
const PAN = ['--pan', '--pan-profile', '--pan-trace'].some((a) => process.argv.includes(a));
/** Writes a CPU profile of the page's main thread during the pan and zoom (the last run). */
const PAN_PROFILE = arg('pan-profile', '');
/** Writes a Chrome trace of the pan and zoom (the last run). */
const PAN_TRACE = arg('pan-trace', '');
/**
 * `--warm`: measure a second visit (the page opened once before in the same browser profile, so the
 * app's files come from the HTTP cache and V8's code cache), as an operator reopening the dashboard.
 */
const WARM = process.argv.includes('--warm');
/** `--page /`: the page measured (default the map; the dashboard `/` has the same live map). */
const PAGE = arg('page', '/map');
/** `--viewport 390x844`: the page's size (a phone's: the map page's boot shell then stays hidden). */
const [VIEW_W, VIEW_H] = arg('viewport', '1366x800').split('x').map(Number);
/** Share of the vehicles that move each second (1 = all, as the target). */
const SHARE = Number(arg('share', '1'));
/** `--plain`: nothing compressed (files, API answers, live socket), as the server was before. */
const PLAIN = process.argv.includes('--plain');
/** Network profiles to run through the throttling proxy, besides (unless `--no-unthrottled`) none. */
const NETWORKS = [
  ...(process.argv.includes('--no-unthrottled') ? [] : [null]),
  ...arg('network', '').split(',').filter(Boolean).map(parseNetwork),
];
const brotli = promisify(brotliCompress);
const acceptsBr = (req) => !PLAIN && /\bbr\b/.test(req.headers['accept-encoding'] ?? '');

// Static server for the built SPA.
const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};
/**
 * The REST answers of the run in progress (path suffix → JSON text, or a function of the URL's query for
 * paged lists), served like the real server would.
 */
let api = {};
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/api/')) {
    const key = Object.keys(api).find((k) => url.pathname.endsWith(k));
    const answer = key ? api[key] : '{"count":0,"results":[]}';
    const body = typeof answer === 'function' ? answer(url.searchParams) : answer;
    // As apps/server/src/plugins/compress.ts: brotli above 1 kB, per request, at quality 4, or 1 from 1 MB.
    if (body.length >= 1024 && acceptsBr(req))
      void brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: body.length >= 1024 * 1024 ? 1 : 4,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }).then((br) => {
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Encoding': 'br',
          Vary: 'accept-encoding',
        });
        res.end(br);
      });
    else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(body);
    }
    return;
  }
  let file = path.join(dist, decodeURIComponent(url.pathname));
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
    file = path.join(dist, 'index.html');
  // As the server sends them (apps/server/src/modules/web): the build's brotli copy when accepted, hashed
  // assets cached for good.
  const br = acceptsBr(req) && existsSync(`${file}.br`);
  // As apps/server/src/modules/web: a fleet page, to a user with a role, has the browser preload the
  // tracking snapshot the page asks for.
  const fleetPage = ['/', '/_app', '/map', '/vehicle-summary'].includes(
    url.pathname.replace(/(.)\/+$/, '$1'),
  );
  if (fleetPage && file.endsWith('index.html') && /(?:^|; )role_unit=/.test(req.headers.cookie ?? ''))
    res.setHeader('Link', '</api/tracking?live=1>; rel=preload; as=fetch; crossorigin=use-credentials');
  res.writeHead(200, {
    'Content-Type': types[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(br ? { 'Content-Encoding': 'br' } : {}),
    Vary: 'accept-encoding',
  });
  createReadStream(br ? `${file}.br` : file).pipe(res);
});
// The live socket: whichever page connects gets the fleet of the run in progress.
// As apps/server/src/plugins/live.ts: permessage-deflate at level 1 for messages over 1 kB.
const wss = new WebSocketServer({
  noServer: true,
  perMessageDeflate: PLAIN ? false : { threshold: 1024, zlibDeflateOptions: { level: 1 } },
});
let onLiveSocket = () => {};
server.on('upgrade', (req, socket, head) => {
  if (!req.url.startsWith('/api/live')) return socket.destroy();
  const query = new URL(req.url, 'http://bench').searchParams;
  wss.handleUpgrade(req, socket, head, (ws) => onLiveSocket(ws, query));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const direct = `http://127.0.0.1:${server.address().port}`;

/** Deterministic fleet spread over Java's toll corridor (lon 106–112.8, lat −6.1…−7.6). */
function makeFleet(n) {
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const motions = ['moving', 'moving', 'moving', 'idle', 'stopped', 'offline'];
  return Array.from({ length: n }, (_, i) => ({
    kendaraanId: i + 1,
    nomorPolisi: `B ${9000 + (i % 1000)} ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (((i / 26) | 0) % 26))}`,
    nomorKendaraan: `CC-${String(i + 1).padStart(5, '0')}`,
    vehicleClass: i % 3 === 0 ? 'TRUCK' : 'CC',
    lat: -6.1 - rnd() * 1.5,
    lon: 106 + rnd() * 6.8,
    speed: 60,
    course: Math.round(rnd() * 359),
    ignition: true,
    fixTime: new Date().toISOString(),
    gpsStatus: 'on',
    motion: motions[i % motions.length],
    speedLimit: 80,
    driver: { pengemudiId: i + 1, name: 'Agus Setiawan' },
    location: 'Tol Jakarta–Cikampek KM ~30',
    place: { kind: 'road', name: 'Tol Jakarta–Cikampek', distanceKm: null, km: 30 },
    todayDistanceKm: 12.3,
    todayEngineHours: 2.1,
    odometer: 123456,
  }));
}

/**
 * N geofences as `GET /api/polygons` answers them, spread over the fleet's area: circles (100 m–1 km),
 * squares and three-point corridors 200 m wide, of 0.1–0.6 km a side, as bench/ingest.ts makes them.
 */
function makeGeofences(n) {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const categories = ['pool', 'plant', 'dealer', 'rest_area', 'other'];
  const colors = [null, '#fa541c', '#52c41a', '#722ed1'];
  const now = new Date().toISOString();
  return Array.from({ length: n }, (_, i) => {
    const x = 106 + rnd() * 6.8;
    const y = -7.6 + rnd() * 1.5;
    const h = 0.001 + rnd() * 0.005;
    const polygonType = ['circle', 'polygon', 'corridor'][i % 3];
    const radius = polygonType === 'circle' ? 100 + rnd() * 900 : null;
    const r = radius === null ? 0 : radius / 111_000;
    const geometry =
      polygonType === 'circle'
        ? { type: 'Point', coordinates: [x, y] }
        : polygonType === 'polygon'
          ? {
              type: 'Polygon',
              coordinates: [
                [
                  [x - h, y - h],
                  [x + h, y - h],
                  [x + h, y + h],
                  [x - h, y + h],
                  [x - h, y - h],
                ],
              ],
            }
          : {
              type: 'LineString',
              coordinates: [
                [x, y],
                [x + h * 3, y + h],
                [x + h * 6, y - h],
              ],
            };
    const boundary =
      polygonType === 'circle'
        ? [x - r, y - r, x + r, y + r]
        : polygonType === 'polygon'
          ? [x - h, y - h, x + h, y + h]
          : [x, y - h, x + h * 6, y + h];
    return {
      polygonId: i + 1,
      unitId: 1,
      polyIndex: i,
      pantauPoiId: null,
      polygonCode: `G${i}`,
      polygonName: `Geofence ${i}`,
      notes: null,
      polygonType,
      category: categories[i % categories.length],
      icon: null,
      color: colors[i % colors.length],
      center:
        polygonType === 'circle'
          ? [x, y]
          : [(boundary[0] + boundary[2]) / 2, (boundary[1] + boundary[3]) / 2],
      radius,
      width: polygonType === 'corridor' ? 200 : null,
      boundary,
      geometry,
      notifyEnter: false,
      notifyExit: false,
      aktif: true,
      createdAt: now,
      updatedAt: now,
    };
  });
}

/** A list answered a page at a time, by Take (1–1,000, as the server caps it) and Skip. */
const paged = (rows) => (query) => {
  const take = Math.min(1000, Math.max(1, Number(query.get('Take') ?? 50)));
  const skip = Math.max(0, Number(query.get('Skip') ?? 0));
  return JSON.stringify({ count: rows.length, results: rows.slice(skip, skip + take) });
};

const group = { count: 0, results: [] };
const summary = Object.fromEntries(
  [
    'allStates',
    'gpsOff',
    'gpsOn',
    'ignitionOff',
    'ignitionOn',
    'orderKosongan',
    'orderWaiting',
    'orderOnProgress',
    'orderAbnormal',
  ].map((k) => [k, group]),
);
const me = {
  userId: 1,
  username: 'bench',
  displayName: 'Bench',
  email: 'bench@example.com',
  groups: [{ unitId: 1, unitName: 'Bench', role: 'Administrator', timeZone: 'Asia/Jakarta' }],
  defaultRole: 'Administrator',
  lastLogin: null,
};

const browser = await chromium.launch({
  executablePath: process.env.PANTAU_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--enable-unsafe-swiftshader',
    '--disable-background-networking',
    '--no-first-run',
    // No internet here either way: every other host fails to resolve at once, as on an offline network,
    // so the remote map style fails and the built-in base map is used. (This was page.route(…).abort(),
    // whose round trip through the DevTools protocol took the style's failure 0.13–0.25 s.)
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  ],
});

async function run(n, geofenceCount, profiling, network) {
  const proxy = network
    ? await startThrottleProxy({ host: '127.0.0.1', port: server.address().port }, network)
    : null;
  const base = proxy ? `http://127.0.0.1:${proxy.port}` : direct;
  const fleet = makeFleet(n);
  const snapshot = JSON.stringify({ count: n, results: fleet });
  // With `live=1` (the app's), named for the socket as the server names it.
  const liveSnapshot = JSON.stringify({ count: n, results: fleet, snapshot: 'bench' });
  const context = await browser.newContext({ viewport: { width: VIEW_W, height: VIEW_H } });
  await context.addCookies(
    [
      ['role_user', 'Administrator'],
      ['role_unit', '1'],
      ['role_fleet', 'Bench'],
      ['display_name', 'Bench'],
    ].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = await context.newPage();
  // /api is answered by the bench's own HTTP server (not page.route, whose interception through the
  // DevTools protocol took ~0.7 s for the 3.5 MB snapshot at 10,000 vehicles).
  api = {
    '/auth/me': JSON.stringify(me),
    '/tracking': (query) => (query.get('live') === '1' ? liveSnapshot : snapshot),
    '/dashboard/summary': JSON.stringify(summary),
    '/auth/settings': JSON.stringify({
      language: 'en',
      timeZone: null,
      mapStyle: 'default',
      notificationSound: true,
      savedAt: null,
    }),
    '/polygons': paged(makeGeofences(geofenceCount)),
  };
  let tick = 0;
  const timers = [];
  const sockets = [];
  /** Bytes the live socket carried in its first 3 s (the snapshot's catch-up or the fleet again). */
  let liveFirstBytes = 0;
  // As the server: a socket opened with `changes=1` (the app's) gets each vehicle whole once in
  // `positions`, then only the fields that changed in `moves`; with `snapshot=1` (the app's) nothing
  // until it names its snapshot (then every vehicle of it is known), or for 10 s.
  onLiveSocket = (ws, query) => {
    const changes = query.get('changes') === '1';
    let heldUntil = changes && query.get('snapshot') === '1' ? Date.now() + 10_000 : 0;
    const known = new Set();
    ws.onClientMessage = (text) => {
      if (!heldUntil) return;
      heldUntil = 0;
      if (JSON.parse(text).token === 'bench') for (const v of fleet) known.add(v.kendaraanId);
    };
    ws.on?.('message', (data) => ws.onClientMessage(String(data)));
    const opened = Date.now();
    const send = ws.send.bind(ws);
    ws.send = (text) => {
      if (Date.now() - opened < 3000) liveFirstBytes += Buffer.byteLength(text);
      send(text);
    };
    sockets.push(ws);
    ws.send(JSON.stringify({ type: 'hello', data: { unitId: 1, serverTime: new Date().toISOString() } }));
    // Each socket's own timer, stopped when it closes (with --warm the first visit's socket closes).
    const timer = setInterval(() => {
      tick += 1;
      const now = new Date().toISOString();
      const moved = [];
      for (let i = 0; i < fleet.length; i += 1) {
        if (SHARE < 1 && (i + tick) % Math.round(1 / SHARE) !== 0) continue;
        const v = fleet[i];
        v.lat += 0.0005 * Math.cos((v.course * Math.PI) / 180);
        v.lon += 0.0005 * Math.sin((v.course * Math.PI) / 180);
        v.fixTime = now;
        v.todayDistanceKm = Math.round((v.todayDistanceKm + 0.017) * 1000) / 1000;
        v.odometer += 17;
        moved.push(v);
      }
      if (ws.readyState !== ws.OPEN) return;
      if (heldUntil && Date.now() < heldUntil) return;
      heldUntil = 0;
      const fresh = changes ? moved.filter((v) => !known.has(v.kendaraanId)) : moved;
      if (fresh.length > 0) ws.send(JSON.stringify({ type: 'positions', data: fresh }));
      for (const v of fresh) known.add(v.kendaraanId);
      const patches = [];
      const whole = new Set(fresh);
      if (changes)
        for (const v of moved) {
          if (whole.has(v)) continue;
          const { kendaraanId, lat, lon, fixTime, todayDistanceKm, odometer } = v;
          patches.push({ kendaraanId, lat, lon, fixTime, todayDistanceKm, odometer });
        }
      if (patches.length > 0) ws.send(JSON.stringify({ type: 'moves', data: patches }));
    }, 1000);
    timers.push(timer);
    ws.on?.('close', () => clearInterval(timer));
  };
  // Bench instrumentation (lives in the bench, not in the app): long tasks and refresh times, and the
  // app's own figures turned on (apps/web/src/lib/metrics.ts).
  await page.addInitScript(
    ([expected, expectedGeofences]) => {
      try {
        window.localStorage.setItem('pantau.metrics', '1');
        // The geofence layer on, POIs and routes off (features/geofences/model/layer-visibility.ts).
        window.localStorage.setItem(
          'map_layers',
          JSON.stringify({ geofences: true, markers: false, routes: false }),
        );
      } catch {
        // about:blank (between --warm's visits) has no storage
      }
      const b = (window.__bench = {
        longTasks: [],
        drawnAt: null,
        geofencesAt: null,
        refreshes: [],
        frames: [],
      });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) b.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      new MutationObserver(() => {
        // The page's map, or the map shown in the boot shell before the page took it (no test id yet).
        const el =
          document.querySelector('[data-testid="map-view"]') ??
          document.querySelector('[data-vehicles-drawn]');
        if (!el) return;
        // data-vehicles-drawn: vehicles in the painted source; older builds only wrote data-vehicles-rendered.
        const drawn = el.dataset.vehiclesDrawn ?? el.dataset.vehiclesRendered;
        if (b.drawnAt === null && drawn === String(expected)) b.drawnAt = performance.now();
        // Every geofence in the layer's source (features/geofences' layer writes it after setData).
        if (b.geofencesAt === null && el.dataset.geofencesDrawn === String(expectedGeofences))
          b.geofencesAt = performance.now();
        const u = Number(el.dataset.vehicleUpdates ?? 0);
        while (u > b.refreshes.length) b.refreshes.push(performance.now());
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: [
          'data-vehicles-drawn',
          'data-vehicles-rendered',
          'data-vehicle-updates',
          'data-geofences-drawn',
        ],
      });
    },
    [n, geofenceCount],
  );
  if (SOCKET === 'route')
    await page.routeWebSocket(/\/api\/live(\?|$)/, (ws) => {
      const socket = { send: (m) => ws.send(m), terminate: () => ws.close(), readyState: 1, OPEN: 1 };
      onLiveSocket(socket, new URL(ws.url()).searchParams);
      ws.onMessage((m) => socket.onClientMessage(String(m)));
    });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (WARM) {
    await page.goto(`${base}${PAGE}`);
    await page.waitForFunction(() => window.__bench.drawnAt !== null, null, { timeout: 60_000 });
    await page.goto('about:blank');
    await page.waitForTimeout(500);
  }
  const traceCategories = [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8',
    'blink',
    'blink.user_timing',
    'toplevel',
  ];
  if (profiling && LOAD_TRACE)
    await browser.startTracing(page, { path: LOAD_TRACE, categories: traceCategories });
  if (profiling && LOAD_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(`${base}${PAGE}`);
  const drawnInTime = await page
    .waitForFunction(() => window.__bench.drawnAt !== null, null, { timeout: 60_000 })
    .then(
      () => true,
      () => false,
    );
  if (!drawnInTime) {
    timers.forEach(clearInterval);
    sockets.forEach((ws) => ws.terminate());
    await context.close();
    await proxy?.close();
    return {
      vehicles: n,
      geofences: geofenceCount,
      network: network?.name ?? 'none',
      error: 'not drawn within 60 s',
    };
  }
  if (profiling && LOAD_PROFILE)
    writeFileSync(LOAD_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const drawnMs = await page.evaluate(() => window.__bench.drawnAt);
  // Where the load time goes: the app's performance marks and the snapshot request.
  const phases = await page.evaluate(() => {
    const out = {};
    // The snapshot as the page asks for it (`/api/tracking?live=1`), or without the query.
    const api = performance
      .getEntriesByType('resource')
      .find((e) => new URL(e.name).pathname === '/api/tracking');
    if (api)
      Object.assign(out, {
        trackingRequest: api.startTime,
        trackingFirstByte: api.responseStart,
        trackingResponse: api.responseEnd,
      });
    const me = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/auth/me'));
    if (me) Object.assign(out, { meRequest: me.startTime, meResponse: me.responseEnd });
    for (const m of performance.getEntriesByType('mark'))
      if (m.name.startsWith('pantau:')) out[m.name.slice(7)] ??= m.startTime;
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v)]));
  });
  // The geofences in their layer too, before the steady window.
  const geofencesInTime = await page
    .waitForFunction(() => window.__bench.geofencesAt !== null, null, { timeout: 60_000 })
    .then(
      () => true,
      () => false,
    );
  // Steady state: the live map with every vehicle reporting every second.
  await page.waitForTimeout(2000);
  if (profiling && LOAD_TRACE) await browser.stopTracing();
  if (profiling && PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (profiling && TRACE) await browser.startTracing(page, { path: TRACE, categories: traceCategories });
  const metric = async () =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const m0 = await metric();
  const t0 = await page.evaluate(() => performance.now());
  await page.waitForTimeout(SECONDS * 1000);
  const m1 = await metric();
  const t1 = await page.evaluate(() => performance.now());
  if (profiling && TRACE) await browser.stopTracing();
  if (profiling && PROFILE) writeFileSync(PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (profiling && PAN_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (profiling && PAN_TRACE)
    await browser.startTracing(page, { path: PAN_TRACE, categories: traceCategories });
  const pan = PAN ? await panAndZoom(page, metric) : null;
  if (profiling && PAN_TRACE) await browser.stopTracing();
  if (profiling && PAN_PROFILE)
    writeFileSync(PAN_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const b = await page.evaluate(() => window.__bench);
  // When the app (the page's controls, the menu) first rendered: before it the fleet is drawn in the boot shell.
  const appMs = await page.evaluate(
    () => performance.getEntriesByName('pantau:app-rendered')[0]?.startTime ?? null,
  );
  timers.forEach(clearInterval);
  sockets.forEach((ws) => ws.terminate());
  await context.close();
  await proxy?.close();
  const steadyLong = b.longTasks.filter((t) => t.start >= t0 && t.start <= t1);
  const loadLong = b.longTasks.filter((t) => t.start < t0);
  const refreshes = b.refreshes.filter((t) => t >= t0 && t <= t1).length;
  return {
    vehicles: n,
    geofences: geofenceCount,
    network: network?.name ?? 'none',
    drawnMs: Math.round(drawnMs),
    appMs: appMs === null ? null : Math.round(appMs),
    liveFirst3sKB: Math.round(liveFirstBytes / 1024),
    geofencesMs: geofencesInTime ? Math.round(b.geofencesAt) : null,
    busyPct: Math.round(((m1.TaskDuration - m0.TaskDuration) / ((t1 - t0) / 1000)) * 1000) / 10,
    // CPU time, less sensitive to a shared machine than task wall time (which counts time descheduled, and
    // time the main thread waits for the GPU process at commit): main thread, and the whole renderer process.
    mainCpuPct: Math.round(((m1.ThreadTime - m0.ThreadTime) / ((t1 - t0) / 1000)) * 1000) / 10,
    rendererCpuPct: Math.round(((m1.ProcessTime - m0.ProcessTime) / ((t1 - t0) / 1000)) * 1000) / 10,
    longTasksSteady: steadyLong.length,
    longestSteadyMs: Math.round(Math.max(0, ...steadyLong.map((t) => t.duration))),
    over100Steady: steadyLong.filter((t) => t.duration > 100).length,
    longestLoadMs: Math.round(Math.max(0, ...loadLong.map((t) => t.duration))),
    // Total blocking time of the load: each long task's time over 50 ms, navigation to the steady window.
    tbtLoadMs: Math.round(loadLong.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
    refreshesPerSec: Math.round((refreshes / ((t1 - t0) / 1000)) * 100) / 100,
    heapMB: Math.round((m1.JSHeapUsedSize / 2 ** 20) * 10) / 10,
    ...(pan ? { pan: summarisePan(pan, b) } : {}),
    phases,
  };
}

/**
 * A user's pan and zoom with the mouse over the map's middle: three drags at ~60 events/s, the wheel in
 * by ~5 zoom levels (past the geofence labels' zoom 12), a drag there, and the wheel out again. Every
 * animation frame's time is kept meanwhile.
 */
async function panAndZoom(page, metric) {
  // The page's map, or the boot shell's (which the page keeps).
  const [cx, cy] = await page.evaluate(() => {
    const el =
      document.querySelector('[data-testid="map-view"]') ?? document.querySelector('[data-vehicles-drawn]');
    const r = el.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  });
  const m0 = await metric();
  const start = await page.evaluate(() => {
    const b = window.__bench;
    b.panning = true;
    const frame = (t) => {
      b.frames.push(t);
      if (b.panning) window.requestAnimationFrame(frame);
    };
    window.requestAnimationFrame(frame);
    return performance.now();
  });
  const drag = async (dx, dy) => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 30; i += 1) {
      await page.mouse.move(cx + (dx * i) / 30, cy + (dy * i) / 30);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    await page.waitForTimeout(300);
  };
  const wheel = async (deltaY, times) => {
    await page.mouse.move(cx, cy);
    for (let i = 0; i < times; i += 1) {
      await page.mouse.wheel(0, deltaY);
      await page.waitForTimeout(200);
    }
    await page.waitForTimeout(300);
  };
  await drag(-300, 0);
  await drag(0, -200);
  await drag(300, 200);
  await wheel(-600, 8);
  await drag(-250, 150);
  await wheel(600, 8);
  const end = await page.evaluate(() => {
    window.__bench.panning = false;
    return performance.now();
  });
  const m1 = await metric();
  return {
    start,
    end,
    busyPct: Math.round(((m1.TaskDuration - m0.TaskDuration) / ((end - start) / 1000)) * 1000) / 10,
  };
}

function summarisePan(pan, b) {
  const frames = b.frames.filter((t) => t >= pan.start && t <= pan.end);
  const gaps = frames.slice(1).map((t, i) => t - frames[i]);
  const sorted = [...gaps].sort((x, y) => x - y);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  const long = b.longTasks.filter((t) => t.start >= pan.start && t.start <= pan.end);
  return {
    seconds: Math.round((pan.end - pan.start) / 100) / 10,
    fps: Math.round((frames.length / ((pan.end - pan.start) / 1000)) * 10) / 10,
    frameP50Ms: at(0.5),
    frameP95Ms: at(0.95),
    frameMaxMs: Math.round(sorted.at(-1) ?? 0),
    framesOver50Ms: gaps.filter((g) => g > 50).length,
    busyPct: pan.busyPct,
    longTasks: long.length,
    longestMs: Math.round(Math.max(0, ...long.map((t) => t.duration))),
    over100: long.filter((t) => t.duration > 100).length,
  };
}

const results = [];
for (const n of SIZES) {
  for (let i = 0; i < RUNS; i += 1) {
    // The network profiles and geofence counts take turns within each run, so that a busy moment of the
    // machine hits all.
    for (const geofenceCount of GEOFENCES)
      for (const network of NETWORKS) {
        // A page that never draws (a link too slow for the fleet's traffic) is a result, not the bench's end.
        const r = await run(
          n,
          geofenceCount,
          (PROFILE || TRACE || LOAD_TRACE || LOAD_PROFILE || PAN_PROFILE || PAN_TRACE) !== '' &&
            n === SIZES.at(-1) &&
            i === RUNS - 1 &&
            geofenceCount === GEOFENCES.at(-1) &&
            network === NETWORKS.at(-1),
          network,
        ).catch((err) => ({
          vehicles: n,
          geofences: geofenceCount,
          network: network?.name ?? 'none',
          error: String(err.message ?? err).split('\n')[0],
        }));
        results.push(r);
        console.log(JSON.stringify(r));
      }
  }
}
// Software WebGL's speed changes with the browser's version: figures compare within one version.
const browserVersion = browser.version();
await browser.close();
wss.close();
server.close();
console.log(
  `\nChromium ${browserVersion}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
);
console.log(
  '\n| vehicles | geofences | network | drawn after navigation | app rendered | main thread busy | main thread CPU / renderer CPU | long tasks > 100 ms (steady) | longest task steady / load | total blocking (load) | map refreshes/s | JS heap |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results)
  if (r.error)
    console.log(
      `| ${r.vehicles.toLocaleString('en')} | ${r.geofences.toLocaleString('en')} | ${r.network} | not drawn: ${r.error} |`,
    );
  else
    console.log(
      `| ${r.vehicles.toLocaleString('en')} | ${r.geofences.toLocaleString('en')} | ${r.network} | ${r.drawnMs} ms | ${r.appMs ?? '–'} ms | ${r.busyPct} % | ${r.mainCpuPct} / ${r.rendererCpuPct} % | ${r.over100Steady} | ${r.longestSteadyMs} / ${r.longestLoadMs} ms | ${r.tbtLoadMs} ms | ${r.refreshesPerSec} | ${r.heapMB} MB |`,
    );
if (PAN) {
  console.log(
    '\n| vehicles | geofences | pan and zoom | frames/s | frame p50 / p95 / max | frames > 50 ms | main thread busy | long tasks > 100 ms | longest task |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { vehicles, geofences, pan: p } of results)
    if (p)
      console.log(
        `| ${vehicles.toLocaleString('en')} | ${geofences.toLocaleString('en')} | ${p.seconds} s | ${p.fps} | ${p.frameP50Ms} / ${p.frameP95Ms} / ${p.frameMaxMs} ms | ${p.framesOver50Ms} | ${p.busyPct} % | ${p.over100} | ${p.longestMs} ms |`,
      );
}
