import { fleetVehicleList, type FleetVehicle, type VehicleRow } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fleetKeys } from '../../../lib/api/fleets';
import { everyVehicleQueryOptions } from '../../../lib/api/vehicles';

/** GET units/fleet/{fleetId}/vehicles — the vehicles in one fleet. */
export const getFleetVehicles = (fleetId: number) =>
  api.getAuth(`units/fleet/${fleetId}/vehicles`, { schema: fleetVehicleList });

export function useFleetVehicles(fleetId: number | null) {
  return useQuery({
    queryKey: fleetKeys.members(fleetId ?? 0),
    queryFn: () => getFleetVehicles(fleetId!),
    enabled: fleetId !== null,
  });
}

const pickerItem = ({ kendaraanId, nomorPolisi, nomorKendaraan }: VehicleRow): FleetVehicle => ({
  kendaraanId,
  nomorPolisi,
  nomorKendaraan,
});

/** Every vehicle of the unit, as the picker lists them; read afresh each time the picker opens. */
export function useUnitVehicles(unitId: number | undefined, enabled: boolean) {
  return useQuery({
    ...everyVehicleQueryOptions(unitId),
    select: (rows) => rows.map(pickerItem),
    staleTime: 0,
    enabled,
  });
}
