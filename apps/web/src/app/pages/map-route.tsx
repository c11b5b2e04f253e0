import type { TrackingItem } from '@pantau/contracts';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { MapPage, mapStageSize } from '../../features/map/pages/map-page';
import { startEarlyMap } from '../../map/early-map';
import { mapControlsLocale } from '../../map/fleet-map';

export function MapRoute() {
  const { t } = useTranslation('shell');
  return <MapPage title={t('menu.map')} />;
}

/** Starts /map's map at boot, before the shell and the page are rendered (see early-map.ts). */
export function startMapRouteEarly(snapshot: Promise<readonly TrackingItem[]>): void {
  startEarlyMap({
    snapshot,
    size: mapStageSize(),
    locale: mapControlsLocale(i18n.getFixedT(null, 'map')),
    fit: !new URLSearchParams(window.location.search).has('vehicle'),
  });
}
