import { AimOutlined } from '@ant-design/icons';
import type { TrackingItem } from '@pantau/contracts';
import { Badge, Switch, Tooltip } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLiveStore } from '../../../lib/live/live-store';
import { useLiveSeed } from '../../../lib/live/use-live-vehicles';
import { FleetMap } from '../../../map/fleet-map';
import { openVehicleDrawer, useTrackStore } from '../../../map/track-store';
import { MotionLegend } from '../components/motion-legend';
import { VehicleSearch } from '../components/vehicle-search';
import './map-page.css';

const CONNECTION_STATUS = { connecting: 'processing', open: 'success', closed: 'error' } as const;

function countByMotion(vehicles: readonly TrackingItem[]) {
  const counts: Record<string, number> = {};
  let withoutPosition = 0;
  for (const v of vehicles) {
    counts[v.motion] = (counts[v.motion] ?? 0) + 1;
    if (v.lat === null || v.lon === null) withoutPosition += 1;
  }
  return { counts, withoutPosition };
}

/** The legend's counts per motion and the vehicles shown: the one part of the page that follows every batch. */
function FleetCounts() {
  const { t } = useTranslation('map');
  const vehicles = useLiveStore((s) => s.vehicles);
  const { counts, withoutPosition } = useMemo(() => countByMotion(vehicles), [vehicles]);
  return (
    <>
      <MotionLegend counts={counts} />
      <span className="map-count" dir="auto">
        {t('count', { shown: vehicles.length - withoutPosition, total: vehicles.length })}
      </span>
    </>
  );
}

/**
 * /map: every vehicle of the unit, live, with search, legend, tracking and the distance tool. The page
 * does not subscribe to the fleet: the map layer reads the live store outside React render, and only
 * the counts and the selected vehicle re-render with live batches. `layers` are drawn inside the map
 * (the route passes geography).
 */
export function MapPage({ title, layers }: { title: string; layers?: ReactNode }) {
  const { t } = useTranslation('map');
  useLiveSeed();
  const connection = useLiveStore((s) => s.connection);
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('vehicle'));
  const selectedId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null;
  const track = useTrackStore((s) => s.track);
  const setTrack = useTrackStore((s) => s.setTrack);
  const storeId = useTrackStore((s) => s.vehicleId);

  // ?vehicle= is the shared, reloadable selection: a link to it opens that vehicle's drawer; the track
  // store mirrors it for the drawer.
  useEffect(() => {
    if (selectedId !== null && useTrackStore.getState().vehicleId !== selectedId)
      openVehicleDrawer(selectedId);
  }, [selectedId]);
  // A vehicle chosen elsewhere (the drawer, the dashboard) shows up in the URL.
  useEffect(() => {
    if (storeId !== null && storeId !== selectedId)
      setParams(
        (p) => {
          p.set('vehicle', String(storeId));
          return p;
        },
        { replace: true },
      );
  }, [storeId]); // eslint-disable-line react-hooks/exhaustive-deps

  const choose = (kendaraanId: number) => {
    setParams(
      (p) => {
        p.set('vehicle', String(kendaraanId));
        return p;
      },
      { replace: true },
    );
    openVehicleDrawer(kendaraanId);
  };
  const hasSelected = useLiveStore((s) => selectedId !== null && s.byId.has(selectedId));

  return (
    <div className="map-page" data-testid="map-page">
      <div className="map-toolbar">
        <h3 className="map-title">{title}</h3>
        <VehicleSearch onChoose={choose} />
        <Tooltip title={t('track.hint')}>
          <span className="map-track-toggle">
            <AimOutlined />
            <span>{t('track.toggle')}</span>
            <Switch
              size="small"
              checked={track}
              disabled={!hasSelected}
              onChange={setTrack}
              aria-label={t('track.toggle')}
              data-testid="map-track-toggle"
            />
          </span>
        </Tooltip>
        <Badge
          status={CONNECTION_STATUS[connection]}
          text={t(`connection.${connection}`)}
          data-testid="live-connection"
          data-state={connection}
        />
      </div>
      <div className="map-stage" data-map-stage>
        <FleetMap
          selectedId={selectedId}
          onSelect={choose}
          follow={track}
          height="100%"
          showRuler
          testId="live-map"
          adoptEarly
        >
          {layers}
        </FleetMap>
        <div className="map-overlay-bottom" data-map-overlay>
          <FleetCounts />
        </div>
      </div>
    </div>
  );
}
