import { downloadWorkbook, loadWorkbookClass } from '../../../lib/excel';

export type Cell = string | number | null;

/** Downloads a table as .xlsx: a sheet with a bold header row and the rows as shown on the page. */
export async function exportTable(
  fileName: string,
  sheetName: string,
  headers: string[],
  rows: Cell[][],
): Promise<number> {
  const Workbook = await loadWorkbookClass();
  const book = new Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((c) => c ?? ''));
  sheet.columns.forEach((c) => (c.width = 18));
  await downloadWorkbook(book, fileName);
  return rows.length;
}
