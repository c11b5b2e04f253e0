import type { TrackingItem } from '@pantau/contracts';
import { downloadWorkbook, loadWorkbookClass } from '../../../lib/excel';
import { buildSummaryWorkbook, exportFileName, type SheetLabels } from '../model/summary-workbook';

/** Builds the summary sheet and downloads it. */
export async function downloadSummaryWorkbook(
  vehicles: readonly TrackingItem[],
  labels: SheetLabels,
  now = new Date(),
): Promise<void> {
  const workbook = buildSummaryWorkbook(await loadWorkbookClass(), vehicles, labels);
  await downloadWorkbook(workbook, exportFileName(now));
}
