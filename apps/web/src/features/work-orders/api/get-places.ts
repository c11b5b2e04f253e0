import { geofenceList, MAX_PAGE_SIZE, routeList, routePath, type RoutePath } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getEveryPage } from '../../../lib/api/every-page';
import { workOrderKeys } from './work-order-keys';

/** GET trayek — the unit's active routes, to pick and filter by (a unit has tens). */
export const getRoutes = () =>
  api.getAuth('trayek', { query: { Take: MAX_PAGE_SIZE, aktif: true }, schema: routeList });

export function useRoutes(unitId: number | undefined, enabled = true) {
  return useQuery({ queryKey: workOrderKeys.routes(unitId), queryFn: getRoutes, staleTime: 60_000, enabled });
}

/** GET trayek/jalur?trayekId= — a route's path, for the trip map. */
export const getRoutePath = (trayekId: number): Promise<RoutePath> =>
  api.getAuth('trayek/jalur', { query: { trayekId }, schema: routePath });

export function useRoutePath(unitId: number | undefined, trayekId: number | null) {
  return useQuery({
    queryKey: workOrderKeys.routePath(unitId, trayekId ?? 0),
    queryFn: () => getRoutePath(trayekId!),
    enabled: trayekId !== null,
    staleTime: 5 * 60_000,
  });
}

/** GET polygons — every geofence of the unit, to pick an origin or destination. */
export function usePlaces(unitId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: workOrderKeys.places(unitId),
    queryFn: () => getEveryPage('polygons', geofenceList),
    staleTime: 60_000,
    enabled,
  });
}
