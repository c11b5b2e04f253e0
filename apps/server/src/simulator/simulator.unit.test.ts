import type { Position } from '@pantau/protocols';
import { describe, expect, it } from 'vitest';
import type { Pipeline } from '../ingest/types.js';
import { createProgressBar } from './progress.js';
import { roadNodes, ruler, shortestPath } from './road-network.js';
import { alarmBetween, createSimulator } from './simulator.js';
import { placeOf } from '../places/place-names.js';
import { standsByInPool, VehiclePlan, worksEvenings, type SimVehicle } from './vehicle-plan.js';

const fleet: SimVehicle[] = ['pool_sunter', 'pool_karawang', 'pool_cibitung'].flatMap((poolId, u) =>
  Array.from({ length: 4 }, (_, i) => ({
    vehicleId: u * 10 + i + 1,
    trackerId: `86358500${u}${i}0000${i}`,
    poolId,
    vehicleClass: u === 2 ? ('TRUCK' as const) : ('CC' as const),
    speedLimitKmh: 80,
    slot: i,
  })),
);

function recorder() {
  const batches: Position[][] = [];
  const pipeline: Pipeline = {
    ingest: async (p) => {
      batches.push(p);
      return { stored: p.length, dropped: [] };
    },
    reportStatus: async () => false,
    isKnownTracker: () => true,
    noteUnknownTracker: () => {},
    close: async () => {},
  };
  return { pipeline, batches };
}
const silent = { warn() {}, info() {} } as never;
const DAY = 86_400_000;
const to = new Date('2026-11-22T05:00:00Z');
const from = new Date(to.getTime() - 2 * DAY);

async function history() {
  const { pipeline, batches } = recorder();
  const progress: number[] = [];
  const sim = createSimulator({ pipeline, vehicles: fleet, logger: silent, batchSize: 500 });
  const n = await sim.backfill(from, to, (p) => progress.push(p.done / p.total));
  return { n, all: batches.flat(), batches, progress };
}

describe('road network', () => {
  it('joins every site to every pool', () => {
    const pools = roadNodes.filter((n) => n.kind === 'pool');
    for (const site of roadNodes.filter((n) => n.kind !== 'road'))
      for (const pool of pools)
        if (pool.id !== site.id) expect(shortestPath(pool.id, site.id).km).toBeGreaterThan(0.5);
  });

  it('route A, KIIC → IPC car terminal, is about 75 km (research/domain.md §7.2)', () => {
    const km = shortestPath('kiic_tmmin', 'ipcc').km;
    expect(km).toBeGreaterThan(60);
    expect(km).toBeLessThan(90);
  });
});

describe('demo simulator back-fill', () => {
  it('writes history in fix-time order, in batches, with progress up to 100 %', async () => {
    const { n, all, batches, progress } = await history();
    expect(n).toBe(all.length);
    expect(n).toBeGreaterThan(1000);
    expect(batches.every((b) => b.length <= 500)).toBe(true);
    for (let i = 1; i < all.length; i++)
      expect(all[i]!.fixTime.getTime()).toBeGreaterThanOrEqual(all[i - 1]!.fixTime.getTime());
    expect(all[0]!.fixTime.getTime()).toBeGreaterThanOrEqual(from.getTime());
    expect(all.at(-1)!.fixTime.getTime()).toBeLessThan(to.getTime());
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('is deterministic', async () => {
    const a = await history();
    const b = await history();
    expect(b.all).toEqual(a.all);
  });

  it('moves vehicles along roads at the speed they report', async () => {
    const { all } = await history();
    const byTracker = new Map<string, Position[]>();
    for (const p of all) byTracker.set(p.trackerId, [...(byTracker.get(p.trackerId) ?? []), p]);
    let checked = 0;
    let close = 0;
    for (const fixes of byTracker.values()) {
      for (let i = 1; i < fixes.length; i++) {
        const [a, b] = [fixes[i - 1]!, fixes[i]!];
        const hours = (b.fixTime.getTime() - a.fixTime.getTime()) / 3_600_000;
        const km = ruler.distance([a.lon, a.lat], [b.lon, b.lat]);
        // Never faster than a truck can go, even across a GPS gap.
        expect(km / hours).toBeLessThan(130);
        // A minute apart while cruising steadily: distance matches the reported speed.
        if (hours <= 1 / 60 && a.speedKmh > 40 && Math.abs(a.speedKmh - b.speedKmh) < 4) {
          // The straight line between fixes is never longer than the road driven (corners cut it short).
          const error = km / hours - (a.speedKmh + b.speedKmh) / 2;
          expect(error).toBeLessThan(6);
          if (Math.abs(error) < 4) close++;
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(close / checked).toBeGreaterThan(0.9);
  });

  it('drives at toll speeds with some over-speed, parks with the ignition off, and stays in Java', async () => {
    const { all } = await history();
    const moving = all.filter((p) => p.speedKmh > 5);
    expect(moving.length).toBeGreaterThan(all.length / 4);
    expect(moving.some((p) => p.speedKmh > 85)).toBe(true);
    expect(Math.max(...moving.map((p) => p.speedKmh))).toBeLessThan(110);
    expect(all.some((p) => p.ignition === false && p.speedKmh === 0)).toBe(true);
    expect(moving.every((p) => p.ignition === true)).toBe(true);
    for (const p of all) {
      expect(p.lat).toBeGreaterThan(-8.5);
      expect(p.lat).toBeLessThan(-5.5);
      expect(p.lon).toBeGreaterThan(105.5);
      expect(p.lon).toBeLessThan(113);
    }
  });

  it('now and then a tracker raises an alarm, once, on the fix before it goes off', async () => {
    // Over a month of 1,000 vehicles: about one vehicle-day in 25, each day's alarm in one place.
    const days = 30;
    const start = Date.UTC(2026, 10, 1) - 7 * 3_600_000;
    let alarms = 0;
    for (let id = 1; id <= 1000; id++) {
      const found = [];
      for (let t = start; t < start + days * DAY; t += 15 * 60_000) {
        const a = alarmBetween(id, t, t + 15 * 60_000, { moving: true, ignition: true });
        if (a) found.push(a);
      }
      expect(found.length).toBeLessThanOrEqual(days + 1);
      alarms += found.length;
    }
    expect(alarms / (1000 * days)).toBeGreaterThan(0.03);
    expect(alarms / (1000 * days)).toBeLessThan(0.05);
    // Parked with the engine off it is the vibration sensor; driving, a power cut or the SOS button.
    const kinds = new Set<string | null>();
    for (let id = 1; id <= 1000; id++)
      for (let d = 0; d < days; d++) {
        const t = start + d * DAY;
        kinds.add(alarmBetween(id, t, t + DAY, { moving: false, ignition: false }));
        expect([null, 'vibration']).toContain(
          alarmBetween(id, t, t + DAY, { moving: false, ignition: false }),
        );
        kinds.add(alarmBetween(id, t, t + DAY, { moving: true, ignition: true }));
      }
    expect(new Set(kinds)).toEqual(new Set([null, 'vibration', 'powerCut', 'sos']));
    // In the back-fill, the alarms reach the pipeline on the fixes.
    const { all } = await history();
    const raised = all.filter((p) => p.alarm !== null);
    expect(raised.length).toBeLessThanOrEqual(fleet.length * 3);
    for (const p of raised) expect(['vibration', 'powerCut', 'sos']).toContain(p.alarm);
  });

  it('resumes the same timeline after a restart (live from the same anchor)', () => {
    const { pipeline } = recorder();
    const t = new Date(to.getTime() - 3 * 3_600_000);
    const a = createSimulator({ pipeline, vehicles: fleet, logger: silent }).positionAt(
      fleet[0]!.trackerId,
      t,
    );
    const b = createSimulator({ pipeline, vehicles: fleet, logger: silent }).positionAt(
      fleet[0]!.trackerId,
      t,
    );
    expect(a).toEqual(b);
  });
});

describe('planned jobs', () => {
  it('plans one job a working day, known before the vehicle leaves its pool, the same on every run', () => {
    const v = fleet[0]!;
    const anchor = Date.parse('2026-11-01T17:00:00Z');
    const plan = new VehiclePlan(v, anchor);
    const trips = plan.tripsBetween(anchor, anchor + 10 * DAY);
    expect(trips.length).toBeGreaterThanOrEqual(7);
    for (let i = 1; i < trips.length; i++)
      expect(trips[i]!.departAt - trips[i - 1]!.departAt).toBeGreaterThan(12 * 3_600_000);
    // At its departure the vehicle is still parked in its pool, engine off.
    const first = new VehiclePlan(v, anchor);
    for (const trip of trips.slice(0, 3)) {
      const s = first.sample(trip.departAt - 60_000);
      expect(s).toMatchObject({ moving: false, ignition: false });
      expect(placeOf(s!.lat, s!.lon)).toMatchObject({ kind: 'at', name: 'Pool Sunter/Cakung' });
    }
    expect(new VehiclePlan(v, anchor).tripsBetween(anchor, anchor + 10 * DAY)).toEqual(trips);
  });

  it('sends one vehicle in three out in the evening, so some of the fleet is on the road at any hour', () => {
    const anchor = Date.parse('2026-11-01T17:00:00Z');
    const HOUR = 3_600_000;
    const wibHour = (t: number) => new Date(t + 7 * HOUR).getUTCHours();
    // Three pools of eight vehicles: a third stand by, a third work evenings, a third days.
    const working = ['pool_sunter', 'pool_karawang', 'pool_cibitung']
      .flatMap((poolId, u) =>
        Array.from({ length: 8 }, (_, i) => ({ ...fleet[0]!, vehicleId: u * 10 + i + 1, poolId, slot: i })),
      )
      .filter((v) => !standsByInPool(v.vehicleId));
    expect(working.filter((v) => worksEvenings(v.vehicleId)).length).toBeGreaterThan(working.length / 3);
    for (const v of working)
      for (const trip of new VehiclePlan(v, anchor).tripsBetween(anchor, anchor + 7 * DAY))
        if (worksEvenings(v.vehicleId)) expect(wibHour(trip.departAt)).toBeGreaterThanOrEqual(17);
        else expect(wibHour(trip.departAt)).toBeLessThan(9);
    // Hour by hour over three days: how many vehicles are out of their pool, how many driving.
    const plans = working.map((v) => new VehiclePlan(v, anchor));
    const hours: { hour: number; out: number; moving: number }[] = [];
    for (let t = anchor + DAY; t < anchor + 4 * DAY; t += HOUR) {
      let out = 0;
      let moving = 0;
      for (const plan of plans) {
        const s = plan.sample(t);
        if (!s) continue;
        const place = placeOf(s.lat, s.lon);
        if (place.kind !== 'at' || !place.name.startsWith('Pool')) out += 1;
        if (s.moving) moving += 1;
      }
      hours.push({ hour: wibHour(t), out, moving });
    }
    expect(hours.filter((h) => h.out > 0).length).toBeGreaterThanOrEqual(0.75 * hours.length);
    const night = hours.filter((h) => h.hour >= 22 || h.hour < 4);
    expect(night.filter((h) => h.moving > 0).length).toBeGreaterThanOrEqual(0.6 * night.length);
  });

  it('keeps a stand-by reserve parked in its pool, with no job', () => {
    const anchor = Date.parse('2026-11-01T17:00:00Z');
    const plan = new VehiclePlan({ ...fleet[0]!, reserve: true }, anchor);
    expect(plan.tripsBetween(anchor, anchor + 5 * DAY)).toEqual([]);
    for (let t = anchor; t < anchor + 5 * DAY; t += 3 * 3_600_000)
      expect(plan.sample(t)).toMatchObject({ moving: false, ignition: false });
  });
});

describe('progress bar', () => {
  it('writes one line per 10 % without a terminal', () => {
    const lines: string[] = [];
    const bar = createProgressBar('History', { isTTY: false, write: (s) => lines.push(s) });
    for (let done = 0; done <= 100; done += 5) bar.update({ done, total: 100, positions: done * 10 });
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)).toMatch(/^History 100%\s+1,000 positions/);
  });

  it('redraws one line on a terminal and ends it at 100 %', () => {
    let text = '';
    const bar = createProgressBar('History', { isTTY: true, write: (s) => (text += s) });
    bar.update({ done: 0, total: 10, positions: 0 });
    bar.update({ done: 10, total: 10, positions: 99 });
    bar.update({ done: 10, total: 10, positions: 99 });
    expect(text.startsWith('\rHistory [')).toBe(true);
    expect(text.match(/\n/g)).toHaveLength(1);
    expect(text).toContain('##############################');
  });
});

describe('pool yard', () => {
  it("parks a pool's vehicles side by side in the yard, each on its own slot, inside the pool", () => {
    const pool = roadNodes.find((n) => n.id === 'pool_cibitung')!;
    // 20:00 WIB: every vehicle is parked for the night.
    const anchor = Date.parse('2026-11-21T13:00:00Z');
    const parked = Array.from({ length: 24 }, (_, slot) =>
      new VehiclePlan(
        {
          vehicleId: 100 + slot,
          trackerId: `8635850099${String(slot).padStart(5, '0')}`,
          poolId: pool.id,
          vehicleClass: 'TRUCK',
          speedLimitKmh: 60,
          slot,
        },
        anchor,
      ).sample(anchor + 60_000)!,
    );
    for (const [i, a] of parked.entries()) {
      expect(a.moving).toBe(false);
      expect(ruler.distance([a.lon, a.lat], [pool.lon, pool.lat]) * 1000).toBeLessThan(150);
      expect(placeOf(a.lat, a.lon)).toMatchObject({ kind: 'at', name: 'Pool Cibitung' });
      for (const b of parked.slice(i + 1))
        expect(ruler.distance([a.lon, a.lat], [b.lon, b.lat]) * 1000).toBeGreaterThanOrEqual(15);
    }
  });
});
