import type { TrackingItem } from '@pantau/contracts';
import { buildSummaryWorkbook, exportFileName, type SheetLabels } from '../model/summary-workbook';

/** Loads exceljs only when a user exports (it is large), builds the sheet and downloads it. */
export async function downloadSummaryWorkbook(
  vehicles: readonly TrackingItem[],
  labels: SheetLabels,
  now = new Date(),
): Promise<void> {
  const excel = await import('exceljs');
  // The browser build of exceljs is CommonJS: its exports may arrive as the default export.
  const Workbook = excel.Workbook ?? (excel as unknown as { default: typeof excel }).default.Workbook;
  const workbook = buildSummaryWorkbook(Workbook, vehicles, labels);
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
