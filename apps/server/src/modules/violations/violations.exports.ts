import {
  violationQueryChecked,
  type OverspeedRow,
  type OverstopRow,
  type ViolationQuery,
} from '@pantau/contracts';
import { commonColumns as c } from '../exports/columns.js';
import type { ExportDefinition } from '../exports/export-definition.js';
import type { ViolationsService } from './violations.service.js';

const reasons = {
  outside_work_site: { en: 'Stopped outside any work site', id: 'Berhenti di luar lokasi kerja' },
  rest_area: { en: 'Longer than the rest area allows', id: 'Melebihi batas waktu di rest area' },
} as const;

export function violationExports(
  service: ViolationsService,
): [ExportDefinition<ViolationQuery, OverspeedRow>, ExportDefinition<ViolationQuery, OverstopRow>] {
  const check = async (unitId: number, q: ViolationQuery) => service.checkVehicles(unitId, q);
  return [
    {
      report: 'overspeed',
      fileName: 'over-speed',
      title: { en: 'Over speed', id: 'Kecepatan berlebih' },
      query: violationQueryChecked,
      check,
      rows: (unitId, q, page) => service.overspeedRows(unitId, q, page),
      columns: [
        c.hull(),
        c.plate(),
        c.text('Driver', 'Pengemudi', (r) => r.driver, 20),
        c.instant('Start', 'Mulai', (r) => r.start),
        c.instant('End', 'Selesai', (r) => r.end),
        c.seconds('Duration', 'Durasi', (r) => r.duration),
        c.number('Max speed (km/h)', 'Kecepatan maks. (km/jam)', (r) => r.max, 'max'),
        c.number('Limit (km/h)', 'Batas (km/jam)', (r) => r.limit),
        c.number('Over (km/h)', 'Kelebihan (km/jam)', (r) => r.over, 'max'),
        c.location(),
        c.position(),
      ],
    },
    {
      report: 'overstop',
      fileName: 'over-stop',
      title: { en: 'Over stop', id: 'Berhenti berlebih' },
      query: violationQueryChecked,
      check,
      rows: (unitId, q, page) => service.overstopRows(unitId, q, page),
      columns: [
        c.hull(),
        c.plate(),
        c.text('Driver', 'Pengemudi', (r) => r.driver, 20),
        c.instant('Start', 'Mulai', (r) => r.start),
        c.instant('End', 'Selesai', (r) => r.end),
        c.seconds('Duration', 'Durasi', (r) => r.duration),
        c.number('Allowed (min)', 'Batas (menit)', (r) => r.allowance),
        c.seconds('Over stop', 'Kelebihan berhenti', (r) => r.overstop),
        c.location(),
        c.text('Description', 'Keterangan', (r, ctx) => reasons[r.reason][ctx.language], 34),
        c.position(),
      ],
    },
  ];
}
