import { describe, expect, it } from 'vitest';
import { ruleRouteOf } from '../ingest/geography.js';
import { overrouteRule } from './overroute.js';
import { fix, play, testContext } from './test-tracks.js';
import type { RuleContext } from './types.js';

/** A route due east along latitude -6.40 for about 33 km, with a 1 km corridor (500 m each side). */
const LAT = -6.4;
const route = ruleRouteOf({
  routeId: 7,
  unitId: 1,
  code: 'CKR-TPK',
  name: 'Cikarang – Tanjung Priok',
  path: {
    type: 'LineString',
    coordinates: [
      [107.0, LAT],
      [107.3, LAT],
    ],
  },
  corridorWidthM: 1000,
  originGeofenceId: null,
  destinationGeofenceId: 9,
});
const ctx = (over: Partial<RuleContext> = {}): RuleContext => ({ ...testContext(), route, ...over });
/** `m` metres north of the route, `km` along it. */
const at = (s: number, km: number, m: number) =>
  fix(s, { lat: LAT + m / 110_574, lon: 107.0 + km / 110.6, speedKmh: 40 });

describe('over route', () => {
  it('opens after three fixes and 1 km outside the corridor, from the first fix outside, and closes back inside', () => {
    const { events } = play(
      [overrouteRule],
      [
        at(0, 1, 0),
        at(60, 2, 800),
        at(120, 2.5, 1500),
        at(180, 3, 1600),
        at(240, 3.5, 1200),
        at(300, 4, 100),
      ],
      ctx(),
    );
    expect(events.map((e) => [e.kind, e.phase, e.startedAt.toISOString()])).toEqual([
      ['overroute', 'start', '2026-03-02T01:01:00.000Z'],
      ['overroute', 'end', '2026-03-02T01:01:00.000Z'],
    ]);
    const end = events[1]!;
    expect(end.endedAt?.toISOString()).toBe('2026-03-02T01:05:00.000Z');
    expect(end.maxValue).toBe(1600);
    expect(end.attributes).toMatchObject({
      routeId: 7,
      routeCode: 'CKR-TPK',
      durationS: 240,
      maxDeviationM: 1600,
    });
    expect(end.attributes?.offRouteKm as number).toBeGreaterThan(1.9);
    expect(end.attributes?.offRouteKm as number).toBeLessThan(2.1);
  });

  it('inside the corridor, at its edge, is on route', () => {
    const { events } = play(
      [overrouteRule],
      [at(0, 1, 490), at(60, 3, -490), at(120, 5, 490), at(180, 7, 0)],
      ctx(),
    );
    expect(events).toEqual([]);
  });

  it('two fixes outside or less than 1 km driven outside is no over-route', () => {
    const twoFixes = play([overrouteRule], [at(0, 1, 900), at(60, 4, 900), at(120, 5, 0)], ctx());
    expect(twoFixes.events).toEqual([]);
    // Parked 800 m off the route for ten minutes: far enough, long enough, but not driven 1 km.
    const parked = play(
      [overrouteRule],
      [at(0, 1, 800), at(120, 1.1, 800), at(240, 1.2, 800), at(600, 1.2, 800), at(660, 1.2, 0)],
      ctx(),
    );
    expect(parked.events).toEqual([]);
  });

  it('five minutes outside counts like three fixes', () => {
    const { events } = play([overrouteRule], [at(0, 1, 900), at(300, 3, 900)], ctx());
    expect(events.map((e) => e.phase)).toEqual(['start']);
  });

  it('a vehicle without a route is never off route, and losing the route closes an open over-route', () => {
    expect(
      play([overrouteRule], [at(0, 1, 5000), at(60, 3, 5000), at(120, 5, 5000)], ctx({ route: null })).events,
    ).toEqual([]);
    const off = play([overrouteRule], [at(0, 1, 900), at(60, 2, 900), at(120, 3, 900)], ctx());
    const after = play([overrouteRule], [at(180, 4, 900)], ctx({ route: null }), off.state);
    expect(after.events.map((e) => [e.phase, e.endedAt?.toISOString()])).toEqual([
      ['end', '2026-03-02T01:03:00.000Z'],
    ]);
  });

  it('inside the route’s destination geofence the vehicle is not checked', () => {
    const dealer = {
      geofenceId: 9,
      code: 'D',
      name: 'Dealer',
      category: 'dealer',
      notifyEnter: false,
      notifyExit: false,
    } as const;
    const geography = { geofencesAt: () => [dealer], geofence: () => dealer };
    const { events } = play(
      [overrouteRule],
      [at(0, 1, 900), at(60, 2, 900), at(120, 3, 900)],
      ctx({ geography }),
    );
    expect(events).toEqual([]);
  });

  describe('only on the route: from its origin to its destination', () => {
    const site = (geofenceId: number, name: string, category: 'plant' | 'dealer') =>
      ({ geofenceId, code: name, name, category, notifyEnter: false, notifyExit: false }) as const;
    const plant = site(8, 'Plant', 'plant');
    const dealer = site(9, 'Dealer', 'dealer');
    /** The plant is the first half kilometre of the route (and 3 km around it), the dealer the last. */
    const geography = {
      geofencesAt: (lat: number, lon: number) => {
        const km = (lon - 107.0) * 110.6;
        const northM = (lat - LAT) * 110_574;
        if (km < 0.5 && km > -3 && Math.abs(northM) < 3000) return [plant];
        if (km > 32) return [dealer];
        return [];
      },
      geofence: () => undefined,
    };
    const both = ruleRouteOf({
      routeId: 8,
      unitId: 1,
      code: 'PLT-DLR',
      name: 'Plant – Dealer',
      path: {
        type: 'LineString',
        coordinates: [
          [107.0, LAT],
          [107.3, LAT],
        ],
      },
      corridorWidthM: 1000,
      originGeofenceId: 8,
      destinationGeofenceId: 9,
    });
    const onRoute = (over: Partial<RuleContext> = {}) => ctx({ route: both, geography, ...over });
    /** From a pool 6 km north of the route's start, west of it, down to the plant: never near the corridor. */
    const fromPool = [at(0, -6, 6000), at(60, -5, 5000), at(120, -4, 4000), at(180, -3.5, 3500)];

    it('the way from the pool to the origin is not off route', () => {
      expect(play([overrouteRule], fromPool, onRoute()).events).toEqual([]);
    });

    it('once it has left the origin, leaving the corridor is an over-route', () => {
      const { events } = play(
        [overrouteRule],
        [...fromPool, at(240, 0.2, 0), at(300, 1, 0), at(360, 2, 900), at(420, 3, 900), at(480, 4, 900)],
        onRoute(),
      );
      expect(events.map((e) => [e.phase, e.startedAt.toISOString()])).toEqual([
        ['start', '2026-03-02T01:06:00.000Z'],
      ]);
    });

    it('after the destination, the way back is not off route', () => {
      const { events } = play(
        [overrouteRule],
        [
          at(0, 0.2, 0),
          at(600, 20, 0),
          at(1200, 32.5, 0),
          // Back to a pool 5 km north, on another road.
          at(1260, 30, 2000),
          at(1320, 28, 5000),
          at(1380, 26, 5000),
          at(1440, 24, 5000),
        ],
        onRoute(),
      );
      expect(events).toEqual([]);
    });

    it('an over-route under way at the destination ends there', () => {
      const { events } = play(
        [overrouteRule],
        [at(0, 0.2, 0), at(60, 29, 900), at(120, 30, 900), at(180, 31, 900), at(240, 32.5, 900)],
        onRoute(),
      );
      expect(events.map((e) => [e.phase, e.endedAt?.toISOString() ?? null])).toEqual([
        ['start', null],
        ['end', '2026-03-02T01:04:00.000Z'],
      ]);
    });

    it('an SPK’s route given past its loading is checked at once, past its unloading not at all', () => {
      const off = [at(0, 10, 2000), at(60, 11, 2000), at(120, 12, 2000), at(180, 13, 2000)];
      const loaded = play([overrouteRule], off, onRoute({ route: { ...both, leg: 'on_route' } }));
      expect(loaded.events.map((e) => e.phase)).toEqual(['start']);
      expect(play([overrouteRule], off, onRoute({ route: { ...both, leg: 'done' } })).events).toEqual([]);
      expect(play([overrouteRule], off, onRoute({ route: { ...both, leg: 'to_origin' } })).events).toEqual(
        [],
      );
    });

    it('a route given to a vehicle already in its corridor is checked from there', () => {
      const { events } = play(
        [overrouteRule],
        [at(0, 10, 0), at(60, 11, 900), at(120, 12, 900), at(180, 13, 900)],
        onRoute(),
      );
      expect(events.map((e) => e.phase)).toEqual(['start']);
    });
  });

  it('reports half the corridor width as the limit', () => {
    const { events } = play([overrouteRule], [at(0, 1, 900), at(60, 2, 900), at(120, 3, 900)], ctx());
    expect(events.map((e) => e.limitValue)).toEqual([500]);
  });
});
