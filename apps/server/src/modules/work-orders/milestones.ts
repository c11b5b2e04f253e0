import {
  KOSONGAN_MILESTONES,
  MILESTONES,
  WORK_ORDER_DEFAULTS,
  type Anomaly,
  type MilestoneKind,
  type MilestoneSource,
  type WorkOrderStatus,
} from '@pantau/contracts';

// An SPK's milestones, times, anomalies and status, worked out from the vehicle's geofence visits
// (domain research §2.2, §3.3). Pure: the matcher (matcher.ts) reads the facts and stores the answer.

/** A stay of the vehicle inside a geofence; `exitMs` null while it is still inside. */
export interface VisitFact {
  geofenceId: number;
  enterMs: number;
  exitMs: number | null;
}

/** A violation or a GPS gap recorded for the vehicle. */
export interface EventFact {
  kind: 'overspeed' | 'overstop' | 'overroute' | 'gps_lost';
  startMs: number;
  /** Null while it lasts. */
  endMs: number | null;
}

export interface MatchInput {
  kosongan: boolean;
  cancelled: boolean;
  runMs: number;
  /** Where loading and unloading happen (the route's, or the SPK's own). */
  originId: number | null;
  destinationId: number | null;
  /** The unit's pool and base geofences. */
  poolIds: ReadonlySet<number>;
  /** Standard times, minutes. */
  standardLeadMinutes: number | null;
  standardCircleMinutes: number | null;
  /**
   * The vehicle's visits from before the run date (see `windowOf`) to the next SPK's run date (or
   * now), in order of entry.
   */
  visits: readonly VisitFact[];
  /** The vehicle's violations and GPS gaps over the same window. */
  events: readonly EventFact[];
  /** Administrators' corrections: a time, or null to clear the milestone. */
  corrections: Partial<Record<MilestoneKind, number | null>>;
  nowMs: number;
}

export interface MatchedMilestone {
  atMs: number | null;
  source: MilestoneSource | null;
  geofenceId: number | null;
  /** The time the visits give, whatever a correction says. */
  detectedMs: number | null;
}

export interface MatchResult {
  milestones: Record<MilestoneKind, MatchedMilestone>;
  actualLeadMinutes: number | null;
  actualCircleMinutes: number | null;
  overLeadMinutes: number | null;
  overCircleMinutes: number | null;
  anomalies: Anomaly[];
  status: WorkOrderStatus;
  /** The geofence the vehicle left at out_pool (its pool for this trip). */
  poolGeofenceId: number | null;
}

/** The milestones an SPK goes through: a kosongan run has no loading or unloading. */
export const milestonesOf = (kosongan: boolean): readonly MilestoneKind[] =>
  kosongan ? KOSONGAN_MILESTONES : MILESTONES;

/** The earliest a trip's start may be found: some hours before its run date, never before `notBefore`. */
export const windowStartOf = (runMs: number, notBeforeMs: number | null = null) =>
  Math.max(runMs - WORK_ORDER_DEFAULTS.earlyStartHours * 3_600_000, notBeforeMs ?? -Infinity);

const minutesBetween = (a: number | null, b: number | null) =>
  a === null || b === null || b < a ? null : Math.round((b - a) / 60_000);

const overOf = (actual: number | null, standard: number | null) =>
  actual === null || standard === null ? null : Math.max(0, actual - standard);

/**
 * Works an SPK out from the vehicle's visits:
 * - out_pool: the last exit from a pool or base before the first arrival at a site of the trip (and not
 *   followed by a return into a pool before it), within the window;
 * - arrive_loading: the first entry into the origin after that (or the visit the vehicle is in at the
 *   window's start); exit_loading: the exit of the last origin visit before unloading (loading twice
 *   counts from the first arrival to the last exit);
 * - enter_unloading: the first entry into the destination after loading; exit_unloading: the exit of
 *   the last destination visit before the return;
 * - enter_pool: the first entry into a pool or base after unloading (a kosongan run: into its
 *   destination, else any pool or base, after out_pool).
 * Visits shorter than `minVisitMinutes` (a drive past the fence) do not count, except the one the
 * vehicle is in now. A trip may start before the run date (up to `earlyStartHours`), but one already
 * back in a pool before the run date is not this SPK's.
 * A correction replaces a milestone's time and anchors the search of the ones after it.
 */
export function matchWorkOrder(input: MatchInput): MatchResult {
  const minVisitMs = WORK_ORDER_DEFAULTS.minVisitMinutes * 60_000;
  const isPool = (v: VisitFact) => input.poolIds.has(v.geofenceId);
  // A window not yet open (the run date more than `earlyStartHours` ahead): nothing of this SPK has
  // happened, whatever the vehicle is doing now (being at its loading site for today's job included).
  const opened = windowStartOf(input.runMs) <= input.nowMs;
  const long = opened
    ? input.visits.filter((v) => v.exitMs === null || v.exitMs - v.enterMs >= minVisitMs)
    : [];
  // A trip over (back into a pool or base) before the run date was an earlier job, not this SPK: the
  // search starts at the vehicle's last entry into a pool before the run date, or at an earlier
  // out_pool an Administrator set. A kosongan run that reached its destination early did run, though.
  let since = -Infinity;
  for (const v of long)
    if (isPool(v) && v.enterMs <= input.runMs && !(input.kosongan && v.geofenceId === input.destinationId))
      since = Math.max(since, v.enterMs);
  const correctedStart = input.corrections.out_pool;
  if (typeof correctedStart === 'number') since = Math.min(since, correctedStart);
  const visits = long.filter((v) => v.exitMs === null || v.exitMs >= since);
  const at = (v: VisitFact) => v.enterMs;

  const detected: Record<MilestoneKind, { atMs: number | null; geofenceId: number | null }> = {
    out_pool: { atMs: null, geofenceId: null },
    arrive_loading: { atMs: null, geofenceId: null },
    exit_loading: { atMs: null, geofenceId: null },
    enter_unloading: { atMs: null, geofenceId: null },
    exit_unloading: { atMs: null, geofenceId: null },
    enter_pool: { atMs: null, geofenceId: null },
  };
  const corrected = (m: MilestoneKind) => (m in input.corrections ? input.corrections[m]! : undefined);
  /** The time in effect (a correction wins), for anchoring the next search. */
  const effective = (m: MilestoneKind) => {
    const c = corrected(m);
    return c === undefined ? detected[m].atMs : c;
  };

  // The trip's sites, in the order it should reach them.
  const siteIds = input.kosongan
    ? input.destinationId !== null
      ? [input.destinationId]
      : []
    : [input.originId, input.destinationId].filter((x): x is number => x !== null);
  const firstSite = visits.find((v) => siteIds.includes(v.geofenceId) && (input.kosongan || !isPool(v)));
  const bound = firstSite ? at(firstSite) : input.nowMs;

  // out_pool
  let outPool: VisitFact | null = null;
  for (const v of visits)
    if (isPool(v) && v.exitMs !== null && v.exitMs <= bound) {
      if (!outPool || v.exitMs >= outPool.exitMs!) outPool = v;
    }
  if (outPool) {
    const back = visits.some(
      (v) => isPool(v) && v.enterMs > outPool!.exitMs! && v.enterMs < bound && v.exitMs === null,
    );
    if (!back || firstSite) detected.out_pool = { atMs: outPool.exitMs, geofenceId: outPool.geofenceId };
  }
  let cursor = effective('out_pool') ?? -Infinity;

  if (!input.kosongan) {
    // Loading.
    if (input.originId !== null) {
      const origin = visits.filter(
        (v) => v.geofenceId === input.originId && (v.exitMs === null || v.exitMs > cursor),
      );
      const destinationAfter = (ms: number) =>
        visits.find((v) => v.geofenceId === input.destinationId && v.enterMs >= ms && !isPool(v));
      const first = origin[0];
      if (first) {
        detected.arrive_loading = { atMs: first.enterMs, geofenceId: first.geofenceId };
        const unloading = destinationAfter(first.enterMs);
        const loadVisits = origin.filter((v) => !unloading || v.enterMs < unloading.enterMs);
        const last = loadVisits[loadVisits.length - 1]!;
        if (last.exitMs !== null) detected.exit_loading = { atMs: last.exitMs, geofenceId: last.geofenceId };
      }
      cursor = effective('exit_loading') ?? effective('arrive_loading') ?? cursor;
    }
    // Unloading.
    if (input.destinationId !== null) {
      const dest = visits.filter((v) => v.geofenceId === input.destinationId && v.enterMs >= cursor);
      const first = dest[0];
      if (first) {
        detected.enter_unloading = { atMs: first.enterMs, geofenceId: first.geofenceId };
        const back = visits.find(
          (v) => isPool(v) && v.geofenceId !== input.destinationId && v.enterMs >= first.enterMs,
        );
        const stay = dest.filter((v) => !back || v.enterMs < back.enterMs);
        const last = stay[stay.length - 1]!;
        if (last.exitMs !== null)
          detected.exit_unloading = { atMs: last.exitMs, geofenceId: last.geofenceId };
      }
      cursor = effective('exit_unloading') ?? effective('enter_unloading') ?? cursor;
    }
    // Back into a pool or base, once unloading is over (or was skipped).
    const unloaded = effective('exit_unloading');
    const anchor = unloaded ?? (effective('enter_unloading') === null ? cursor : null);
    if (
      anchor !== null &&
      anchor !== -Infinity &&
      (unloaded !== null || effective('exit_loading') !== null)
    ) {
      const back = visits.find(
        (v) => isPool(v) && v.enterMs >= anchor && v.geofenceId !== input.destinationId,
      );
      if (back) detected.enter_pool = { atMs: back.enterMs, geofenceId: back.geofenceId };
    }
  } else {
    // Without a pool exit, an arrival after the run date still ends the run (out_pool is then missing).
    const from = cursor === -Infinity ? input.runMs : cursor;
    const arrival = visits.find(
      (v) =>
        v.enterMs >= from &&
        (input.destinationId !== null ? v.geofenceId === input.destinationId : isPool(v)) &&
        v.geofenceId !== (input.destinationId === null ? detected.out_pool.geofenceId : -1),
    );
    if (arrival) detected.enter_pool = { atMs: arrival.enterMs, geofenceId: arrival.geofenceId };
  }

  const applicable = milestonesOf(input.kosongan).filter(
    (m) =>
      input.kosongan ||
      (((m !== 'arrive_loading' && m !== 'exit_loading') || input.originId !== null) &&
        ((m !== 'enter_unloading' && m !== 'exit_unloading') || input.destinationId !== null)),
  );
  const milestones = {} as Record<MilestoneKind, MatchedMilestone>;
  for (const m of MILESTONES) {
    const c = corrected(m);
    const d = applicable.includes(m) ? detected[m] : { atMs: null, geofenceId: null };
    milestones[m] =
      c !== undefined
        ? { atMs: c, source: c === null ? null : 'manual', geofenceId: d.geofenceId, detectedMs: d.atMs }
        : {
            atMs: d.atMs,
            source: d.atMs === null ? null : 'detected',
            geofenceId: d.geofenceId,
            detectedMs: d.atMs,
          };
  }
  const t = (m: MilestoneKind) => milestones[m].atMs;

  // Times.
  const actualLead = input.kosongan
    ? minutesBetween(t('out_pool'), t('enter_pool'))
    : minutesBetween(t('exit_loading'), t('enter_unloading'));
  const actualCircle = minutesBetween(t('out_pool'), t('enter_pool'));
  const overLead = overOf(actualLead, input.standardLeadMinutes);
  const overCircle = overOf(actualCircle, input.standardCircleMinutes);

  const anomalies: Anomaly[] = [];
  const anomalyOf = (
    kind: Anomaly['kind'],
    value: number | null,
    atMs: number | null = null,
    milestone: MilestoneKind | null = null,
  ) => anomalies.push({ kind, value, milestone, at: atMs === null ? null : new Date(atMs).toISOString() });

  const done = t('enter_pool') !== null;
  // Over lead or circle time: once done, by the actual; while running, as soon as the standard is past.
  const leadStart = input.kosongan ? t('out_pool') : t('exit_loading');
  const leadEnd = input.kosongan ? t('enter_pool') : t('enter_unloading');
  const runningOver = (start: number | null, standard: number | null) =>
    start === null || standard === null ? null : Math.floor((input.nowMs - start) / 60_000) - standard;
  const leadOver = leadEnd !== null ? overLead : runningOver(leadStart, input.standardLeadMinutes);
  if (leadOver !== null && leadOver > 0) anomalyOf('over_lead_time', leadOver);
  const circleOver = done ? overCircle : runningOver(t('out_pool'), input.standardCircleMinutes);
  if (circleOver !== null && circleOver > 0) anomalyOf('over_circle_time', circleOver);

  // A milestone missing before one that happened (a site skipped).
  const reached = applicable.map((m) => t(m) !== null);
  const lastReached = reached.lastIndexOf(true);
  applicable.forEach((m, i) => {
    if (i < lastReached && !reached[i]) anomalyOf('missing_milestone', null, null, m);
  });

  // Back into another pool than the one it left.
  const leftPool = milestones.out_pool.geofenceId;
  const backPool = milestones.enter_pool.geofenceId;
  if (!input.kosongan && done && leftPool !== null && backPool !== null && leftPool !== backPool)
    anomalyOf('wrong_pool', null, t('enter_pool'));

  // Violations and GPS gaps during the trip.
  const tripStart = applicable.map(t).find((x) => x !== null) ?? null;
  if (tripStart !== null) {
    const tripEnd = t('enter_pool') ?? input.nowMs;
    for (const kind of ['overspeed', 'overstop', 'overroute', 'gps_lost'] as const) {
      const during = input.events.filter(
        (e) => e.kind === kind && e.startMs < tripEnd && (e.endMs ?? input.nowMs) > tripStart,
      );
      if (during.length === 0) continue;
      const first = Math.min(...during.map((e) => e.startMs));
      if (kind === 'gps_lost') {
        const lost = during.reduce(
          (sum, e) => sum + Math.min(e.endMs ?? input.nowMs, tripEnd) - Math.max(e.startMs, tripStart),
          0,
        );
        anomalyOf('gps_lost', Math.round(lost / 60_000), first);
      } else anomalyOf(kind, during.length, first);
    }
  }

  const status: WorkOrderStatus = input.cancelled
    ? 'cancelled'
    : done
      ? 'done'
      : tripStart === null
        ? 'waiting'
        : anomalies.length > 0
          ? 'abnormal'
          : 'on_progress';

  return {
    milestones,
    actualLeadMinutes: actualLead,
    actualCircleMinutes: actualCircle,
    overLeadMinutes: overLead,
    overCircleMinutes: overCircle,
    anomalies,
    status,
    poolGeofenceId: leftPool,
  };
}

/** The next milestone an active SPK waits for (the first applicable one after the last reached). */
export function nextMilestoneOf(
  kosongan: boolean,
  hasOrigin: boolean,
  hasDestination: boolean,
  times: Record<MilestoneKind, Date | null>,
): MilestoneKind | null {
  const list = milestonesOf(kosongan).filter(
    (m) =>
      kosongan ||
      (((m !== 'arrive_loading' && m !== 'exit_loading') || hasOrigin) &&
        ((m !== 'enter_unloading' && m !== 'exit_unloading') || hasDestination)),
  );
  let last = -1;
  list.forEach((m, i) => {
    if (times[m]) last = i;
  });
  return list[last + 1] ?? null;
}
