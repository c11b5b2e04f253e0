import type { VehicleRow } from '@pantau/contracts';
import { buildSheetWorkbook, sheetFileName } from '../../../components/management/sheet';
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

/** Downloads the vehicles as .xlsx (`pantau-<file>-YYYYMMDD-HHmm.xlsx`); no rows gives the import template. */
export async function downloadVehicleSheet(
  vehicles: readonly VehicleRow[],
  labels: VehicleSheetLabels,
  file: string,
  now = new Date(),
): Promise<void> {
  const workbook = buildSheetWorkbook(await loadWorkbookClass(), {
    sheetName: labels.sheetName,
    columns: VEHICLE_SHEET_COLUMNS,
    headers: labels.headers,
    rows: vehicles.map((v) => vehicleSheetRow(v, labels)),
  });
  await downloadWorkbook(workbook, vehicles.length ? sheetFileName(file, now) : `pantau-${file}.xlsx`);
}
