import type { WorkOrderDetail } from '@pantau/contracts';
import { Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from '../../../map/map-context';
import { mapControlsLocale, MapView } from '../../../map/map-view';
import { RoutePathsLayer } from '../../../map/route-paths-layer';
import { getStoredRole } from '../../../lib/role-storage';
import { useRoutePath } from '../api/get-places';
import { useTripTrack } from '../api/get-trip-track';
import { tripPeriod } from '../model/trip-track';
import { TRACK_COLOR, TripTrackLayer } from './trip-track-layer';
import '../../../map/map.css';

/** Fits the map to what it shows once it is known. Renders nothing. */
function FitTo({ points }: { points: readonly [number, number][] }) {
  const { map } = useMap();
  useEffect(() => {
    if (!points.length) return;
    let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [lon, lat] of points) {
      w = Math.min(w, lon);
      e = Math.max(e, lon);
      s = Math.min(s, lat);
      n = Math.max(n, lat);
    }
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 32, maxZoom: 14, duration: 0 },
    );
  }, [map, points]);
  return null;
}

/** The SPK's trip on a small map: the route's path and corridor, and the vehicle's track over the trip. */
export function TripMap({ spk }: { spk: WorkOrderDetail }) {
  const { t } = useTranslation('workOrders');
  const { t: tm } = useTranslation('map');
  const unitId = getStoredRole()?.roleUnit;
  const [now] = useState(() => Date.now());
  const period = tripPeriod(spk, now);
  const path = useRoutePath(unitId, spk.trayekId);
  const track = useTripTrack(unitId, spk.kendaraanId, period);
  const locale = useMemo(() => mapControlsLocale(tm), [tm]);
  const paths = useMemo(() => (path.data ? [path.data] : []), [path.data]);
  const names = useMemo(
    () => new Map(spk.trayekId !== null ? [[spk.trayekId, spk.trayekCode ?? '']] : []),
    [spk.trayekId, spk.trayekCode],
  );
  const points = track.data ?? [];
  const everything = useMemo(
    () => [...(path.data?.path.coordinates ?? []), ...(track.data ?? [])] as [number, number][],
    [path.data, track.data],
  );

  return (
    <div className="spk-trip">
      <div
        className="fleet-map spk-trip-map"
        data-testid="spk-trip-map"
        data-track-points={track.data?.length ?? 0}
        data-route-points={path.data?.path.coordinates.length ?? 0}
      >
        <MapView className="fleet-map-canvas" locale={locale}>
          <RoutePathsLayer paths={paths} names={names} visible />
          <TripTrackLayer points={points} />
          <FitTo points={everything} />
        </MapView>
      </div>
      <div className="spk-trip-legend">
        {spk.trayekId !== null && (
          <span>
            <i className="spk-legend-swatch" style={{ background: '#7c3aed' }} /> {t('drawer.mapLegendRoute')}
          </span>
        )}
        <span>
          <i className="spk-legend-swatch" style={{ background: TRACK_COLOR }} /> {t('drawer.mapLegendTrack')}
        </span>
        {period === null && <Typography.Text type="secondary">{t('drawer.mapEmpty')}</Typography.Text>}
      </div>
    </div>
  );
}
