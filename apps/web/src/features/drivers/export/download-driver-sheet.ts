import type { DriverRow } from '@pantau/contracts';
import { buildSheetWorkbook } from '../../../components/management/sheet';
import { downloadWorkbook, loadWorkbookClass } from '../../../lib/excel';
import { DRIVER_SHEET_COLUMNS, driverSheetRow, type DriverSheetKey } from '../model/driver-sheet';

export interface DriverSheetLabels {
  sheetName: string;
  headers: Record<DriverSheetKey, string>;
  yes: string;
  no: string;
}

/** Downloads the drivers as .xlsx under `fileName`; with no drivers it is the import template. */
export async function downloadDriverSheet(
  drivers: readonly DriverRow[],
  labels: DriverSheetLabels,
  fileName: string,
): Promise<void> {
  const workbook = buildSheetWorkbook(await loadWorkbookClass(), {
    sheetName: labels.sheetName,
    columns: DRIVER_SHEET_COLUMNS,
    headers: labels.headers,
    rows: drivers.map((d) => driverSheetRow(d, labels)),
  });
  await downloadWorkbook(workbook, fileName);
}
