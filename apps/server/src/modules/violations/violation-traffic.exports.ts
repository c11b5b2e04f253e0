import {
  readsViolationTraffic,
  trafficViolationsQuery,
  type TrafficViolation,
  type TrafficViolationsQuery,
} from '@pantau/contracts';
import { commonColumns as c } from '../exports/columns.js';
import type { ExportDefinition } from '../exports/export-definition.js';
import type { ViolationTrafficService } from './violation-traffic.service.js';

const kinds = {
  overspeed: { en: 'Over speed', id: 'Kecepatan berlebih' },
  overstop: { en: 'Over stop', id: 'Berhenti berlebih' },
  overroute: { en: 'Over route', id: 'Keluar rute' },
} as const;
const units = {
  overspeed: { en: 'km/h over the limit', id: 'km/jam di atas batas' },
  overstop: { en: 'min beyond the allowance', id: 'menit melebihi batas' },
  overroute: { en: 'km off the route', id: 'km di luar rute' },
} as const;

/** The violations of Violation Traffic's period and filters, one row each with its severity points. */
export function violationTrafficExport(
  service: ViolationTrafficService,
): ExportDefinition<TrafficViolationsQuery, TrafficViolation> {
  return {
    report: 'violation_traffic',
    readableBy: readsViolationTraffic,
    fileName: 'violation-traffic',
    title: { en: 'Violation traffic', id: 'Lalu lintas pelanggaran' },
    query: trafficViolationsQuery,
    check: (unitId, q) => service.check(unitId, q),
    rows: (unitId, q, page) => service.violationRows(unitId, q, page),
    columns: [
      c.text('Violation', 'Pelanggaran', (r, ctx) => kinds[r.kind][ctx.language], 18),
      c.hull(),
      c.plate(),
      c.text('Driver', 'Pengemudi', (r) => r.driver, 20),
      c.instant('Start', 'Mulai', (r) => r.start),
      c.instant('End', 'Selesai', (r) => r.end),
      c.seconds('Duration', 'Durasi', (r) => r.duration),
      c.number('Severity measure', 'Ukuran keparahan', (r) => r.measure),
      c.text('Measured in', 'Satuan', (r, ctx) => units[r.kind][ctx.language], 24),
      c.number('Points', 'Poin', (r) => r.points, 'sum'),
      c.location(),
      c.position(),
    ],
  };
}
