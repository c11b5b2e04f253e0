import { COOKIE } from '@pantau/contracts';
// antd's styles as one static sheet (theme `zeroRuntime` in providers.tsx), before ours so ours win ties.
import 'antd/dist/antd.css';
import { startMapPageEarly } from '../features/map/start-map-early';
import { getCookie } from '../lib/cookies';
import '../lib/i18n';
import { trackingQueryOptions } from '../lib/live/tracking-query';
import { dropEarlyWorker } from '../map/early-worker';
import { prewarmMap } from '../map/map-view';
import { createQueryClient } from './query-client';
import './styles.css';

const queryClient = createQueryClient();

/** Pages that show the live fleet from the tracking snapshot (also listed in public/prefetch-snapshot.js). */
const FLEET_PAGES = new Set(['/', '/_app', '/map', '/vehicle-summary']);

// public/prefetch-snapshot.js, should it run after this (the app's code cached), leaves it to the app.
window.__pantauBooted = true;

/** The map page's first render waits at most this long for its map's vehicles to reach the worker … */
const FIRST_RENDER_WAIT_MS = 600;
/** … and then, when its map is shown in the boot shell, until this long after boot for them to be drawn. */
const BOOT_SHELL_WAIT_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// A returning user with a chosen role (the role cookies are readable; the token is HttpOnly) opening a
// fleet page: the snapshot's request was made by public/prefetch-snapshot.js while this code loaded; its
// response is taken here, beside the app's boot (auth/me, the shell), instead of after it. If the session
// has ended the request fails quietly and the server's redirect takes over as usual.
let mapStarted: Promise<unknown> = Promise.resolve();
/** The app renders in a transition (yielding every few ms) while a map started at boot needs the main thread. */
let transition = false;
if (getCookie(COOKIE.roleUnit) && getCookie(COOKIE.roleUser)) {
  const path = window.location.pathname;
  if (FLEET_PAGES.has(path)) void queryClient.prefetchQuery(trackingQueryOptions());
  // The map page's map starts now (its style, then the vehicles as soon as they are in). On a desktop
  // screen it is shown in the boot shell once its vehicles can be drawn, and the app is rendered then:
  // React's first render and commit (~0.3–0.5 s of main thread) no longer hold up the worker's requests
  // and the first frame. Elsewhere the map waits hidden and the app is rendered once the vehicles are
  // with maplibre's worker, so that React's render overlaps the clustering. The dashboard's map worker
  // starts now too.
  if (path === '/map') {
    transition = true;
    const { sent, drawn, inBootShell } = startMapPageEarly(queryClient.fetchQuery(trackingQueryOptions()));
    let isSent = false;
    void sent.then(() => (isSent = true));
    // Drawn in the boot shell: nothing waits for the main thread any more, the render need not yield.
    void drawn.then(() => (transition = !inBootShell));
    // A snapshot slow to come (a slow network) does not hold the shell back: if the vehicles are not
    // with the worker in FIRST_RENDER_WAIT_MS the app renders then, else when they are drawn.
    const sentInTime = Promise.race([sent, wait(FIRST_RENDER_WAIT_MS)]);
    mapStarted = inBootShell
      ? Promise.race([sentInTime.then(() => (isSent ? drawn : undefined)), wait(BOOT_SHELL_WAIT_MS)])
      : sentInTime;
  }
  if (path === '/' || path === '/_app') prewarmMap();
}
// A worker public/prefetch-snapshot.js started and no map took: not needed after all.
dropEarlyWorker();

// The app itself (React, antd, the router and the pages) is evaluated only now: on /map its ~0.1–0.2 s
// of module evaluation comes after the map's vehicles went to the worker, not before.
void mapStarted
  .then(() => import('./app-root'))
  .then(({ renderApp }) => renderApp(queryClient, { transition }));
