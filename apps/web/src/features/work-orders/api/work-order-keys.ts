import type { WorkOrderKind } from '@pantau/contracts';
import type { Query } from '../../../lib/query-string';

/**
 * The SPK queries. Every key starts with `spk` and the unit, so a write refreshes them all and a role
 * change refetches.
 */
export const workOrderKeys = {
  all: ['spk'] as const,
  pages: ['spk', 'page'] as const,
  page: (unitId: number | undefined, kind: WorkOrderKind, query: Query) =>
    [...workOrderKeys.pages, unitId, kind, query] as const,
  details: ['spk', 'detail'] as const,
  detail: (unitId: number | undefined, spkId: number) => [...workOrderKeys.details, unitId, spkId] as const,
  kinds: (unitId: number | undefined) => [...workOrderKeys.all, 'kinds', unitId] as const,
  /** What the SPK form and the drawer look up: the unit's routes, a route's path, geofences, a trip's track. */
  routes: (unitId: number | undefined) => [...workOrderKeys.all, 'trayek', unitId] as const,
  routePath: (unitId: number | undefined, trayekId: number) =>
    [...workOrderKeys.all, 'trayek', unitId, trayekId] as const,
  places: (unitId: number | undefined) => [...workOrderKeys.all, 'polygons', unitId] as const,
  track: (unitId: number | undefined, kendaraanId: number, from: string, to: string) =>
    [...workOrderKeys.all, 'track', unitId, kendaraanId, from, to] as const,
};
