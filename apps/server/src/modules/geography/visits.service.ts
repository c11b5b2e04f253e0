import type { GeofenceVisitList, GeofenceVisitQuery, OverRouteQuery, OverRouteRow } from '@pantau/contracts';
import { eventPlace } from '../../places/place-names.js';
import type { VisitsRepo } from './visits.repo.js';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

export function createVisitsService(deps: { visitsRepo: VisitsRepo; clock: () => Date }) {
  const { visitsRepo, clock } = deps;
  return {
    /** Visits overlapping the period; an open one is "inside since" its enter, and lasts to the vehicle's latest fix. */
    async visits(unitId: number, q: GeofenceVisitQuery): Promise<GeofenceVisitList> {
      const now = clock();
      const { total, duration, rows } = await visitsRepo.visits(unitId, q, now);
      return {
        count: total,
        totals: { count: total, duration },
        results: rows.map(({ visit: v, plate, hull, code, name, category, latestFix }) => ({
          visitId: v.visitId,
          kendaraanId: v.vehicleId,
          nomorPolisi: plate,
          nomorKendaraan: hull,
          polygonId: v.geofenceId,
          polygonCode: code,
          polygonName: name,
          category,
          enter: v.enterTime.toISOString(),
          exit: v.exitTime?.toISOString() ?? null,
          duration: v.open ? seconds(v.enterTime, latestFix ?? now) : v.durationS,
          open: v.open,
        })),
      };
    },

    /** Over-routes overlapping the period; an open one lasts to the vehicle's latest fix. */
    async overRoutes(unitId: number, q: OverRouteQuery) {
      const now = clock();
      const { total, totals, rows } = await visitsRepo.overRoutes(unitId, q, now);
      return {
        count: total,
        totals: { count: total, ...totals },
        results: rows.map(({ event: e, plate, hull, routeCode, routeName, latestFix }): OverRouteRow => {
          const a = e.attributes ?? {};
          const endLat = num(a.endLat);
          const endLon = num(a.endLon);
          return {
            logId: e.eventId,
            kendaraanId: e.vehicleId,
            nomorPolisi: plate,
            nomorKendaraan: hull,
            trayekId: num(a.routeId),
            trayekCode: routeCode ?? str(a.routeCode),
            trayekName: routeName ?? str(a.routeName),
            start: e.startedAt.toISOString(),
            end: e.endedAt?.toISOString() ?? null,
            duration: e.durationS ?? seconds(e.startedAt, e.endedAt ?? latestFix ?? now),
            maxDeviationM: num(a.maxDeviationM) ?? e.maxValue ?? 0,
            offRouteKm: num(a.offRouteKm) ?? 0,
            open: e.open,
            startPosition: e.lon !== null && e.lat !== null ? [e.lon, e.lat] : null,
            endPosition: endLon !== null && endLat !== null ? [endLon, endLat] : null,
            location: e.location,
            place: eventPlace(e, null),
          };
        }),
      };
    },
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
