import { downloadWorkbook, loadWorkbookClass } from '../../lib/excel';
import { buildSheetWorkbook, sheetRow, type EntitySheet, type YesNo } from './sheet';

export interface SheetLabels<K extends string> extends YesNo {
  sheetName: string;
  headers: Record<K, string>;
}

/** Downloads the rows as .xlsx under `fileName`; with no rows it is the import template. */
export async function downloadSheet<Row, K extends string>(
  sheet: EntitySheet<Row, K>,
  rows: readonly Row[],
  labels: SheetLabels<K>,
  fileName: string,
): Promise<void> {
  const workbook = buildSheetWorkbook(await loadWorkbookClass(), {
    sheetName: labels.sheetName,
    columns: sheet.columns,
    headers: labels.headers,
    rows: rows.map((row) => sheetRow(sheet, row, labels)),
  });
  await downloadWorkbook(workbook, fileName);
}
