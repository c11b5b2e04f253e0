import { importResponse, vehicleRow, type VehicleInput } from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from '../../../lib/api/vehicles';

/** POST kendaraan (201 with the row). */
export const createVehicle = (input: VehicleInput) =>
  api.postAuth('kendaraan', { body: input, schema: vehicleRow });
/** PUT kendaraan/{kendaraanId}. */
export const updateVehicle = (kendaraanId: number, input: VehicleInput) =>
  api.put(`kendaraan/${kendaraanId}`, { body: input, schema: vehicleRow });
/** DELETE kendaraan/{kendaraanId}: deactivates the vehicle and answers its row. */
export const deactivateVehicle = (kendaraanId: number) =>
  api.delete(`kendaraan/${kendaraanId}`, { schema: vehicleRow });
/** POST kendaraan/import: a dry run checks every row; a commit stores all of them or none. */
export const importVehicles = (rows: Record<string, unknown>[], dryRun: boolean) =>
  api.postAuth('kendaraan/import', { body: { rows, dryRun }, schema: importResponse });

function useRefreshVehicles() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: vehicleKeys.all });
}

export function useSaveVehicle() {
  const refresh = useRefreshVehicles();
  return useMutation({
    mutationFn: ({ kendaraanId, input }: { kendaraanId: number | null; input: VehicleInput }) =>
      kendaraanId === null ? createVehicle(input) : updateVehicle(kendaraanId, input),
    onSuccess: refresh,
  });
}

export function useDeactivateVehicle() {
  const refresh = useRefreshVehicles();
  return useMutation({ mutationFn: deactivateVehicle, onSuccess: refresh });
}
