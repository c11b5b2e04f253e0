import type { Query } from '../../../lib/query-string';

/** Query keys of geography; every key starts with the resource, then the unit, so a role change refetches. */
export const geofenceKeys = {
  all: ['polygons'] as const,
  map: (unitId: number | undefined) => [...geofenceKeys.all, 'map', unitId] as const,
  list: (unitId: number | undefined, query: Query) => [...geofenceKeys.all, 'list', unitId, query] as const,
};

export const markerKeys = {
  all: ['markers'] as const,
  map: (unitId: number | undefined) => [...markerKeys.all, 'map', unitId] as const,
  list: (unitId: number | undefined, query: Query) => [...markerKeys.all, 'list', unitId, query] as const,
};

export const routeKeys = {
  all: ['trayek'] as const,
  list: (unitId: number | undefined) => [...routeKeys.all, 'list', unitId] as const,
  path: (unitId: number | undefined, trayekId: number) =>
    [...routeKeys.all, 'jalur', unitId, trayekId] as const,
};

export const visitKeys = {
  all: ['loggeopoint'] as const,
  ofGeofence: (unitId: number | undefined, polygonId: number, from: string) =>
    [...visitKeys.all, 'polygon', unitId, polygonId, from] as const,
};
