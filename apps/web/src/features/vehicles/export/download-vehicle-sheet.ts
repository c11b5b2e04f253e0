import type { VehicleRow } from '@pantau/contracts';
import { buildSheetWorkbook } from '../../../components/management/sheet';
import { downloadWorkbook, loadWorkbookClass } from '../../../lib/excel';
import {
  VEHICLE_SHEET_COLUMNS,
  vehicleSheetRow,
  type VehicleSheetKey,
  type VehicleSheetWords,
} from '../model/vehicle-sheet';

export interface VehicleSheetLabels extends VehicleSheetWords {
  sheetName: string;
  headers: Record<VehicleSheetKey, string>;
}

/** Downloads the vehicles as .xlsx under `fileName`; with no vehicles it is the import template. */
export async function downloadVehicleSheet(
  vehicles: readonly VehicleRow[],
  labels: VehicleSheetLabels,
  fileName: string,
): Promise<void> {
  const workbook = buildSheetWorkbook(await loadWorkbookClass(), {
    sheetName: labels.sheetName,
    columns: VEHICLE_SHEET_COLUMNS,
    headers: labels.headers,
    rows: vehicles.map((v) => vehicleSheetRow(v, labels)),
  });
  await downloadWorkbook(workbook, fileName);
}
