import type { Query } from '../../../lib/query-string';

/** Query keys of the vehicle management page; every key starts with the unit so a role change refetches. */
export const vehicleKeys = {
  all: ['kendaraan'] as const,
  list: (unitId: number | undefined, query: Query) => [...vehicleKeys.all, 'list', unitId, query] as const,
  brands: (unitId: number | undefined) => [...vehicleKeys.all, 'merk', unitId] as const,
  fleets: (unitId: number | undefined) => ['units', 'fleet', 'options', unitId] as const,
  drivers: (unitId: number | undefined) => ['pengemudi', 'options', unitId] as const,
};
