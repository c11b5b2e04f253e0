import type { CellValue } from 'exceljs';
import { loadWorkbookClass } from '../../lib/excel';

/** What an .xlsx cell holds, as a plain value: rich text and links as text, formulas as their result. */
export function plainCellValue(value: CellValue | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return value.text;
  if ('result' in value) return plainCellValue(value.result as CellValue);
  if ('error' in value) return null;
  return null;
}

export type SpreadsheetKind = 'xlsx' | 'csv';

export function spreadsheetKind(fileName: string): SpreadsheetKind | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.xlsx')) return 'xlsx';
  if (name.endsWith('.csv')) return 'csv';
  return null;
}

/** The first sheet of an .xlsx, or a .csv (any delimiter), as rows of cells. */
export async function readSpreadsheet(file: File): Promise<unknown[][]> {
  const kind = spreadsheetKind(file.name);
  if (kind === 'csv') {
    // exceljs reads .csv only through Node streams; papaparse works in the browser and guesses `,` or `;`.
    const { default: Papa } = await import('papaparse');
    const parsed = Papa.parse<string[]>(await file.text(), { skipEmptyLines: 'greedy' });
    return parsed.data;
  }
  if (kind !== 'xlsx') throw new Error('Unsupported file type');
  const Workbook = await loadWorkbookClass();
  const workbook = new Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = plainCellValue(cell.value);
    });
    rows[rowNumber - 1] = Array.from(cells, (c) => c ?? null);
  });
  return Array.from(rows, (r) => r ?? []);
}
