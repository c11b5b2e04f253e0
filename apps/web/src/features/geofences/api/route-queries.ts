import {
  MAX_PAGE_SIZE,
  routeFromTrip,
  routeList,
  routePointList,
  routeRow,
  vehicleRoute,
  type RouteFromTrip,
  type VehicleRoute,
} from '@pantau/contracts';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { routeKeys } from './geofence-keys';
import { getRoutePath } from './get-route-paths';

/** Query keys of the route panels; under `routeKeys.all`, so a saved route refreshes them and the map. */
export const routePanelKeys = {
  search: (unitId: number | undefined, search: string) =>
    [...routeKeys.all, 'search', unitId, search] as const,
  one: (unitId: number | undefined, trayekId: number) => [...routeKeys.all, 'one', unitId, trayekId] as const,
  points: (unitId: number | undefined, trayekId: number) =>
    [...routeKeys.all, 'points', unitId, trayekId] as const,
  vehicle: (unitId: number | undefined, kendaraanId: number) =>
    [...routeKeys.all, 'kendaraan', unitId, kendaraanId] as const,
};

/** GET trayek?search — the unit's routes matching code, name, origin or destination. */
export const searchRoutes = (search: string) =>
  api.getAuth('trayek', { query: { Take: MAX_PAGE_SIZE, search: search || undefined }, schema: routeList });
/** GET trayek/{trayekId}. */
export const getRoute = (trayekId: number) => api.getAuth(`trayek/${trayekId}`, { schema: routeRow });
/** GET trayek/points?trayekId= — the ordered waypoints. */
export const getRoutePoints = (trayekId: number) =>
  api.getAuth('trayek/points', { query: { trayekId }, schema: routePointList });
/** GET kendaraan/{kendaraanId}/trayek — the route a vehicle drives now. */
export const getVehicleRoute = (kendaraanId: number): Promise<VehicleRoute> =>
  api.getAuth(`kendaraan/${kendaraanId}/trayek`, { schema: vehicleRoute });
/** GET trayek/from-trip — a vehicle's recorded track over a period, simplified (a preview). */
export const getRouteFromTrip = (query: {
  kendaraanId: number;
  from: string;
  to: string;
}): Promise<RouteFromTrip> => api.getAuth('trayek/from-trip', { query, schema: routeFromTrip });

export function useRouteSearch(unitId: number | undefined, search: string) {
  return useQuery({
    queryKey: routePanelKeys.search(unitId, search),
    queryFn: () => searchRoutes(search),
    placeholderData: keepPreviousData,
  });
}

export function useRoute(unitId: number | undefined, trayekId: number | null) {
  return useQuery({
    queryKey: routePanelKeys.one(unitId, trayekId ?? 0),
    queryFn: () => getRoute(trayekId!),
    enabled: trayekId !== null,
  });
}

export function useRoutePath(unitId: number | undefined, trayekId: number | null) {
  return useQuery({
    queryKey: routeKeys.path(unitId, trayekId ?? 0),
    queryFn: () => getRoutePath(trayekId!),
    enabled: trayekId !== null,
  });
}

export function useRoutePoints(unitId: number | undefined, trayekId: number | null) {
  return useQuery({
    queryKey: routePanelKeys.points(unitId, trayekId ?? 0),
    queryFn: () => getRoutePoints(trayekId!),
    enabled: trayekId !== null,
  });
}

/**
 * The current route of each of the given vehicles (the unit's fleet is tens of vehicles; each answer is
 * cached and shared with the vehicle's own view).
 */
export function useVehicleRoutes(unitId: number | undefined, kendaraanIds: readonly number[]) {
  return useQueries({
    queries: kendaraanIds.map((kendaraanId) => ({
      queryKey: routePanelKeys.vehicle(unitId, kendaraanId),
      queryFn: () => getVehicleRoute(kendaraanId),
      staleTime: 30_000,
    })),
    combine: (results) => ({
      routes: results.flatMap((r) => (r.data ? [r.data] : [])),
      isLoading: results.some((r) => r.isLoading),
    }),
  });
}
