import { driverRow, importResponse, type DriverInput } from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { driverKeys } from '../../../lib/api/drivers';

/** POST pengemudi (201 with the row). */
export const createDriver = (input: DriverInput) =>
  api.postAuth('pengemudi', { body: input, schema: driverRow });
/** PUT pengemudi/{pengemudiId}. */
export const updateDriver = (pengemudiId: number, input: DriverInput) =>
  api.put(`pengemudi/${pengemudiId}`, { body: input, schema: driverRow });
/** DELETE pengemudi/{pengemudiId}: deactivates the driver and answers the row. */
export const deactivateDriver = (pengemudiId: number) =>
  api.delete(`pengemudi/${pengemudiId}`, { schema: driverRow });
/** POST pengemudi/import: a dry run checks every row; a commit stores all of them or none. */
export const importDrivers = (rows: Record<string, unknown>[], dryRun: boolean) =>
  api.postAuth('pengemudi/import', { body: { rows, dryRun }, schema: importResponse });

function useRefreshDrivers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: driverKeys.all });
}

export function useSaveDriver() {
  const refresh = useRefreshDrivers();
  return useMutation({
    mutationFn: ({ pengemudiId, input }: { pengemudiId: number | null; input: DriverInput }) =>
      pengemudiId === null ? createDriver(input) : updateDriver(pengemudiId, input),
    onSuccess: refresh,
  });
}

export function useDeactivateDriver() {
  const refresh = useRefreshDrivers();
  return useMutation({ mutationFn: deactivateDriver, onSuccess: refresh });
}
