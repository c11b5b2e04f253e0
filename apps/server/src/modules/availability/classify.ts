import {
  AVAILABILITY_GPS_STALE_MINUTES,
  dayBound,
  TROUBLE_MAINTENANCE_KINDS,
  type AvailabilityCategory,
  type AvailabilityReason,
  type MaintenanceKind,
  type WorkOrderStatus,
} from '@pantau/contracts';

/** What decides a vehicle's availability category now. */
export interface AvailabilityFacts {
  openIncident: boolean;
  /** Kinds of the vehicle's open maintenance orders. */
  openMaintenance: readonly MaintenanceKind[];
  kirExpired: boolean;
  stnkExpired: boolean;
  /** The vehicle's current SPK (its active one with the earliest run date). */
  spk: {
    status: WorkOrderStatus;
    kosongan: boolean;
    outPool: boolean;
    exitLoading: boolean;
    exitUnloading: boolean;
    enterPool: boolean;
  } | null;
  /** Inside a pool or base geofence now. */
  inPool: boolean;
  lastFixMs: number | null;
  /** Today's latest pre-trip check. */
  p2h: { passed: boolean; defects: number } | null;
  nowMs: number;
}

export interface Classified {
  category: AvailabilityCategory;
  reason: AvailabilityReason;
}

const is = (category: AvailabilityCategory, reason: AvailabilityReason): Classified => ({ category, reason });

/**
 * The first category that applies, in the precedence of domain research §4: incident > WO trouble >
 * maintenance > expired papers (other) > on delivery > way back with load > way back > on going >
 * pre-checking > ready to go > stand by > other.
 *
 * - On delivery: a loaded SPK past loading and not yet past unloading. Way back with load: the same on
 *   an SPK that did not start from a pool (a backhaul picked up on the way back). Way back: past
 *   unloading and not yet back in a pool, or a kosongan run under way. On going: out of the pool, not
 *   yet loaded.
 * - In a pool (GPS fresh): pre-checking while today's check runs or holds defects, or while a waiting
 *   SPK has no check yet; ready to go once it passed with an SPK waiting; stand by without an SPK.
 * - Other: papers expired, GPS silent for an hour, or away from every pool without a running SPK.
 */
export function classifyAvailability(f: AvailabilityFacts): Classified {
  if (f.openIncident) return is('incident', 'incident_open');
  const trouble = f.openMaintenance.some((k) => (TROUBLE_MAINTENANCE_KINDS as readonly string[]).includes(k));
  if (trouble) return is('wo_trouble', 'wo_trouble_open');
  if (f.openMaintenance.length > 0) return is('maintenance', 'maintenance_open');
  if (f.kirExpired) return is('other', 'kir_expired');
  if (f.stnkExpired) return is('other', 'stnk_expired');

  const s = f.spk;
  const running = s !== null && (s.status === 'on_progress' || s.status === 'abnormal');
  if (running && s) {
    if (s.kosongan) return is('way_back', 'kosongan_running');
    if (s.exitLoading && !s.exitUnloading)
      return s.outPool ? is('on_delivery', 'loaded_on_the_way') : is('way_back_with_load', 'loaded_backhaul');
    if (s.exitUnloading && !s.enterPool) return is('way_back', 'unloaded_returning');
    return is('on_going', 'to_loading');
  }

  if (f.lastFixMs === null) return is('other', 'no_gps');
  if (f.nowMs - f.lastFixMs > AVAILABILITY_GPS_STALE_MINUTES * 60_000) return is('other', 'gps_stale');

  const waiting = s !== null && s.status === 'waiting';
  if (f.inPool) {
    if (f.p2h && !f.p2h.passed) return is('pre_checking', f.p2h.defects > 0 ? 'p2h_defects' : 'p2h_running');
    if (waiting) return f.p2h?.passed ? is('ready_to_go', 'p2h_passed') : is('pre_checking', 'p2h_due');
    return is('stand_by', 'in_pool_no_spk');
  }
  return is('other', waiting ? 'waiting_outside_pool' : 'outside_pool_no_spk');
}

/** The stored facts that date a reason (`startOfReason`). */
export interface ReasonFacts {
  /** The earliest open incident's opening. */
  incidentMs: number | null;
  /** The earliest open maintenance order's opening (of the trouble kinds, for WO trouble). */
  maintenanceMs: number | null;
  /** KIR and STNK due dates (a date, or `YYYY-MM-DD`). */
  kirDue: unknown;
  stnkDue: unknown;
  timeZone: string;
  /** The current SPK's milestones. */
  spk: { outPoolMs: number | null; exitLoadingMs: number | null; exitUnloadingMs: number | null } | null;
  /** Entry into the pool or base the vehicle is in now. */
  poolEnterMs: number | null;
  /** Today's latest pre-trip check. */
  check: { startedMs: number | null; passedMs: number | null } | null;
  lastFixMs: number | null;
}

const dayAfter = (due: unknown, timeZone: string): number | null => {
  if (due === null || due === undefined) return null;
  const day = due instanceof Date ? due.toISOString().slice(0, 10) : String(due).slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayBound(day, 'end', timeZone) : null;
};

/**
 * When a vehicle's reason began, as far as what is stored tells: the pool entry for a vehicle standing
 * by, the loading exit for one on delivery, the unloading exit on the way back, the order's or the
 * incident's opening, the day after a paper's due date, an hour after the last fix for a silent GPS.
 * Null when nothing stored dates it (the history then starts when the change was seen).
 */
export function startOfReason(reason: AvailabilityReason, f: ReasonFacts): number | null {
  switch (reason) {
    case 'incident_open':
      return f.incidentMs;
    case 'wo_trouble_open':
    case 'maintenance_open':
      return f.maintenanceMs;
    case 'kir_expired':
      return dayAfter(f.kirDue, f.timeZone);
    case 'stnk_expired':
      return dayAfter(f.stnkDue, f.timeZone);
    case 'loaded_backhaul':
    case 'loaded_on_the_way':
      return f.spk?.exitLoadingMs ?? null;
    case 'unloaded_returning':
      return f.spk?.exitUnloadingMs ?? null;
    case 'kosongan_running':
    case 'to_loading':
      return f.spk?.outPoolMs ?? null;
    case 'p2h_running':
    case 'p2h_defects':
      return f.check?.startedMs ?? null;
    case 'p2h_passed':
      return f.check?.passedMs ?? null;
    case 'in_pool_no_spk':
      return f.poolEnterMs;
    case 'gps_stale':
      return f.lastFixMs === null ? null : f.lastFixMs + AVAILABILITY_GPS_STALE_MINUTES * 60_000;
    case 'p2h_due':
    case 'no_gps':
    case 'outside_pool_no_spk':
    case 'waiting_outside_pool':
      return null;
  }
}
