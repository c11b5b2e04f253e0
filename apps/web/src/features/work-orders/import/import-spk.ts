import { workOrderImportResponse, type WorkOrderImportResponse } from '@pantau/contracts';
import { api } from '../../../lib/api-client';

/** POST spk/import — a dry run checks every row; a commit stores all of them or none. */
export const importWorkOrders = (
  rows: Record<string, unknown>[],
  dryRun: boolean,
): Promise<WorkOrderImportResponse> =>
  api.postAuth('spk/import', { body: { rows, dryRun }, schema: workOrderImportResponse });
