import { unitInfo, type UnitInfo, type UnitInfoInput } from '@pantau/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unitKeys } from '../../../lib/api/units';

/** GET units/info — the chosen unit's own details (Administrator). */
export const getUnitInfo = (): Promise<UnitInfo> => api.getAuth('units/info', { schema: unitInfo });
/** PUT units/info. */
export const updateUnitInfo = (input: UnitInfoInput): Promise<UnitInfo> =>
  api.put('units/info', { body: input, schema: unitInfo });

export function useUnitInfo(unitId: number | undefined) {
  return useQuery({ queryKey: unitKeys.info(unitId), queryFn: getUnitInfo, retry: false });
}

export function useUpdateUnitInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUnitInfo,
    onSuccess: () => client.invalidateQueries({ queryKey: unitKeys.all }),
  });
}
