import { fleetRow, fleetVehicleList, type FleetInput } from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unitKeys } from '../../../lib/api/units';
import { vehicleKeys } from '../../../lib/api/vehicles';

/** POST units/fleet (201 with the row). */
export const createFleet = (input: FleetInput) =>
  api.postAuth('units/fleet', { body: input, schema: fleetRow });
/** PUT units/fleet/{fleetId}: renames. */
export const renameFleet = (fleetId: number, input: FleetInput) =>
  api.put(`units/fleet/${fleetId}`, { body: input, schema: fleetRow });
/** DELETE units/fleet/{fleetId}: the fleet and its memberships; the vehicles stay. */
export const deleteFleet = (fleetId: number) => api.delete<void>(`units/fleet/${fleetId}`);
/** PUT units/fleet/{fleetId}/vehicles: replaces the fleet's vehicles. */
export const setFleetVehicles = (fleetId: number, kendaraanIds: number[]) =>
  api.put(`units/fleet/${fleetId}/vehicles`, { body: { kendaraanIds }, schema: fleetVehicleList });

/** Every fleet write changes counts in the list and the unit card, and the vehicles' fleet lists. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: unitKeys.all }),
      client.invalidateQueries({ queryKey: vehicleKeys.all }),
    ]);
}

export function useSaveFleet() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ fleetId, input }: { fleetId: number | null; input: FleetInput }) =>
      fleetId === null ? createFleet(input) : renameFleet(fleetId, input),
    onSuccess: refresh,
  });
}

export function useDeleteFleet() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteFleet, onSuccess: refresh });
}

export function useSetFleetVehicles() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ fleetId, kendaraanIds }: { fleetId: number; kendaraanIds: number[] }) =>
      setFleetVehicles(fleetId, kendaraanIds),
    onSuccess: refresh,
  });
}
