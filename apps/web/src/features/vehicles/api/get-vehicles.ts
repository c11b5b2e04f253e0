import { vehicleList, type VehicleList } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';
import { vehicleKeys } from './vehicle-keys';

/** GET kendaraan?Take&Skip&search&fleetId&vehicleClass&aktif&documentStatus&sortBy&sortDir — one page. */
export const getVehicles = (query: Query): Promise<VehicleList> =>
  api.getAuth('kendaraan', { query, schema: vehicleList });

export function useVehicles(unitId: number | undefined, query: Query) {
  return useQuery({
    queryKey: vehicleKeys.list(unitId, query),
    queryFn: () => getVehicles(query),
    placeholderData: keepPreviousData,
  });
}
