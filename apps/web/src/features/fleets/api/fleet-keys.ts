/** Query keys of fleet management; each starts with the unit so a role change refetches. */
export const fleetKeys = {
  all: ['units'] as const,
  info: (unitId: number | undefined) => [...fleetKeys.all, 'info', unitId] as const,
  fleets: ['units', 'fleet'] as const,
  list: (unitId: number | undefined, query: { Take: number; Skip: number; search?: string | undefined }) =>
    [...fleetKeys.fleets, 'list', unitId, query] as const,
  vehicles: (fleetId: number) => [...fleetKeys.fleets, 'vehicles', fleetId] as const,
  unitVehicles: (unitId: number | undefined) => ['kendaraan', 'fleet-picker', unitId] as const,
};
