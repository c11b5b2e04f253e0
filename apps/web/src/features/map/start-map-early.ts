import type { TrackingItem } from '@pantau/contracts';
import i18n from 'i18next';
import { isMobile, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../lib/layout-settings';
import { useLayoutStore } from '../../lib/layout-store';
import { startEarlyMap } from '../../map/early-map';
import { mapControlsLocale } from '../../map/map-view';

/**
 * The map's size on this page before the page is rendered (what map-page.css and the shell will give
 * it, with the toolbar on one line), for the map started at boot. Only a hint: the map follows its
 * container's real size once the page takes it.
 */
function mapStageSize(): { width: number; height: number } {
  const { innerWidth: width, innerHeight: height } = window;
  const { collapsed } = useLayoutStore.getState();
  const mobile = isMobile((q) => window.matchMedia(q));
  const sider = mobile ? 0 : collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const padding = width < 576 ? 12 : 20;
  const page = Math.max(420, height - 56 - 2 * padding);
  return { width: width - sider - 2 * padding, height: page - 12 - 32 };
}

/**
 * Starts /map's map at boot, before the shell and the page are rendered (see early-map.ts); settles once
 * the vehicles are with maplibre's worker (main.tsx renders the app then).
 */
export function startMapPageEarly(snapshot: Promise<readonly TrackingItem[]>): Promise<void> {
  return startEarlyMap({
    snapshot,
    size: mapStageSize(),
    locale: mapControlsLocale(i18n.getFixedT(null, 'map')),
    fit: !new URLSearchParams(window.location.search).has('vehicle'),
  });
}
