import { EnvironmentOutlined } from '@ant-design/icons';
import type { GeofenceRow } from '@pantau/contracts';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredRole } from '../../../lib/role-storage';
import { DrawTool } from '../../../map/draw-tool';
import { circleRing } from '../../../map/geofence-features';
import { GeofencesLayer } from '../../../map/geofences-layer';
import { useMap } from '../../../map/map-context';
import { MarkersLayer } from '../../../map/markers-layer';
import { RoutePathsLayer } from '../../../map/route-paths-layer';
import { useMapGeofences } from '../api/get-geofences';
import { useMapMarkers } from '../api/get-markers';
import { useRoutePaths } from '../api/get-route-paths';
import { isDrawing, useGeofenceEditing } from '../model/geofence-editing-store';
import { useLayerVisibility } from '../model/layer-visibility';
import './geography.css';

// The panels come with the first click that needs them: /map's first load carries only the layers.
const GeographyOptions = lazy(() =>
  import('./geography-options').then((m) => ({ default: m.GeographyOptions })),
);
const GeofenceDetails = lazy(() =>
  import('./geofence-details').then((m) => ({ default: m.GeofenceDetails })),
);
const GeofenceForm = lazy(() => import('./geofence-form').then((m) => ({ default: m.GeofenceForm })));

const EMPTY: never[] = [];

/** The stored shape to edit as terra-draw takes it: a circle as its ring. */
function editableGeometry(g: GeofenceRow): GeoJSON.Polygon | GeoJSON.LineString | null {
  if (g.polygonType === 'circle')
    return g.radius ? { type: 'Polygon', coordinates: [circleRing(g.center, g.radius)] } : null;
  return g.geometry.type === 'Point' ? null : g.geometry;
}

/**
 * Geography on the live map, rendered inside `<MapView>`: the geofence, POI and route layers, the
 * options (toggles, list, import, export), a clicked geofence's details, and for Administrators the
 * drawing tool with the form beside the map.
 */
export function GeographyOnMap() {
  const { t } = useTranslation('geography');
  const { map } = useMap();
  const unitId = getStoredRole()?.roleUnit;
  const visible = useLayerVisibility((s) => s.visible);
  const geofences = useMapGeofences(unitId);
  const markers = useMapMarkers(unitId, visible.markers);
  const routes = useRoutePaths(unitId, visible.routes);
  const routeNames = useMemo(() => new Map(routes.routes.map((r) => [r.trayekId, r.name])), [routes.routes]);
  const editing = useGeofenceEditing();
  const drawing = isDrawing(editing) || editing.openForm;
  const [optionsOpen, setOptionsOpen] = useState(false);

  const all = geofences.data ?? EMPTY;
  const selected = useMemo(
    () => (editing.selected ? (all.find((g) => g.polygonId === editing.selected!.polygonId) ?? null) : null),
    [all, editing.selected],
  );
  const shown = useMemo(
    // The geofence being edited is drawn by the tool, not twice.
    () => (editing.editing ? all.filter((g) => g.polygonId !== editing.editing!.polygonId) : all),
    [all, editing.editing],
  );

  const flyTo = (g: GeofenceRow) => {
    const [w, s, e, n] = g.boundary;
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 60, maxZoom: 17, duration: 800 },
    );
    editing.select({ polygonId: g.polygonId, lng: g.center[0], lat: g.center[1] });
  };

  return (
    <>
      <GeofencesLayer
        geofences={shown}
        visible={visible.geofences}
        selectedId={selected?.polygonId ?? null}
        onSelect={drawing ? undefined : (polygonId, [lng, lat]) => editing.select({ polygonId, lng, lat })}
      />
      <MarkersLayer markers={markers.data ?? EMPTY} visible={visible.markers} />
      <RoutePathsLayer paths={routes.paths} names={routeNames} visible={visible.routes} />
      {drawing && (
        <DrawTool
          key={editing.editing?.polygonId ?? `new-${editing.shape}`}
          shape={editing.shape}
          initial={editing.editing ? editableGeometry(editing.editing) : null}
          onChange={editing.setDrawn}
        />
      )}
      <Tooltip title={t('options.button')} placement="left">
        <Button
          className="geography-options-button"
          icon={<EnvironmentOutlined />}
          aria-label={t('options.button')}
          aria-expanded={optionsOpen}
          type={optionsOpen ? 'primary' : 'default'}
          onClick={() => setOptionsOpen((o) => !o)}
          data-testid="geography-options-button"
          data-map-overlay
        />
      </Tooltip>
      <Suspense fallback={null}>
        {optionsOpen && !editing.openForm && (
          <GeographyOptions
            onClose={() => setOptionsOpen(false)}
            onChoose={(g) => {
              flyTo(g);
              setOptionsOpen(false);
            }}
          />
        )}
        {editing.openForm && (
          <GeofenceForm
            onSaved={(g) => editing.select({ polygonId: g.polygonId, lng: g.center[0], lat: g.center[1] })}
          />
        )}
        {selected && !editing.openForm && !optionsOpen && (
          <GeofenceDetails
            geofence={selected}
            onClose={() => editing.select(null)}
            onEdit={(g) => {
              editing.startEdit(g);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
