import {
  workOrderMatchingQuery,
  workOrderSearchQuery,
  type WorkOrderMatchingQuery,
  type WorkOrderMatchRow,
  type WorkOrderRow,
  type WorkOrderSearchQuery,
  type WorkOrderStatus,
} from '@pantau/contracts';
import { commonColumns as c } from '../exports/columns.js';
import type { ExportDefinition } from '../exports/export-definition.js';
import type { RecapsService } from './recaps.service.js';
import type { WorkOrdersService } from './work-orders.service.js';

const statuses: Record<WorkOrderStatus, { en: string; id: string }> = {
  waiting: { en: 'Waiting', id: 'Menunggu' },
  on_progress: { en: 'On progress', id: 'Berjalan' },
  abnormal: { en: 'Abnormal', id: 'Abnormal' },
  done: { en: 'Done', id: 'Selesai' },
  cancelled: { en: 'Cancelled', id: 'Dibatalkan' },
};
const yesNo = { en: ['Yes', 'No'], id: ['Ya', 'Tidak'] } as const;

/** The SPK list (its filters and sort, every row) and the SPK matching as files. */
export function workOrderExports(service: WorkOrdersService, recaps: RecapsService) {
  const list: ExportDefinition<WorkOrderSearchQuery, WorkOrderRow> = {
    report: 'spk',
    fileName: 'spk',
    title: { en: 'SPK', id: 'SPK' },
    query: workOrderSearchQuery,
    rows: async (unitId, q, page) =>
      (await service.search(unitId, { ...q, Take: page.take, Skip: page.skip })).results,
    columns: [
      c.text('Kind', 'Jenis', (r) => r.kind.toUpperCase(), 8),
      c.text('SPK number', 'Nomor SPK', (r) => r.spkNumber, 18),
      c.text('DT number', 'Nomor DT', (r) => r.dtNumber, 16),
      c.hull(),
      c.plate(),
      c.text('Driver 1', 'Pengemudi 1', (r) => r.pengemudiName, 22),
      c.text('Driver 2', 'Pengemudi 2', (r) => r.coPengemudiName, 22),
      c.text('Route', 'Trayek', (r) => r.trayekCode, 14),
      c.instant('Run date', 'Tanggal jalan', (r) => r.runDate),
      c.instant('Planned end', 'Rencana selesai', (r) => r.plannedEnd),
      c.text('Origin', 'Asal', (r) => r.originName, 22),
      c.text('Destination', 'Tujuan', (r) => r.destinationName, 22),
      c.text('Customer', 'Pelanggan', (r) => r.customer, 22),
      c.number('Load (cars)', 'Muatan (unit)', (r) => r.loadCount, 'sum'),
      c.text('Kosongan', 'Kosongan', (r, ctx) => yesNo[ctx.language][r.kosongan ? 0 : 1], 10),
      c.text('Status', 'Status', (r, ctx) => statuses[r.status][ctx.language], 12),
      c.instant('Out of pool', 'Keluar pool', (r) => r.outPoolAt),
      c.instant('Arrive loading', 'Tiba muat', (r) => r.arriveLoadingAt),
      c.instant('Exit loading', 'Selesai muat', (r) => r.exitLoadingAt),
      c.instant('Enter unloading', 'Tiba bongkar', (r) => r.enterUnloadingAt),
      c.instant('Exit unloading', 'Selesai bongkar', (r) => r.exitUnloadingAt),
      c.instant('Back in pool', 'Masuk pool', (r) => r.enterPoolAt),
      c.number('Standard lead (min)', 'Lead time standar (menit)', (r) => r.standardLeadMinutes),
      c.number('Actual lead (min)', 'Lead time aktual (menit)', (r) => r.actualLeadMinutes),
      c.number('Over lead (min)', 'Lebih lead time (menit)', (r) => r.overLeadMinutes, 'sum'),
      c.number('Standard circle (min)', 'Circle time standar (menit)', (r) => r.standardCircleMinutes),
      c.number('Actual circle (min)', 'Circle time aktual (menit)', (r) => r.actualCircleMinutes),
      c.number('Over circle (min)', 'Lebih circle time (menit)', (r) => r.overCircleMinutes, 'sum'),
      c.number('Anomalies', 'Anomali', (r) => r.anomalies.length, 'sum'),
    ],
  };

  const matching: ExportDefinition<WorkOrderMatchingQuery, WorkOrderMatchRow> = {
    report: 'spk_matching',
    fileName: 'spk-matching',
    title: { en: 'SPK matching', id: 'Pencocokan SPK' },
    query: workOrderMatchingQuery,
    rows: async (unitId, q, page) =>
      (await recaps.matching(unitId, { ...q, Take: page.take, Skip: page.skip, unbilledTake: 1 })).results,
    columns: [
      c.text('Kind', 'Jenis', (r) => r.kind.toUpperCase(), 8),
      c.text('SPK number', 'Nomor SPK', (r) => r.spkNumber, 18),
      c.hull(),
      c.plate(),
      c.text('Route', 'Trayek', (r) => r.trayekCode, 14),
      c.text('Status', 'Status', (r, ctx) => statuses[r.status][ctx.language], 12),
      c.instant('Run date', 'Tanggal jalan', (r) => r.runDate),
      c.instant('Window start', 'Awal jendela', (r) => r.windowStart),
      c.instant('Window end', 'Akhir jendela', (r) => r.windowEnd),
      c.number('Trips', 'Perjalanan', (r) => r.trips.length, 'sum'),
      c.number('Distance (km)', 'Jarak (km)', (r) => r.distanceKm, 'sum'),
    ],
  };
  return { list, matching };
}
