import type { Query } from '../../../lib/query-string';

/** The availability queries; every key starts with `availability` and the unit, so a role change refetches. */
export const availabilityKeys = {
  all: ['availability'] as const,
  summary: (unitId: number | undefined, fleetId: number | undefined) =>
    [...availabilityKeys.all, 'summary', unitId, fleetId ?? null] as const,
  page: (unitId: number | undefined, query: Query) =>
    [...availabilityKeys.all, 'page', unitId, query] as const,
  vehicle: (unitId: number | undefined, kendaraanId: number) =>
    [...availabilityKeys.all, 'vehicle', unitId, kendaraanId] as const,
  history: (unitId: number | undefined, kendaraanId: number) =>
    [...availabilityKeys.all, 'history', unitId, kendaraanId] as const,
};
