import { COOKIE, FLEET_PAGES } from '@pantau/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { getCookie } from '../../../lib/cookies';
import i18n from '../../../lib/i18n';
import { isMobile } from '../../../lib/layout-settings';
import { useLayoutStore } from '../../../lib/layout-store';
import { trackingQueryOptions } from '../../../lib/live/tracking-query';
import { mapControlsLocale, prewarmMap } from '../../../map/map-view';
import { showBootShell } from './boot-shell';
import { startEarlyMap } from './early-map';

export { removeBootShell } from './boot-shell';

/** Pages with a map: maplibre's worker is started at boot. */
const MAP_PAGES = new Set(['/', '/_app', '/map']);

/** The map page's first render waits at most this long for its map's vehicles to reach the worker … */
const FIRST_RENDER_WAIT_MS = 600;
/** … and then, when its map is shown in the boot shell, until this long after boot for them to be drawn. */
const BOOT_SHELL_WAIT_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface FleetPageBoot {
  /** The app may render now (the boot's map work is under way, or there is none). */
  ready: Promise<void>;
  /**
   * Whether the app's first render is to be a transition (React yielding every few ms): on /map, where
   * the map started at boot keeps drawing while the app renders. Read it once `ready` has settled.
   */
  transition(): boolean;
}

/**
 * The live fleet's first visit, before the app renders: the one entry point of the boot (main.tsx).
 *
 * For a returning user with a chosen role (the role cookies are readable; the token is HttpOnly) on a
 * fleet page, the tracking snapshot is taken from public/prefetch-snapshot.js's request (made while the
 * app's code downloaded) into the query cache. On a page with a map, maplibre's worker starts now. On
 * /map the map itself starts (early-map.ts) in the boot shell's map stage (boot-shell.ts): its style
 * loads while the snapshot downloads, the vehicles go to the worker as soon as they are in, and on a
 * desktop screen the fleet is drawn in the boot shell before the app renders; the page then adopts the
 * map (MapView's `adoptEarly`). `ready` says when the app may render: on /map once the vehicles are
 * drawn in the boot shell, or with a hidden boot shell once they are with the worker (so that React's
 * first render overlaps the clustering), and at the latest after FIRST_RENDER_WAIT_MS when the
 * snapshot is slow to come, BOOT_SHELL_WAIT_MS when the drawing is. Elsewhere at once.
 */
export function bootFleetPage(queryClient: QueryClient, path = window.location.pathname): FleetPageBoot {
  let transition = false;
  const boot: FleetPageBoot = { ready: Promise.resolve(), transition: () => transition };
  if (!getCookie(COOKIE.roleUnit) || !getCookie(COOKIE.roleUser)) return boot;
  if (MAP_PAGES.has(path)) prewarmMap();
  if ((FLEET_PAGES as readonly string[]).includes(path))
    void queryClient.prefetchQuery(trackingQueryOptions());
  if (path !== '/map') return boot;

  transition = true;
  const layout = { ...useLayoutStore.getState(), mobile: isMobile((q) => window.matchMedia(q)) };
  const { stage, visible } = showBootShell(layout, {
    appName: i18n.t('common:appName'),
    title: i18n.t('shell:menu.map'),
  });
  const { sent, drawn } = startEarlyMap({
    snapshot: queryClient.fetchQuery(trackingQueryOptions()),
    stage,
    visible,
    locale: mapControlsLocale(i18n.getFixedT(null, 'map')),
    fit: !new URLSearchParams(window.location.search).has('vehicle'),
  });
  let isSent = false;
  void sent.then(() => (isSent = true));
  const sentInTime = Promise.race([sent, wait(FIRST_RENDER_WAIT_MS)]);
  boot.ready = visible
    ? Promise.race([sentInTime.then(() => (isSent ? drawn : undefined)), wait(BOOT_SHELL_WAIT_MS)])
    : sentInTime;
  return boot;
}
