import { routeRow, vehicleRoute, type RouteInput, type RouteRow } from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getStoredRole } from '../../../lib/role-storage';
import { routeKeys } from './geofence-keys';
import { routePanelKeys } from './route-queries';

/** POST trayek (201 with the row). */
export const createRoute = (input: RouteInput) => api.postAuth('trayek', { body: input, schema: routeRow });
/** PUT trayek/{trayekId}: every field, the waypoints and the path. */
export const updateRoute = (trayekId: number, input: RouteInput) =>
  api.put(`trayek/${trayekId}`, { body: input, schema: routeRow });
/** DELETE trayek/{trayekId}: vehicles on it are left without a route. */
export const deleteRoute = (trayekId: number) => api.delete(`trayek/${trayekId}`, { schema: routeRow });
/** PUT kendaraan/{kendaraanId}/trayek: the route a vehicle drives now (null: none). */
export const setVehicleRoute = (kendaraanId: number, trayekId: number | null) =>
  api.put(`kendaraan/${kendaraanId}/trayek`, { body: { trayekId }, schema: vehicleRoute });

/** Refreshes the routes and their paths; `withVehicles` also each vehicle's current route (tens of calls). */
function useRefreshRoutes({ withVehicles }: { withVehicles: boolean }) {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      queryKey: routeKeys.all,
      predicate: (q) => withVehicles || q.queryKey[1] !== 'kendaraan',
    });
}

export function useSaveRoute() {
  const refresh = useRefreshRoutes({ withVehicles: false });
  return useMutation({
    mutationFn: ({ trayekId, input }: { trayekId: number | null; input: RouteInput }): Promise<RouteRow> =>
      trayekId === null ? createRoute(input) : updateRoute(trayekId, input),
    // The form closes at once; the lists and the map follow.
    onSuccess: () => void refresh(),
  });
}

export function useDeleteRoute() {
  // The vehicles that drove it have no route now.
  const refresh = useRefreshRoutes({ withVehicles: true });
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRoute,
    onSuccess: (row) => {
      // Its own queries go, rather than being asked again for a route that is no more (a 404, retried).
      const unitId = getStoredRole()?.roleUnit;
      for (const queryKey of [
        routePanelKeys.one(unitId, row.trayekId),
        routePanelKeys.points(unitId, row.trayekId),
        routeKeys.path(unitId, row.trayekId),
      ])
        client.removeQueries({ queryKey, exact: true });
      void refresh();
    },
  });
}

export function useSetVehicleRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kendaraanId, trayekId }: { kendaraanId: number; trayekId: number | null }) =>
      setVehicleRoute(kendaraanId, trayekId),
    // The answer is the vehicle's route now: nothing else changed.
    onSuccess: (answer) =>
      client.setQueryData(routePanelKeys.vehicle(getStoredRole()?.roleUnit, answer.kendaraanId), answer),
  });
}
