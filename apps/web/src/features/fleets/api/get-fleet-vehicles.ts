import { fleetVehicleList, vehicleList, type FleetVehicle } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fleetKeys } from './fleet-keys';

/** GET units/fleet/{fleetId}/vehicles — the vehicles in one fleet. */
export const getFleetVehicles = (fleetId: number) =>
  api.getAuth(`units/fleet/${fleetId}/vehicles`, { schema: fleetVehicleList });

export function useFleetVehicles(fleetId: number | null) {
  return useQuery({
    queryKey: fleetKeys.vehicles(fleetId ?? 0),
    queryFn: () => getFleetVehicles(fleetId!),
    enabled: fleetId !== null,
  });
}

/** GET kendaraan?Take=1000 — every vehicle of the unit, as the picker lists them. */
export async function getUnitVehicles(): Promise<FleetVehicle[]> {
  const list = await api.getAuth('kendaraan', { query: { Take: 1000 }, schema: vehicleList });
  return list.results.map(({ kendaraanId, nomorPolisi, nomorKendaraan }) => ({
    kendaraanId,
    nomorPolisi,
    nomorKendaraan,
  }));
}

export function useUnitVehicles(unitId: number | undefined, enabled: boolean) {
  return useQuery({ queryKey: fleetKeys.unitVehicles(unitId), queryFn: getUnitVehicles, enabled });
}
