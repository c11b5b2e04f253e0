import { describe, expect, it } from 'vitest';
import { classifyDays, figuresOf, type CcVehicle, type Day } from './day-classes.js';

// Three days in WIB and four car carriers, with hand-counted classes.
const H = 3_600_000;
const dayOf = (day: string): Day => {
  const startMs = Date.parse(`${day}T00:00:00+07:00`);
  return { day, startMs, endMs: startMs + 24 * H };
};
const days = ['2026-11-16', '2026-11-17', '2026-11-18'].map(dayOf);
const at = (day: number, hour: number) => days[day]!.startMs + hour * H;
const cc = (vehicleId: number, o: Partial<CcVehicle> = {}): CcVehicle => ({
  vehicleId,
  sinceMs: 0,
  kirDue: null,
  stnkDue: null,
  ...o,
});

describe('S-054 S-058 car-carrier day classes and figures', () => {
  const classes = classifyDays({
    vehicles: [
      cc(1),
      cc(2),
      // Its KIR expired on the 16th: trouble from the 17th.
      cc(3, { kirDue: '2026-11-16' }),
      // Joined the fleet on the 17th at noon: two unit-days.
      cc(4, { sinceMs: at(1, 12) }),
    ],
    days,
    trouble: [
      // A breakdown from 16th 20:00 to 17th 14:00 (4 h, then 14 h: trouble on the 17th only), and a
      // service overlapping it on the 17th from 10:00 to 12:00 (counted once).
      { vehicleId: 2, startMs: at(0, 20), endMs: at(1, 14) },
      { vehicleId: 2, startMs: at(1, 10), endMs: at(1, 12) },
    ],
    legs: [
      // Vehicle 1 on an SPK from the 16th 06:00 to the 17th 02:00 (active both days).
      { vehicleId: 1, startMs: at(0, 6), endMs: at(1, 2), label: 'SPK-1' },
      // Vehicle 2 on an SPK on the 17th: trouble wins that day.
      { vehicleId: 2, startMs: at(1, 15), endMs: at(1, 20), label: 'SPK-2' },
      // Vehicle 3 drives on the 18th with expired papers: trouble.
      { vehicleId: 3, startMs: at(2, 8), endMs: at(2, 18), label: 'SPK-3' },
    ],
    engineOnS: new Map([
      ['1:2026-11-16', 9 * 3600],
      ['1:2026-11-18', 2 * 3600],
      ['4:2026-11-18', 1800],
    ]),
  });

  it('puts each unit-day in exactly one class', () => {
    const table = Object.fromEntries(classes.map((c) => [`${c.vehicleId}:${c.day.slice(8)}`, c.dayClass]));
    expect(table).toEqual({
      '1:16': 'active',
      '1:17': 'active',
      '1:18': 'idle_ready',
      '2:16': 'idle_ready',
      '2:17': 'idle_trouble',
      '2:18': 'idle_ready',
      '3:16': 'idle_ready',
      '3:17': 'idle_trouble',
      '3:18': 'idle_trouble',
      '4:17': 'idle_ready',
      '4:18': 'idle_ready',
    });
    expect(classes.find((c) => c.vehicleId === 2 && c.day === '2026-11-17')!.troubleS).toBe(14 * 3600);
    expect(classes.find((c) => c.vehicleId === 1 && c.day === '2026-11-16')!.labels).toEqual(['SPK-1']);
  });

  it('figures: A 2, R 6, T 3 of N 11; shares add up to 100; E/G ON, deficiency and daily averages', () => {
    expect(figuresOf(classes)).toEqual({
      totalCc: 4,
      unitDays: 11,
      totalActivity: 2,
      totalIdleReady: 6,
      totalIdleTrouble: 3,
      // Vehicle 1 on the 16th (9 h) and the 18th (2 h); vehicle 4's 30 minutes do not count.
      activityEngineOn: 2,
      utilityPct: 18.2,
      readyPct: 54.5,
      troublePct: 27.3,
      utilityEngineOnPct: 18.2,
      // 0.85 × 11 − 2 = 7.35.
      deficiency: 7.4,
      // (2 + 6) / 3 days and 3 / 3 days.
      dailyAverageReady: 2.7,
      dailyAverageTrouble: 1,
    });
    const shares = figuresOf(classes);
    expect(shares.utilityPct + shares.readyPct + shares.troublePct).toBeCloseTo(100, 6);
  });

  it('figures of nothing are zeros', () => {
    expect(figuresOf([])).toMatchObject({ unitDays: 0, utilityPct: 0, troublePct: 0, dailyAverageReady: 0 });
  });
});
