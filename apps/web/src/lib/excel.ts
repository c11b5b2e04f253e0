import type { Workbook } from 'exceljs';

export type WorkbookConstructor = new () => Workbook;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Loads exceljs only when a user exports or imports (it is large) and answers its Workbook class. */
export async function loadWorkbookClass(): Promise<WorkbookConstructor> {
  const excel = await import('exceljs');
  // The browser build of exceljs is CommonJS: its exports may arrive as the default export.
  return excel.Workbook ?? (excel as unknown as { default: typeof excel }).default.Workbook;
}

/** Hands a file to the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Writes a workbook as .xlsx and downloads it. */
export async function downloadWorkbook(workbook: Workbook, fileName: string): Promise<void> {
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(new Blob([buffer], { type: XLSX_MIME }), fileName);
}
