import { EnvironmentOutlined } from '@ant-design/icons';
import type { GeofenceRow, MarkerRow } from '@pantau/contracts';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredRole } from '../../../lib/role-storage';
import { DrawTool } from '../../../map/draw-tool';
import { circleRing } from '../../../map/geofence-features';
import { GeofencesLayer } from '../../../map/geofences-layer';
import { useMap } from '../../../map/map-context';
import { MarkersLayer } from '../../../map/markers-layer';
import { PoiPlacement } from '../../../map/poi-placement';
import { RoutePathsLayer } from '../../../map/route-paths-layer';
import { useMapGeofences } from '../api/get-geofences';
import { useMapMarkers } from '../api/get-markers';
import { useRoutePaths } from '../api/get-route-paths';
import { isDrawing, useGeofenceEditing } from '../model/geofence-editing-store';
import { useLayerVisibility } from '../model/layer-visibility';
import { usePoiEditing } from '../model/poi-editing-store';
import { routesShown, useRouteEditing } from '../model/route-editing-store';
import './geography.css';
import { RoutesOnMap } from './routes-on-map';
import { sidePanelPaddingOf } from '../model/side-panel-padding';

// The panels come with the first click that needs them: /map's first load carries only the layers.
const GeographyOptions = lazy(() =>
  import('./geography-options').then((m) => ({ default: m.GeographyOptions })),
);
const GeofenceDetails = lazy(() =>
  import('./geofence-details').then((m) => ({ default: m.GeofenceDetails })),
);
const GeofenceForm = lazy(() => import('./geofence-form').then((m) => ({ default: m.GeofenceForm })));
const PoiDetails = lazy(() => import('./poi-details').then((m) => ({ default: m.PoiDetails })));
const PoiForm = lazy(() => import('./poi-form').then((m) => ({ default: m.PoiForm })));

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
  const toggleLayer = useLayerVisibility((s) => s.toggle);
  const poi = usePoiEditing();
  const geofences = useMapGeofences(unitId);
  const markers = useMapMarkers(unitId, visible.markers);
  const routes = useRoutePaths(unitId, visible.routes);
  const routeNames = useMemo(() => new Map(routes.routes.map((r) => [r.trayekId, r.name])), [routes.routes]);
  const editing = useGeofenceEditing();
  // While a geofence is drawn or a POI placed, map clicks go to the tool, not to the layers.
  const drawing = isDrawing(editing) || editing.openForm || poi.openForm;
  // The route form draws on the map too: clicks there are its own.
  const routeForm = useRouteEditing((s) => s.edit);
  const [optionsOpen, setOptionsOpen] = useState(false);
  // The route panels and these take the same place beside the map: one at a time.
  useEffect(
    () =>
      useRouteEditing.subscribe((s) => {
        if (routesShown(s)) setOptionsOpen(false);
      }),
    [],
  );

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
      { padding: sidePanelPaddingOf(map.getContainer()), maxZoom: 17, duration: 800 },
    );
    poi.select(null);
    editing.select({ polygonId: g.polygonId, lng: g.center[0], lat: g.center[1] });
  };
  const flyToPoi = (m: MarkerRow) => {
    if (!visible.markers) toggleLayer('markers', true);
    map.flyTo({ center: m.position, zoom: Math.max(map.getZoom(), 15), duration: 800 });
    editing.select(null);
    poi.select(m);
  };
  const selectGeofence = (polygonId: number, [lng, lat]: [number, number]) => {
    poi.select(null);
    editing.select({ polygonId, lng, lat });
  };
  const selectPoi = (m: MarkerRow) => {
    editing.select(null);
    poi.select(m);
  };
  const panelOpen = editing.openForm || poi.openForm;

  return (
    <>
      <GeofencesLayer
        geofences={shown}
        visible={visible.geofences}
        selectedId={selected?.polygonId ?? null}
        onSelect={drawing || routeForm ? undefined : selectGeofence}
      />
      <MarkersLayer
        markers={markers.data ?? EMPTY}
        visible={visible.markers}
        onSelect={drawing || routeForm ? undefined : selectPoi}
      />
      <RoutePathsLayer paths={routes.paths} names={routeNames} visible={visible.routes} />
      {drawing && (
        <DrawTool
          key={editing.editing?.polygonId ?? `new-${editing.shape}`}
          shape={editing.shape}
          initial={editing.editing ? editableGeometry(editing.editing) : null}
          onChange={editing.setDrawn}
          radius={editing.typedRadius}
        />
      )}
      {poi.openForm && <PoiPlacement position={poi.position} onPlace={poi.setPosition} />}
      <Tooltip title={t('options.button')} placement="left">
        <Button
          className="geography-options-button"
          icon={<EnvironmentOutlined />}
          aria-label={t('options.button')}
          aria-expanded={optionsOpen}
          type={optionsOpen ? 'primary' : 'default'}
          onClick={() => {
            if (!optionsOpen) useRouteEditing.getState().closeAll();
            setOptionsOpen((o) => !o);
          }}
          disabled={routeForm}
          data-testid="geography-options-button"
          data-map-overlay
        />
      </Tooltip>
      <Suspense fallback={null}>
        {optionsOpen && !panelOpen && (
          <GeographyOptions
            onClose={() => setOptionsOpen(false)}
            onChoose={(g) => {
              flyTo(g);
              setOptionsOpen(false);
            }}
            onChoosePoi={(m) => {
              flyToPoi(m);
              setOptionsOpen(false);
            }}
          />
        )}
        {editing.openForm && (
          <GeofenceForm
            onSaved={(g) => editing.select({ polygonId: g.polygonId, lng: g.center[0], lat: g.center[1] })}
          />
        )}
        {poi.openForm && (
          <PoiForm
            onSaved={(m) => {
              // The saved POI's details, not the list it was started from.
              setOptionsOpen(false);
              selectPoi(m);
            }}
          />
        )}
        {poi.selected && !panelOpen && !optionsOpen && (
          <PoiDetails marker={poi.selected} onClose={() => poi.select(null)} onEdit={poi.startEdit} />
        )}
        {selected && !panelOpen && !optionsOpen && (
          <GeofenceDetails
            geofence={selected}
            onClose={() => editing.select(null)}
            onEdit={(g) => {
              editing.startEdit(g);
            }}
          />
        )}
      </Suspense>
      <RoutesOnMap />
    </>
  );
}
