import type { Position } from '@pantau/protocols';
import { describe, expect, it } from 'vitest';
import { at, fix, fixes, play, pool, testContext, tollShoulder } from './test-tracks.js';
import { openOf, tripsRule, type DayAcc, type StopRecord, type TripRecord } from './trips.js';
import type { RuleEvent } from './types.js';

const rules = [tripsRule];
const ctx = testContext();

/** ~111 m per 0.001° of latitude: a track north from the pool. */
const north = (m: number) => ({ lat: pool.lat + m / 111_320, lon: pool.lon });

/** Parked at the pool with the ignition off, fixes every minute over [fromS, toS]. */
const parked = (fromS: number, toS: number, place = pool) =>
  fixes(fromS, toS, 60, { ...place, speedKmh: 0, ignition: false });

/** Driving north at 36 km/h (10 m/s) from `fromM` metres, a fix every 10 s for `seconds`. */
const drive = (fromS: number, seconds: number, fromM: number): Position[] =>
  fixes(fromS, fromS + seconds, 10, { speedKmh: 36, ignition: true }).map((p, i) => ({
    ...p,
    ...north(fromM + i * 100),
  }));

/** Standing still with the engine running at `m` metres north of the pool. */
const halt = (fromS: number, toS: number, m: number) =>
  fixes(fromS, toS, 30, { ...north(m), speedKmh: 0, ignition: true });

const ofKind = (events: RuleEvent[], kind: string) => events.filter((e) => e.kind === kind);
const trips = (events: RuleEvent[]) =>
  ofKind(events, 'trip').map((e) => e.attributes as unknown as TripRecord);
const stops = (events: RuleEvent[]) =>
  ofKind(events, 'stop').map((e) => e.attributes as unknown as StopRecord);

describe('tripsRule', () => {
  it('finds a stop, a trip from it and the stop it ends at', () => {
    const track = [...parked(0, 600), ...drive(660, 600, 0), ...halt(1290, 1290 + 600, 6100)];
    const { events, state } = play(rules, track, ctx);
    expect(stops(events)).toEqual([
      { startMs: at(0).getTime(), endMs: at(600).getTime(), lat: pool.lat, lon: pool.lon, idleS: 0 },
    ]);
    const [trip] = trips(events);
    expect(trip).toMatchObject({ startMs: at(600).getTime(), endMs: at(1290).getTime(), halts: 0 });
    // 60 intervals of 100 m, and the last 100 m to the halt.
    expect(Math.abs(trip!.distM - 6100)).toBeLessThan(61);
    expect(trip!.drivingS).toBe(60 + 600 + 30);
    expect(trip!.maxKmh).toBe(36);
    // The vehicle is now in a stop that began where the trip ended.
    expect(openOf(state.trips).stop).toMatchObject({ startMs: at(1290).getTime(), idleS: 600 });
    expect(openOf(state.trips).trip).toBeNull();
  });

  it('a red light (2 minutes still) is not a stop: the trip goes on, the halt idle', () => {
    const track = [
      ...parked(0, 600),
      ...drive(610, 300, 0),
      ...halt(920, 1040, 3100),
      ...drive(1050, 300, 3200),
      ...halt(1360, 1360 + 600, 6300),
    ];
    const { events } = play(rules, track, ctx);
    expect(trips(events)).toHaveLength(1);
    const [trip] = trips(events);
    expect(trip).toMatchObject({ startMs: at(600).getTime(), endMs: at(1360).getTime(), halts: 1 });
    expect(trip!.idleS).toBe(120);
    expect(stops(events)).toHaveLength(1); // the pool only; the red light is none
  });

  it('a GPS jump (one fix 5 km away) is not a trip', () => {
    const track = parked(0, 1800);
    track[10] = { ...track[10]!, lat: pool.lat + 0.045, speedKmh: 40 };
    const { events, state } = play(rules, track, ctx);
    expect(trips(events)).toEqual([]);
    expect(openOf(state.trips).trip).toBeNull();
    expect(openOf(state.trips).stop).toMatchObject({ startMs: at(0).getTime() });
    expect((state.trips as { days: DayAcc[] }).days[0]!.distM).toBe(0);
  });

  it('a vehicle moved while its tracker was off starts again from where two fixes agree', () => {
    const far = { lat: tollShoulder.lat, lon: tollShoulder.lon };
    const track = [...parked(0, 600), ...parked(700, 1400, far)];
    const { events, state } = play(rules, track, ctx);
    expect(trips(events)).toEqual([]);
    expect((state.trips as { last: { lat: number } }).last.lat).toBe(far.lat);
  });

  it('shunting 50 m in the yard is no trip: the stop goes on', () => {
    const track = [...parked(0, 600), ...drive(610, 5, 0), ...parked(620, 1500, north(50))];
    const { events, state } = play(rules, track, ctx);
    expect(trips(events)).toEqual([]);
    expect(stops(events)).toEqual([]);
    expect(openOf(state.trips).stop).toMatchObject({ startMs: at(0).getTime() });
  });

  it('ignition off while rolling is still moving; ignition off standing is a stop after 5 minutes', () => {
    const rolling = drive(610, 300, 0).map((p, i) => (i > 10 ? { ...p, ignition: false } : p));
    const track = [...parked(0, 600), ...rolling, ...parked(920, 1400, north(3100))];
    const { events } = play(rules, track, ctx);
    const [trip] = trips(events);
    expect(trip).toMatchObject({ startMs: at(600).getTime(), endMs: at(920).getTime() });
    expect(trip!.drivingS).toBe(10 + 300 + 10);
    expect(stops(events)).toHaveLength(1);
  });

  it('a vehicle that drives has its engine running, whatever its tracker says of the ignition', () => {
    const unknown = drive(610, 300, 0).map((p) => ({ ...p, ignition: null }));
    const off = drive(1210, 300, 3100).map((p) => ({ ...p, ignition: false }));
    const { state } = play(
      rules,
      [...parked(0, 600), ...unknown, ...parked(920, 1200, north(3100)), ...off],
      ctx,
    );
    const [day] = (state.trips as { days: DayAcc[] }).days;
    expect(day!.drivingS).toBeGreaterThan(600);
    expect(day!.engineS).toBeGreaterThanOrEqual(day!.drivingS);
  });

  it('splits a stop across midnight between the two local days', () => {
    // T0 is 08:00 WIB; local midnight is 16 h later.
    const midnightS = 16 * 3600;
    const track = [
      ...parked(0, 600),
      ...drive(610, 300, 0),
      ...halt(midnightS - 1800, midnightS + 1800, 3100).filter((p) => p.fixTime > at(910)),
    ];
    const withBridge = [
      ...track.slice(0, 32),
      fix(920, { ...north(3100), ignition: true }),
      ...track.slice(32),
    ];
    const { state } = play(rules, withBridge, ctx);
    const days = (state.trips as { days: DayAcc[] }).days;
    expect(days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03']);
    // The engine ran from 30 min before midnight to 30 min after: half each side.
    expect(days[0]!.idleS).toBeCloseTo(1800, 0);
    expect(days[1]!.idleS).toBeCloseTo(1800, 0);
    expect(days[1]!.engineS).toBeCloseTo(1800, 0);
    expect(days[1]!.distM).toBe(0);
    expect(days[0]!.distM).toBeGreaterThan(3000);
  });

  it('closes a day once a second one follows it', () => {
    const track = [...parked(0, 600), ...parked(86_400, 87_000), ...parked(2 * 86_400, 2 * 86_400 + 600)];
    const { events, state } = play(rules, track, ctx);
    expect(ofKind(events, 'activity_day').map((e) => (e.attributes as unknown as DayAcc).day)).toEqual([
      '2026-03-02',
    ]);
    expect((state.trips as { days: DayAcc[] }).days.map((d) => d.day)).toEqual(['2026-03-03', '2026-03-04']);
  });

  it('ignores older fixes (late fixes are rebuilt from the stored positions)', () => {
    const track = [...parked(0, 600), ...drive(610, 300, 0)];
    const late = fix(300, { ...pool, speedKmh: 50 });
    const a = play(rules, track, ctx);
    const b = play(rules, [...track, late], ctx);
    expect(b.state).toEqual(a.state);
  });
});
