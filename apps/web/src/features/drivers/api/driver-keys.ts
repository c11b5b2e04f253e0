import type { Query } from '../../../lib/query-string';

/** Query keys of the driver management page; every key starts with the unit so a role change refetches. */
export const driverKeys = {
  all: ['pengemudi'] as const,
  list: (unitId: number | undefined, query: Query) => [...driverKeys.all, 'list', unitId, query] as const,
};
