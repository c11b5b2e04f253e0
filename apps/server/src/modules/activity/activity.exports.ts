import { detailActivityQuery, type DetailActivityQuery, type DetailActivityRow } from '@pantau/contracts';
import { checkedPeriod } from '../../lib/period.js';
import { commonColumns as c } from '../exports/columns.js';
import type { ExportDefinition } from '../exports/export-definition.js';
import type { ActivityService } from './activity.service.js';

/** The detail activity report as a file: a row per vehicle and local day, then the totals. */
export function detailActivityExport(
  service: ActivityService,
): ExportDefinition<DetailActivityQuery, DetailActivityRow> {
  return {
    report: 'detail_activity',
    fileName: 'detail-activity',
    title: { en: 'Detail activity', id: 'Detail aktivitas' },
    query: detailActivityQuery,
    check: async (_unitId, q) => void checkedPeriod(q),
    rows: (unitId, q, page) => service.detailActivityRows(unitId, q, page),
    columns: [
      c.text('Day', 'Tanggal', (r) => r.day, 12),
      c.hull(),
      c.plate(),
      c.number('Distance (km)', 'Jarak (km)', (r) => r.distanceKm, 'sum'),
      c.seconds('Driving', 'Mengemudi', (r) => r.drivingTime),
      c.seconds('Idle', 'Diam mesin hidup', (r) => r.idleTime),
      c.number('Engine hours', 'Jam mesin', (r) => r.engineHours, 'sum'),
      c.number('Stops', 'Berhenti', (r) => r.stops, 'sum'),
      c.instant('First movement', 'Gerak pertama', (r) => r.firstMovement),
      c.instant('Last movement', 'Gerak terakhir', (r) => r.lastMovement),
      c.number('Max speed (km/h)', 'Kecepatan maks. (km/jam)', (r) => r.maxSpeed, 'max'),
      c.number('Average speed (km/h)', 'Kecepatan rata-rata (km/jam)', (r) => r.avgSpeed),
      c.number('Over speed', 'Kecepatan berlebih', (r) => r.violations.overspeed, 'sum'),
      c.number('Over stop', 'Berhenti berlebih', (r) => r.violations.overstop, 'sum'),
      c.number('Over route', 'Keluar rute', (r) => r.violations.overroute, 'sum'),
    ],
  };
}
