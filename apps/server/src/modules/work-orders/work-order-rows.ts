import {
  isActiveWorkOrder,
  MILESTONES,
  type MilestoneKind,
  type MilestoneRow,
  type WorkOrderRow,
} from '@pantau/contracts';
import { nextMilestoneOf } from './milestones.js';
import type { StoredMilestone, WorkOrdersRepo } from './work-orders.repo.js';

// How a stored SPK reads: its list row (the spec's SPK columns, the next milestone, the ETA to base)
// and its milestones with their sources.

type Selected = NonNullable<Awaited<ReturnType<WorkOrdersRepo['byId']>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Since when the SPK has its status. A status the GPS set (no one changed it by hand) dates from the
 * track: done from the return into the pool, on progress from the first milestone; an SPK worked out
 * from a late buffer or a back-fill then does not read "done since a minute ago". Otherwise (abnormal,
 * waiting, a status set by hand) from when it was stored.
 */
function statusSince(o: Selected['order']): Date {
  if (o.statusChangedBy !== null) return o.statusChangedAt;
  if (o.status === 'done') return o.enterPoolAt ?? o.statusChangedAt;
  if (o.status === 'on_progress')
    return Object.values(timesOf(o)).find((t) => t !== null) ?? o.statusChangedAt;
  return o.statusChangedAt;
}

/** The milestone times of a stored SPK, by milestone. */
export function timesOf(o: Selected['order']): Record<MilestoneKind, Date | null> {
  return {
    out_pool: o.outPoolAt,
    arrive_loading: o.arriveLoadingAt,
    exit_loading: o.exitLoadingAt,
    enter_unloading: o.enterUnloadingAt,
    exit_unloading: o.exitUnloadingAt,
    enter_pool: o.enterPoolAt,
  };
}

/** The stored SPK as a list row. */
export function toWorkOrderRow(s: Selected): WorkOrderRow {
  const o = s.order;
  const active = isActiveWorkOrder(o.status);
  const times = timesOf(o);
  const start = o.outPoolAt ?? o.runAt;
  return {
    spkId: o.workOrderId,
    unitId: o.unitId,
    kind: o.kind,
    spkNumber: o.spkNumber,
    dtNumber: o.dtNumber,
    kendaraanId: o.vehicleId,
    nomorPolisi: s.plate,
    nomorKendaraan: s.hull,
    pengemudiId: o.driverId,
    pengemudiName: s.driverName,
    coPengemudiId: o.coDriverId,
    coPengemudiName: s.coDriverName,
    trayekId: o.routeId,
    trayekCode: s.routeCode,
    trayekName: s.routeName,
    runDate: o.runAt.toISOString(),
    plannedEnd: o.plannedEnd.toISOString(),
    originPolygonId: o.originGeofenceId,
    originName: s.originName,
    destinationPolygonId: o.destinationGeofenceId,
    destinationName: s.destinationName,
    customer: o.customer,
    loadCount: o.loadCount,
    loadDescription: o.loadDescription,
    kosongan: o.kosongan,
    notes: o.notes,
    status: o.status,
    statusChangedAt: statusSince(o).toISOString(),
    statusChangedBy: s.changedBy,
    monitoredRoute: o.routeId !== null && s.routeCode !== null,
    standardLeadMinutes: o.standardLeadMinutes,
    standardCircleMinutes: o.standardCircleMinutes,
    actualLeadMinutes: o.actualLeadMinutes,
    actualCircleMinutes: o.actualCircleMinutes,
    overLeadMinutes: o.overLeadMinutes,
    overCircleMinutes: o.overCircleMinutes,
    outPoolAt: iso(o.outPoolAt),
    arriveLoadingAt: iso(o.arriveLoadingAt),
    exitLoadingAt: iso(o.exitLoadingAt),
    enterUnloadingAt: iso(o.enterUnloadingAt),
    exitUnloadingAt: iso(o.exitUnloadingAt),
    enterPoolAt: iso(o.enterPoolAt),
    nextMilestone: active
      ? nextMilestoneOf(o.kosongan, o.originGeofenceId !== null, o.destinationGeofenceId !== null, times)
      : null,
    etaToBase:
      active && o.standardCircleMinutes !== null
        ? new Date(start.getTime() + o.standardCircleMinutes * 60_000).toISOString()
        : null,
    anomalies: o.anomalies,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

export function toMilestoneRows(
  s: Selected,
  stored: { m: StoredMilestone; geofenceName: string | null; correctedByName: string | null }[],
): MilestoneRow[] {
  const byKind = new Map(stored.map((r) => [r.m.milestone, r]));
  const times = timesOf(s.order);
  return MILESTONES.map((milestone) => {
    const r = byKind.get(milestone);
    const at = times[milestone];
    return {
      milestone,
      at: iso(at),
      source: at === null ? null : r?.m.corrected ? 'manual' : 'detected',
      polygonId: r?.m.geofenceId ?? null,
      polygonName: r?.geofenceName ?? null,
      correctedBy: r?.m.corrected ? r.correctedByName : null,
      correctedAt: r?.m.corrected ? iso(r.m.correctedAt) : null,
      detectedAt: iso(r?.m.detectedAt ?? null),
    };
  });
}
