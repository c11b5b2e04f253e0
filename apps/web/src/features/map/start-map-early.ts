import type { TrackingItem } from '@pantau/contracts';
import i18n from 'i18next';
import { isMobile, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../lib/layout-settings';
import { useLayoutStore } from '../../lib/layout-store';
import { startEarlyMap } from '../../map/early-map';
import { mapControlsLocale } from '../../map/map-view';
import { bootShellFits, showBootShell, type BootShellLayout } from './boot-shell';

/**
 * The map's size on this page before the page is rendered (what map-page.css and the shell will give
 * it, with the toolbar on one line), for the map started at boot. Only a hint: the map follows its
 * container's real size once the page takes it.
 */
function mapStageSize({ collapsed, mobile }: BootShellLayout): { width: number; height: number } {
  const { innerWidth: width, innerHeight: height } = window;
  const sider = mobile ? 0 : collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const padding = width < 576 ? 12 : 20;
  const page = Math.max(420, height - 56 - 2 * padding);
  return { width: width - sider - 2 * padding, height: page - 12 - 32 };
}

/**
 * Starts /map's map at boot, before the shell and the page are rendered (see early-map.ts). Where the
 * boot shell can match the shell's layout, it is drawn (`inBootShell`) and the map is shown in it once
 * its vehicles can be drawn. Elsewhere the map stays hidden until the page takes it. Answers when the
 * vehicles are with maplibre's worker and when they are drawn in the boot shell: main.tsx renders the
 * app after one of them.
 */
export function startMapPageEarly(snapshot: Promise<readonly TrackingItem[]>): {
  sent: Promise<void>;
  drawn: Promise<void>;
  inBootShell: boolean;
} {
  const layout: BootShellLayout = {
    ...useLayoutStore.getState(),
    mobile: isMobile((q) => window.matchMedia(q)),
  };
  const stage = bootShellFits(layout, window.innerHeight)
    ? showBootShell(layout, { appName: i18n.t('common:appName'), title: i18n.t('shell:menu.map') })
    : undefined;
  const { sent, drawn } = startEarlyMap({
    snapshot,
    size: mapStageSize(layout),
    stage,
    locale: mapControlsLocale(i18n.getFixedT(null, 'map')),
    fit: !new URLSearchParams(window.location.search).has('vehicle'),
  });
  return { sent, drawn, inBootShell: stage !== undefined };
}
