import type { TrackingItem } from '@pantau/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from '../../../map/map-context';
import { MapView } from '../../../map/map-view';
import { VehiclesLayer } from '../../../map/vehicles-layer';
import '../../../map/map.css';

/** Street-level on a street map; on the built-in map (toll roads and cities only) a wider view. */
const ZOOM = { remote: 14, offline: 10 } as const;

/** Centres on the vehicle when it first has a position, then eases along as it moves. Renders nothing. */
function FollowVehicle({ vehicle }: { vehicle: TrackingItem }) {
  const { map, baseMap } = useMap();
  const placed = useRef(false);
  const { lat, lon } = vehicle;
  useEffect(() => {
    if (lat === null || lon === null) return;
    if (!placed.current) {
      placed.current = true;
      map.jumpTo({ center: [lon, lat], zoom: ZOOM[baseMap] });
    } else map.easeTo({ center: [lon, lat], duration: 600 });
  }, [map, baseMap, lat, lon]);
  return null;
}

/** The shared vehicle alone on a map, drawn as the selected vehicle. */
export function SharedVehicleMap({ vehicle, height }: { vehicle: TrackingItem; height: string | number }) {
  const { t } = useTranslation('map');
  const vehicles = useMemo(() => [vehicle], [vehicle]);
  const locale = useMemo(
    () => ({
      'NavigationControl.ZoomIn': t('controls.zoomIn'),
      'NavigationControl.ZoomOut': t('controls.zoomOut'),
    }),
    [t],
  );
  return (
    <div className="fleet-map" style={{ height }} data-testid="preview-map">
      <MapView className="fleet-map-canvas" locale={locale}>
        <VehiclesLayer vehicles={vehicles} selected={vehicle} />
        <FollowVehicle vehicle={vehicle} />
      </MapView>
    </div>
  );
}
