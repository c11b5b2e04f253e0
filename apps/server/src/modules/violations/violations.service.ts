import type {
  OverspeedList,
  OverspeedRow,
  OverstopList,
  OverstopRow,
  ViolationQuery,
} from '@pantau/contracts';
import { NotFoundError } from '../../errors.js';
import { eventPlace } from '../../places/place-names.js';
import type { ViolationKind, ViolationsRepo } from './violations.repo.js';

type Record = Awaited<ReturnType<ViolationsRepo['page']>>[number];
type Page = { take: number; skip: number };

const positionOf = (e: Record['event']): [number, number] | null =>
  e.lon !== null && e.lat !== null ? [e.lon, e.lat] : null;

function baseOf(r: Record) {
  const e = r.event;
  return {
    logId: e.eventId,
    kendaraanId: e.vehicleId,
    nomorPolisi: r.plate,
    nomorKendaraan: r.hull,
    driver: r.driver,
    start: e.startedAt.toISOString(),
    end: e.endedAt?.toISOString() ?? null,
    duration: Math.max(0, Math.round(Number(r.duration) || 0)),
    open: e.open,
    position: positionOf(e),
    geofence: r.geofence,
    geofenceCategory: r.geofenceCategory,
    location: r.geofence ?? e.location,
    place: eventPlace(e, r.geofence),
  };
}

export const overspeedRowOf = (r: Record): OverspeedRow => {
  const max = r.event.maxValue ?? 0;
  const limit = r.event.limitValue ?? 0;
  return { ...baseOf(r), max, limit, over: Math.max(0, Math.round((max - limit) * 10) / 10) };
};

export const overstopRowOf = (r: Record): OverstopRow => {
  const base = baseOf(r);
  const allowance = r.event.limitValue;
  return {
    ...base,
    allowance,
    overstop: allowance === null ? 0 : Math.max(0, base.duration - Math.round(allowance * 60)),
    reason: r.geofenceCategory === 'rest_area' ? 'rest_area' : 'outside_work_site',
  };
};

/** Over speed and over stop of the unit's vehicles in a period: the report pages and their exports. */
export function createViolationsService(deps: { violationsRepo: ViolationsRepo; clock: () => Date }) {
  const { violationsRepo, clock } = deps;

  async function checkVehicles(unitId: number, q: ViolationQuery) {
    const foreign = await violationsRepo.foreignVehicles(unitId, q.kendaraanId ?? []);
    if (foreign.length) throw new NotFoundError(`No vehicle ${foreign.join(', ')} in this unit`);
  }

  async function list<Row>(
    unitId: number,
    kind: ViolationKind,
    q: ViolationQuery,
    rowOf: (r: Record) => Row,
  ) {
    await checkVehicles(unitId, q);
    const now = clock();
    const [rows, totals] = await Promise.all([
      violationsRepo.page(unitId, kind, q, { take: q.Take, skip: q.Skip }, now),
      violationsRepo.totals(unitId, kind, q, now),
    ]);
    return {
      count: totals.count,
      results: rows.map(rowOf),
      totals: { ...totals, max: kind === 'overspeed' ? totals.max : null },
    };
  }

  return {
    overspeed: (unitId: number, q: ViolationQuery): Promise<OverspeedList> =>
      list(unitId, 'overspeed', q, overspeedRowOf),
    overstop: (unitId: number, q: ViolationQuery): Promise<OverstopList> =>
      list(unitId, 'overstop', q, overstopRowOf),

    /** Rows for an export, one slice at a time (the export streams them). */
    async overspeedRows(unitId: number, q: ViolationQuery, page: Page) {
      return (await violationsRepo.page(unitId, 'overspeed', q, page, clock())).map(overspeedRowOf);
    },
    async overstopRows(unitId: number, q: ViolationQuery, page: Page) {
      return (await violationsRepo.page(unitId, 'overstop', q, page, clock())).map(overstopRowOf);
    },
    checkVehicles,
  };
}
export type ViolationsService = ReturnType<typeof createViolationsService>;
