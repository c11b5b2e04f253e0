import { CC_DEFAULTS, type CcDayClass, type CcFigures } from '@pantau/contracts';

// Car-carrier day classes and the figures made of them (domain research §5.2). Pure: the service loads
// the records and asks here; every page uses the same classes.

export interface CcVehicle {
  vehicleId: number;
  /** When the unit joined the fleet (days before do not count). */
  sinceMs: number;
  /** Papers' due dates (YYYY-MM-DD): a day after them is a trouble day. */
  kirDue: string | null;
  stnkDue: string | null;
}

/** A day of the period in the unit's zone. */
export interface Day {
  day: string;
  startMs: number;
  endMs: number;
}

/** A stretch of a vehicle: in maintenance or an incident (trouble), or on an SPK (a leg). */
export interface Stretch {
  vehicleId: number;
  startMs: number;
  endMs: number;
  label?: string;
}

export interface VehicleDay {
  vehicleId: number;
  day: string;
  dayClass: CcDayClass;
  /** E/G ON version: the engine ran at least `engineOnHours`. */
  activeEngineOn: boolean;
  engineOnS: number;
  troubleS: number;
  labels: string[];
}

/** Seconds of `day` covered by the stretches (overlaps counted once). */
function coveredS(stretches: readonly Stretch[], day: Day): number {
  const parts = stretches
    .map((s) => [Math.max(s.startMs, day.startMs), Math.min(s.endMs, day.endMs)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of parts) {
    const from = Math.max(a, end);
    if (b > from) total += b - from;
    end = Math.max(end, b);
  }
  return total / 1000;
}

const byVehicle = (list: readonly Stretch[]) => {
  const out = new Map<number, Stretch[]>();
  for (const s of list) {
    const l = out.get(s.vehicleId);
    if (l) l.push(s);
    else out.set(s.vehicleId, [s]);
  }
  return out;
};

/**
 * Each unit-day in exactly one class: idle trouble when maintenance, incidents or expired papers cover
 * at least `troubleHours` of it; else active when an SPK was under way during it (day version); else
 * idle ready. The E/G ON version (`activeEngineOn`) counts engine-on time instead of SPKs.
 */
export function classifyDays(input: {
  vehicles: readonly CcVehicle[];
  days: readonly Day[];
  trouble: readonly Stretch[];
  legs: readonly Stretch[];
  /** Engine-on seconds by `${vehicleId}:${day}`. */
  engineOnS: ReadonlyMap<string, number>;
}): VehicleDay[] {
  const trouble = byVehicle(input.trouble);
  const legs = byVehicle(input.legs);
  const out: VehicleDay[] = [];
  for (const v of input.vehicles)
    for (const d of input.days) {
      if (d.endMs <= v.sinceMs) continue;
      const papersExpired =
        (v.kirDue !== null && v.kirDue < d.day) || (v.stnkDue !== null && v.stnkDue < d.day);
      const troubleS = papersExpired
        ? (d.endMs - d.startMs) / 1000
        : coveredS(trouble.get(v.vehicleId) ?? [], d);
      const onLegs = (legs.get(v.vehicleId) ?? []).filter((s) => s.startMs < d.endMs && s.endMs > d.startMs);
      const engineOnS = input.engineOnS.get(`${v.vehicleId}:${d.day}`) ?? 0;
      const dayClass: CcDayClass =
        troubleS >= CC_DEFAULTS.troubleHours * 3600
          ? 'idle_trouble'
          : onLegs.length > 0
            ? 'active'
            : 'idle_ready';
      out.push({
        vehicleId: v.vehicleId,
        day: d.day,
        dayClass,
        activeEngineOn: dayClass !== 'idle_trouble' && engineOnS >= CC_DEFAULTS.engineOnHours * 3600,
        engineOnS,
        troubleS,
        labels: onLegs.map((s) => s.label ?? '').filter(Boolean),
      });
    }
  return out;
}

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/**
 * The figures of a set of unit-days: totals, the three shares (each rounded to one decimal; the
 * trouble share takes the rounding so the three add up to exactly 100), the E/G ON version, the
 * deficiency against the target utilisation and the daily averages.
 */
export function figuresOf(days: readonly VehicleDay[]): CcFigures {
  const n = days.length;
  const a = days.filter((d) => d.dayClass === 'active').length;
  const r = days.filter((d) => d.dayClass === 'idle_ready').length;
  const t = n - a - r;
  const eg = days.filter((d) => d.activeEngineOn).length;
  const dayCount = new Set(days.map((d) => d.day)).size;
  const utilityPct = pct(a, n);
  const readyPct = pct(r, n);
  return {
    totalCc: new Set(days.map((d) => d.vehicleId)).size,
    unitDays: n,
    totalActivity: a,
    totalIdleReady: r,
    totalIdleTrouble: t,
    activityEngineOn: eg,
    utilityPct,
    readyPct,
    troublePct: n === 0 ? 0 : oneDecimal(100 - utilityPct - readyPct),
    utilityEngineOnPct: pct(eg, n),
    // In hundredths of a unit-day, whole numbers: 0.85 × 9 − 2 is 5.65, not 5.6499….
    deficiency: Math.round(Math.max(0, CC_DEFAULTS.targetUtilisationPct * n - 100 * a) / 10) / 10,
    dailyAverageReady: dayCount === 0 ? 0 : oneDecimal((a + r) / dayCount),
    dailyAverageTrouble: dayCount === 0 ? 0 : oneDecimal(t / dayCount),
  };
}
