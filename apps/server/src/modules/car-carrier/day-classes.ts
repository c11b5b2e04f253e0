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

/** The stretches merged where they overlap, in order. */
function merged(stretches: readonly Stretch[]): [number, number][] {
  const sorted = stretches.map((s) => [s.startMs, s.endMs] as [number, number]).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else if (b > a) out.push([a, b]);
  }
  return out;
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

/** The index of the first day that ends after `ms` (days in order, back to back). */
function firstDayEndingAfter(days: readonly Day[], ms: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]!.endMs <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each unit-day in exactly one class: idle trouble when maintenance, incidents or expired papers cover
 * at least `troubleHours` of it; else active when an SPK was under way during it (day version); else
 * idle ready. The E/G ON version (`activeEngineOn`) counts engine-on time instead of SPKs. Each stretch
 * is laid on the days it covers (a binary search for its first), so a year of a fleet is quick.
 */
export function classifyDays(input: {
  vehicles: readonly CcVehicle[];
  days: readonly Day[];
  trouble: readonly Stretch[];
  legs: readonly Stretch[];
  /** Engine-on seconds by `${vehicleId}:${day}`. */
  engineOnS: ReadonlyMap<string, number>;
}): VehicleDay[] {
  const { days } = input;
  const trouble = byVehicle(input.trouble);
  const legs = byVehicle(input.legs);
  const out: VehicleDay[] = [];
  for (const v of input.vehicles) {
    const troubleS = new Float64Array(days.length);
    for (const [a, b] of merged(trouble.get(v.vehicleId) ?? []))
      for (let i = firstDayEndingAfter(days, a); i < days.length && days[i]!.startMs < b; i++)
        troubleS[i]! += (Math.min(b, days[i]!.endMs) - Math.max(a, days[i]!.startMs)) / 1000;
    const labels: string[][] = days.map(() => []);
    const onLeg = new Uint8Array(days.length);
    for (const s of legs.get(v.vehicleId) ?? [])
      for (let i = firstDayEndingAfter(days, s.startMs); i < days.length && days[i]!.startMs < s.endMs; i++) {
        if (s.endMs <= days[i]!.startMs) break;
        onLeg[i] = 1;
        if (s.label) labels[i]!.push(s.label);
      }
    days.forEach((d, i) => {
      if (d.endMs <= v.sinceMs) return;
      const papersExpired =
        (v.kirDue !== null && v.kirDue < d.day) || (v.stnkDue !== null && v.stnkDue < d.day);
      const dayTroubleS = papersExpired ? (d.endMs - d.startMs) / 1000 : troubleS[i]!;
      const engineOnS = input.engineOnS.get(`${v.vehicleId}:${d.day}`) ?? 0;
      const dayClass: CcDayClass =
        dayTroubleS >= CC_DEFAULTS.troubleHours * 3600 ? 'idle_trouble' : onLeg[i] ? 'active' : 'idle_ready';
      out.push({
        vehicleId: v.vehicleId,
        day: d.day,
        dayClass,
        activeEngineOn: dayClass !== 'idle_trouble' && engineOnS >= CC_DEFAULTS.engineOnHours * 3600,
        engineOnS,
        troubleS: dayTroubleS,
        labels: labels[i]!,
      });
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
