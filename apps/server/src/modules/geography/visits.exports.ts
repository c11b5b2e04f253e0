import {
  geofenceVisitQuery,
  overRouteQuery,
  reportPeriod,
  withPeriodCheck,
  type GeofenceVisit,
  type OverRouteRow,
} from '@pantau/contracts';
import { commonColumns as c } from '../exports/columns.js';
import type { ExportDefinition } from '../exports/export-definition.js';
import type { VisitsService } from './visits.service.js';

/** An export covers a period, as the report pages ask for one. */
const visitExportQuery = withPeriodCheck(geofenceVisitQuery.extend(reportPeriod));
const overRouteExportQuery = withPeriodCheck(overRouteQuery.extend(reportPeriod));

const categories: Record<GeofenceVisit['category'], { en: string; id: string }> = {
  pool: { en: 'Pool', id: 'Pool' },
  base: { en: 'Base', id: 'Pangkalan' },
  plant: { en: 'Plant / loading', id: 'Pabrik / muat' },
  port: { en: 'Port', id: 'Pelabuhan' },
  dealer: { en: 'Dealer / unloading', id: 'Dealer / bongkar' },
  rest_area: { en: 'Rest area', id: 'Tempat istirahat' },
  workshop: { en: 'Workshop', id: 'Bengkel' },
  other: { en: 'Other', id: 'Lainnya' },
};

export function visitExports(service: VisitsService) {
  const geofence: ExportDefinition<ReturnType<typeof visitExportQuery.parse>, GeofenceVisit> = {
    report: 'loggeopoint',
    fileName: 'geofence-visits',
    title: { en: 'Geofence report', id: 'Laporan geofence' },
    query: visitExportQuery,
    rows: async (unitId, q, page) =>
      (await service.visits(unitId, { ...q, Take: page.take, Skip: page.skip })).results,
    columns: [
      c.hull(),
      c.plate(),
      c.text('Geofence code', 'Kode geofence', (r) => r.polygonCode, 16),
      c.text('Geofence', 'Geofence', (r) => r.polygonName),
      c.text('Category', 'Kategori', (r, ctx) => categories[r.category][ctx.language], 18),
      c.instant('Enter', 'Masuk', (r) => r.enter),
      c.instant('Exit', 'Keluar', (r) => r.exit),
      c.seconds('Duration', 'Durasi', (r) => r.duration),
    ],
  };
  const overRoute: ExportDefinition<ReturnType<typeof overRouteExportQuery.parse>, OverRouteRow> = {
    report: 'overroute',
    fileName: 'over-route',
    title: { en: 'Over route', id: 'Keluar rute' },
    query: overRouteExportQuery,
    rows: async (unitId, q, page) =>
      (await service.overRoutes(unitId, { ...q, Take: page.take, Skip: page.skip })).results,
    columns: [
      c.hull(),
      c.plate(),
      c.text('Route', 'Trayek', (r) =>
        r.trayekCode ? `${r.trayekCode} ${r.trayekName ?? ''}`.trim() : null,
      ),
      c.instant('Start', 'Mulai', (r) => r.start),
      c.instant('End', 'Selesai', (r) => r.end),
      c.seconds('Duration', 'Durasi', (r) => r.duration),
      c.number('Max deviation (m)', 'Simpangan maks. (m)', (r) => Math.round(r.maxDeviationM), 'max'),
      c.number('Off route (km)', 'Di luar rute (km)', (r) => Math.round(r.offRouteKm * 10) / 10, 'sum'),
      c.location(),
    ],
  };
  return { geofence, overRoute };
}
