import { brandOptions } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from '../../../lib/api/vehicles';

/** GET kendaraan/merk — brands with their types, for the form and the import. */
export const getBrands = () => api.getAuth('kendaraan/merk', { schema: brandOptions });

export function useBrands(unitId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: vehicleKeys.brands(unitId),
    queryFn: getBrands,
    staleTime: 5 * 60_000,
    enabled,
  });
}
