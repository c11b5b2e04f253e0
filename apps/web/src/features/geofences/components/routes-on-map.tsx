import { NodeIndexOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredRole } from '../../../lib/role-storage';
import { DrawTool } from '../../../map/draw-tool';
import { useMap } from '../../../map/map-context';
import { RouteHighlightLayer } from '../../../map/route-highlight-layer';
import { useRoutePath } from '../api/route-queries';
import { useGeofenceEditing } from '../model/geofence-editing-store';
import { usePoiEditing } from '../model/poi-editing-store';
import { routesShown, useRouteEditing } from '../model/route-editing-store';
import './routes.css';
import { sidePanelPaddingOf } from '../model/side-panel-padding';

// Like the geography panels, the route panels come with the first click that needs them.
const RouteList = lazy(() => import('./route-list').then((m) => ({ default: m.RouteList })));
const RouteDetails = lazy(() => import('./route-details').then((m) => ({ default: m.RouteDetails })));
const RouteForm = lazy(() => import('./route-form').then((m) => ({ default: m.RouteForm })));

/**
 * Routes (trayek) on the live map, rendered inside `<MapView>`: a button opening the route list; the
 * chosen route highlighted with its details; for Administrators the form beside the map, with the path
 * drawn as a line on the map or taken from a recorded trip.
 */
export function RoutesOnMap() {
  const { t } = useTranslation('routes');
  const { map } = useMap();
  const unitId = getStoredRole()?.roleUnit;
  const routes = useRouteEditing();
  const shown = routesShown(routes);
  const selectedPath = useRoutePath(unitId, routes.edit ? null : routes.selectedId);
  const geofenceBusy = useGeofenceEditing((s) => s.openForm || s.selected !== null);
  const poiBusy = usePoiEditing((s) => s.openForm || s.selected !== null);
  const geofenceForm = useGeofenceEditing((s) => s.openForm);
  const poiForm = usePoiEditing((s) => s.openForm);

  // One set of panels at a time: a geofence or POI opened on the map closes the route panels (not the
  // form, which keeps the map's clicks for its drawing).
  useEffect(() => {
    const r = useRouteEditing.getState();
    if ((geofenceBusy || poiBusy) && !r.edit) r.closeAll();
  }, [geofenceBusy, poiBusy]);
  useEffect(() => {
    if (shown) {
      const g = useGeofenceEditing.getState();
      if (g.selected) g.select(null);
      const p = usePoiEditing.getState();
      if (p.selected) p.select(null);
    }
  }, [shown]);

  // The chosen route fills the map.
  const boundary = selectedPath.data?.boundary;
  useEffect(() => {
    if (!boundary) return;
    const [w, s, e, n] = boundary;
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: sidePanelPaddingOf(map.getContainer()), maxZoom: 15, duration: 800 },
    );
  }, [map, boundary]);

  return (
    <>
      <RouteHighlightLayer
        path={routes.selectedId !== null && !routes.edit ? (selectedPath.data ?? null) : null}
      />
      {routes.edit && (
        <DrawTool
          key={`route-${routes.key ?? 'new'}-${routes.pathVersion}`}
          shape="corridor"
          initial={routes.path}
          onChange={(drawn) => {
            if (drawn.shape === 'corridor') routes.setDrawn(drawn.geometry);
          }}
        />
      )}
      <Tooltip title={t('button')} placement="left">
        <Button
          className="routes-button"
          icon={<NodeIndexOutlined />}
          aria-label={t('button')}
          aria-expanded={shown}
          type={shown ? 'primary' : 'default'}
          onClick={() => (shown && !routes.edit ? routes.closeAll() : routes.openList())}
          disabled={routes.edit || geofenceForm || poiForm}
          data-testid="routes-button"
          data-map-overlay
        />
      </Tooltip>
      <Suspense fallback={null}>
        {routes.listOpen && <RouteList />}
        {routes.selectedId !== null && !routes.edit && <RouteDetails trayekId={routes.selectedId} />}
        {routes.edit && <RouteForm />}
      </Suspense>
    </>
  );
}
