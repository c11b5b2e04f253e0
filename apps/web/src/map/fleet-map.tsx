import { ColumnWidthOutlined } from '@ant-design/icons';
import type { TrackingItem } from '@pantau/contracts';
import { Button, Tooltip } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutStore } from '../lib/layout-store';
import { useLiveStore } from '../lib/live/live-store';
import { FitFleetOnce, FocusVehicle } from './camera';
import { ClusterList, type SpotVehicles } from './cluster-list';
import { mapControlsLocale, MapView } from './map-view';
import type { LngLat } from './ruler';
import { RulerLayer } from './ruler-layer';
import { RulerPanel } from './ruler-panel';
import { VehiclesLayer } from './vehicles-layer';
import './map.css';

export interface FleetMapProps {
  /**
   * The vehicles to draw. Leave out to draw the live fleet (useLiveStore) straight from the store:
   * the map then refreshes every second without re-rendering this component or its parent.
   */
  vehicles?: TrackingItem[];
  selectedId?: number | null;
  onSelect?: (kendaraanId: number) => void;
  /** Keep easing the camera to the selected vehicle as it moves. */
  follow?: boolean;
  height?: number | string;
  /** Shows the distance float button (spec S-051) and the measuring tool. */
  showRuler?: boolean;
  testId?: string;
  /** Takes the map started at boot for this page (early-handoff.ts) when there is one. */
  adoptEarly?: boolean;
  /** More layers and overlays drawn inside the map (they may call `useMap()`). */
  children?: ReactNode;
}

/** The live fleet map used by /map and the dashboard. */
export function FleetMap({
  vehicles,
  selectedId = null,
  onSelect,
  follow = false,
  height = 480,
  showRuler = false,
  testId = 'fleet-map',
  adoptEarly = false,
  children,
}: FleetMapProps) {
  const { t } = useTranslation('map');
  const rtl = useLayoutStore((s) => s.direction === 'rtl');
  const [measuring, setMeasuring] = useState(false);
  const [points, setPoints] = useState<LngLat[]>([]);
  const fromProps = useMemo(
    () =>
      selectedId === null || !vehicles ? null : (vehicles.find((v) => v.kendaraanId === selectedId) ?? null),
    [vehicles, selectedId],
  );
  // Live: only the selected vehicle's changes re-render the map component.
  const fromStore = useLiveStore((s) =>
    vehicles || selectedId === null ? null : (s.byId.get(selectedId) ?? null),
  );
  const selected = vehicles ? fromProps : fromStore;
  const locale = useMemo(() => mapControlsLocale(t), [t]);
  const [spot, setSpot] = useState<SpotVehicles | null>(null);
  const spotVehicles = useMemo(() => {
    if (!spot) return [];
    const byId = vehicles ? new Map(vehicles.map((v) => [v.kendaraanId, v])) : useLiveStore.getState().byId;
    return spot.ids.flatMap((id) => byId.get(id) ?? []);
  }, [spot, vehicles]);

  return (
    <div className="fleet-map" style={{ height }} data-testid={testId}>
      <MapView className="fleet-map-canvas" rtl={rtl} locale={locale} adoptEarly={adoptEarly}>
        <FitFleetOnce vehicles={vehicles} skip={selectedId !== null} />
        <VehiclesLayer
          vehicles={vehicles}
          selected={selected}
          onSelect={measuring ? undefined : onSelect}
          onSpot={setSpot}
        />
        <FocusVehicle vehicle={selected} follow={follow} />
        {showRuler && (
          <RulerLayer points={points} active={measuring} onAddPoint={(p) => setPoints((ps) => [...ps, p])} />
        )}
        {children}
      </MapView>
      {spot && spotVehicles.length > 0 && onSelect && !measuring && (
        <ClusterList
          spot={spot}
          vehicles={spotVehicles}
          onSelect={(id) => {
            setSpot(null);
            onSelect(id);
          }}
          onClose={() => setSpot(null)}
        />
      )}
      {showRuler && measuring && (
        <RulerPanel
          points={points}
          onUndo={() => setPoints((ps) => ps.slice(0, -1))}
          onClear={() => setPoints([])}
        />
      )}
      {showRuler && (
        // A round button as antd's FloatButton, whose own code and styles would be in every first load.
        <Tooltip title={measuring ? t('ruler.close') : t('ruler.button')} placement="left">
          <Button
            className="ruler-button"
            shape="circle"
            size="large"
            icon={<ColumnWidthOutlined />}
            type={measuring ? 'primary' : 'default'}
            aria-label={t('ruler.button')}
            aria-pressed={measuring}
            data-testid="ruler-button"
            data-map-overlay
            onClick={() => {
              setMeasuring((m) => !m);
              setPoints([]);
            }}
          />
        </Tooltip>
      )}
    </div>
  );
}
