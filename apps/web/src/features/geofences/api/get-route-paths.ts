import { MAX_PAGE_SIZE, routeList, routePath, type RoutePath } from '@pantau/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { routeKeys } from './geofence-keys';

/** GET trayek — the unit's active routes (one full page: a unit has tens, not thousands). */
export const getRoutes = () =>
  api.getAuth('trayek', { query: { Take: MAX_PAGE_SIZE, aktif: true }, schema: routeList });
/** GET trayek/jalur?trayekId= — a route's path. */
export const getRoutePath = (trayekId: number): Promise<RoutePath> =>
  api.getAuth('trayek/jalur', { query: { trayekId }, schema: routePath });

/** The paths of the unit's routes, for the map. */
export function useRoutePaths(unitId: number | undefined, enabled: boolean) {
  const routes = useQuery({
    queryKey: routeKeys.list(unitId),
    queryFn: getRoutes,
    staleTime: 60_000,
    enabled,
  });
  const paths = useQueries({
    queries: (enabled ? (routes.data?.results ?? []) : []).map((r) => ({
      queryKey: routeKeys.path(unitId, r.trayekId),
      queryFn: () => getRoutePath(r.trayekId),
      staleTime: 60_000,
    })),
  });
  return { routes: routes.data?.results ?? [], paths: paths.flatMap((p) => (p.data ? [p.data] : [])) };
}
