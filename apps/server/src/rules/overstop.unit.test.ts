import type { GeofenceCategory } from '@pantau/contracts';
import type { Position } from '@pantau/protocols';
import { describe, expect, it } from 'vitest';
import { UnitGeography, type GeofenceRecord } from '../ingest/geography.js';
import { overstopRule } from './overstop.js';
import { at, fix, fixes, play, pool, testContext, tick, tollShoulder } from './test-tracks.js';

const rules = [overstopRule];
const ctx = testContext({ overstopMinutes: 30, stopSpeedKmh: 5 });

/** ~11 m per 0.0001° of latitude. */
const near = (place: { lat: number; lon: number }, dLat: number, dLon = 0) => ({
  lat: place.lat + dLat,
  lon: place.lon + dLon,
});

/** Drives up at 70 km/h, stands at `place` from 0 to `minutes` (fixes every minute, drifting ±11 m), drives off. */
function stopAt(place: { lat: number; lon: number }, minutes: number): Position[] {
  const arriving = fixes(-60, -10, 10, { speedKmh: 70, ...near(place, -0.01) });
  const standing = fixes(0, minutes * 60, 60).map((p, i) => ({
    ...p,
    speedKmh: i % 3,
    ...near(place, (i % 2) * 0.0001, (i % 2) * 0.0001),
  }));
  const leaving = fix(minutes * 60 + 10, { speedKmh: 25, ...near(place, 0.0007) });
  return [...arriving, ...standing, leaving];
}

describe('overstopRule', () => {
  it('reports a 45-minute stop on a toll shoulder as one over-stop from the stop start', () => {
    const { events } = play(rules, stopAt(tollShoulder, 45), ctx);
    expect(events).toMatchObject([
      { kind: 'overstop', phase: 'start', startedAt: at(0), endedAt: null, limitValue: 30, ...tollShoulder },
      {
        kind: 'overstop',
        phase: 'end',
        startedAt: at(0),
        endedAt: at(45 * 60 + 10),
        attributes: { durationS: 45 * 60 + 10 },
        ...tollShoulder,
      },
    ]);
    expect(events[1]?.key).toBe(events[0]?.key);
  });

  it('starts it at the first fix past the threshold', () => {
    const track = stopAt(tollShoulder, 45);
    const upTo = (s: number) => track.filter((p) => p.fixTime <= at(s));
    expect(play(rules, upTo(30 * 60), ctx).events).toEqual([]); // exactly 30 minutes is not longer than 30
    expect(play(rules, upTo(31 * 60), ctx).events).toMatchObject([{ phase: 'start', startedAt: at(0) }]);
  });

  it('does not report the same stop inside a pool', () => {
    expect(play(rules, stopAt(pool, 45), ctx).events).toEqual([]);
  });

  it('does not report a 25-minute stop', () => {
    expect(play(rules, stopAt(tollShoulder, 25), ctx).events).toEqual([]);
  });

  it('crosses the threshold by time when a stopped vehicle stops reporting', () => {
    const silent = [...stopAt(tollShoulder, 5).slice(0, -1), tick(20 * 60)];
    expect(play(rules, silent, ctx).events).toEqual([]);
    const { events, state } = play(rules, [...silent, tick(31 * 60), tick(40 * 60)], ctx);
    expect(events).toMatchObject([{ phase: 'start', startedAt: at(0), ...tollShoulder }]);
    // It ends when the vehicle is seen moving again.
    const moving = play(rules, [fix(3600, { speedKmh: 40, ...near(tollShoulder, 0.01) })], ctx, state);
    expect(moving.events).toMatchObject([
      { phase: 'end', endedAt: at(3600), attributes: { durationS: 3600 } },
    ]);
  });

  it('reports a stop whose vehicle left after a silence longer than the threshold', () => {
    const track = [fix(0), fix(60), fix(50 * 60, { speedKmh: 30, ...near(tollShoulder, 0.001) })];
    expect(play(rules, track, ctx).events).toMatchObject([
      { phase: 'start', startedAt: at(0) },
      { phase: 'end', endedAt: at(50 * 60) },
    ]);
  });

  it('starts a new stop when a slow vehicle creeps away from where it stopped', () => {
    // 20 minutes at one place, then 20 minutes 110 m further on: two stops, neither too long.
    const first = fixes(0, 20 * 60, 60);
    const second = fixes(21 * 60, 41 * 60, 60, near(tollShoulder, 0.001));
    expect(play(rules, [...first, ...second, fix(42 * 60, { speedKmh: 30 })], ctx).events).toEqual([]);
  });

  it('does not count a slow crawl in a queue as a stop', () => {
    const crawl = Array.from({ length: 60 }, (_, i) =>
      fix(i * 60, { speedKmh: 3, ...near(tollShoulder, i * 0.0006) }),
    );
    expect(play(rules, crawl, ctx).events).toEqual([]);
  });

  it('asks whether stopping is allowed where the vehicle stopped, once', () => {
    const asked: [number, number][] = [];
    const counting = {
      ...ctx,
      isStopAllowedAt: (lat: number, lon: number) => (asked.push([lat, lon]), true),
    };
    play(rules, [...stopAt(tollShoulder, 45).slice(0, -1), tick(50 * 60), tick(51 * 60)], counting);
    // Once in each of play's two passes (one position at a time, then together).
    expect(asked).toHaveLength(2);
    expect(asked[0]?.[0]).toBeCloseTo(tollShoulder.lat, 6);
    expect(asked[1]).toEqual(asked[0]);
  });

  it('ignores positions without a fix and positions older than its last fix', () => {
    const { state } = play(rules, fixes(0, 10 * 60, 60), ctx);
    expect(play(rules, [fix(5 * 60, { speedKmh: 50 })], ctx, state)).toEqual({ state, events: [] });
    const invalid = play(rules, fixes(11 * 60, 40 * 60, 60, { speedKmh: 0, valid: false }), ctx, state);
    expect(invalid.events).toEqual([]);
    expect(invalid.state).toBe(state);
  });
});

describe('over stop by the unit’s geofences', () => {
  const square = (geofenceId: number, category: GeofenceCategory): GeofenceRecord => ({
    geofenceId,
    unitId: 1,
    code: `G${geofenceId}`,
    name: `Geofence ${geofenceId}`,
    category,
    notifyEnter: false,
    notifyExit: false,
    polygonType: 'circle',
    geometry: { type: 'Point', coordinates: [tollShoulder.lon, tollShoulder.lat] },
    center: [tollShoulder.lon, tollShoulder.lat],
    radius: 200,
    width: null,
  });
  const withGeofence = (category: GeofenceCategory) => ({
    ...ctx,
    geography: new UnitGeography([square(1, category)]),
  });

  it.each(['pool', 'base', 'plant', 'port', 'dealer', 'workshop'] as const)(
    'a stop inside a %s geofence is work, however long',
    (category) => {
      expect(play(rules, stopAt(tollShoulder, 180), withGeofence(category)).events).toEqual([]);
    },
  );

  it('a rest area allows 60 minutes', () => {
    expect(play(rules, stopAt(tollShoulder, 55), withGeofence('rest_area')).events).toEqual([]);
    const long = play(rules, stopAt(tollShoulder, 75), withGeofence('rest_area')).events;
    expect(long.map((e) => [e.phase, e.limitValue])).toEqual([
      ['start', 60],
      ['end', 60],
    ]);
  });

  it('any other geofence keeps the unit’s threshold', () => {
    const events = play(rules, stopAt(tollShoulder, 45), withGeofence('other')).events;
    expect(events.map((e) => [e.phase, e.limitValue])).toEqual([
      ['start', 30],
      ['end', 30],
    ]);
  });
});
