import {
  incidentList,
  incidentRow,
  maintenanceList,
  maintenanceRow,
  pretripCheckList,
  pretripCheckRow,
  type IncidentInput,
  type IncidentRow,
  type MaintenanceInput,
  type MaintenanceRow,
  type PretripCheckInput,
  type PretripCheckRow,
} from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { entityWrites } from '../../../lib/api/entity-writes';

/** The newest records of a vehicle a section shows (its open ones are among the newest). */
export const RECORDS_SHOWN = 50;

/** Every key starts with `vehicle-health`, so a write refreshes all of them. */
export const vehicleHealthKeys = {
  all: ['vehicle-health'] as const,
  list: (path: string, unitId: number | undefined, kendaraanId: number) =>
    [...vehicleHealthKeys.all, path, unitId, kendaraanId] as const,
};

function records<Row, Input>(
  path: string,
  row: z.ZodType<Row>,
  list: z.ZodType<{ count: number; results: Row[] }>,
) {
  /** GET <path>?kendaraanId= — the vehicle's records, newest first. */
  function useList(unitId: number | undefined, kendaraanId: number) {
    return useQuery({
      queryKey: vehicleHealthKeys.list(path, unitId, kendaraanId),
      queryFn: () =>
        api.getAuth(path, { query: { kendaraanId, Take: RECORDS_SHOWN, Skip: 0 }, schema: list }),
    });
  }
  // POST adds, PUT saves (closes), DELETE deletes: the kit's writes, refreshing every record list.
  const writes = entityWrites<Input, Row>(path, row, vehicleHealthKeys.all);
  return { useList, useSave: writes.useSave, useDelete: writes.useDeactivate };
}

/** Maintenance orders (`/api/maintenance`). */
export const maintenanceRecords = records<MaintenanceRow, MaintenanceInput>(
  'maintenance',
  maintenanceRow,
  maintenanceList,
);
/** Incidents (`/api/incidents`). */
export const incidentRecords = records<IncidentRow, IncidentInput>('incidents', incidentRow, incidentList);
/** Pre-trip checks, P2H (`/api/p2h`). */
export const checkRecords = records<PretripCheckRow, PretripCheckInput>(
  'p2h',
  pretripCheckRow,
  pretripCheckList,
);
