import { describe, expect, it } from 'vitest';
import { UnitGeography, type GeofenceRecord } from '../ingest/geography.js';
import { geofenceVisitsRule, openVisitsOf } from './geofence-visits.js';
import { fix, play, testContext, tick } from './test-tracks.js';
import type { RuleContext, RuleEvent } from './types.js';

/** A carrier pool in Cikarang as a 300 m circle, and a plant as a polygon beside it. */
const POOL = { lat: -6.3003, lon: 107.1519 };
const base = {
  code: 'X',
  notifyEnter: false,
  notifyExit: false,
  unitId: 1,
  radius: null,
  width: null,
} as const;
export const geofences: GeofenceRecord[] = [
  {
    ...base,
    geofenceId: 1,
    code: 'POOL-CKR',
    name: 'Pool Cikarang',
    category: 'pool',
    polygonType: 'circle',
    geometry: { type: 'Point', coordinates: [POOL.lon, POOL.lat] },
    center: [POOL.lon, POOL.lat],
    radius: 300,
    notifyEnter: true,
  },
  {
    ...base,
    geofenceId: 2,
    code: 'PLANT',
    name: 'Plant',
    category: 'plant',
    polygonType: 'polygon',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [107.16, -6.31],
          [107.17, -6.31],
          [107.17, -6.3],
          [107.16, -6.3],
          [107.16, -6.31],
        ],
      ],
    },
    center: [107.165, -6.305],
  },
  {
    ...base,
    geofenceId: 3,
    code: 'ROAD',
    name: 'Access road',
    category: 'other',
    polygonType: 'corridor',
    // A road due east along latitude -6.32, 100 m wide (50 m each side).
    geometry: {
      type: 'LineString',
      coordinates: [
        [107.15, -6.32],
        [107.16, -6.32],
      ],
    },
    center: [107.155, -6.32],
    width: 100,
  },
];

const ctx = (): RuleContext => ({ ...testContext(), geography: new UnitGeography(geofences) });
/** Metres north of the pool's centre, as degrees of latitude. */
const north = (m: number) => ({ lat: POOL.lat + m / 110_574, lon: POOL.lon });
const inPool = (s: number) => fix(s, north(0));
const outside = (s: number) => fix(s, north(2000));

const summary = (events: RuleEvent[]) =>
  events.map(
    (e) =>
      `${e.kind}:${String(e.attributes?.geofenceId)}@${(e.startedAt.getTime() - Date.parse('2026-03-02T01:00:00.000Z')) / 1000}`,
  );

describe('geofence visits', () => {
  it('enters at the first of two fixes inside and leaves at the first of two fixes outside', () => {
    const { events, state } = play(
      [geofenceVisitsRule],
      [outside(0), inPool(30), inPool(60), inPool(90), outside(120), outside(150)],
      ctx(),
    );
    expect(summary(events)).toEqual(['geofence_enter:1@30', 'geofence_exit:1@120']);
    expect(events[1]!.attributes).toMatchObject({
      durationS: 90,
      geofenceName: 'Pool Cikarang',
      notify: false,
    });
    expect(events[0]!.attributes).toMatchObject({ notify: true, category: 'pool' });
    expect(openVisitsOf(state.visits)).toEqual([]);
  });

  it('a single GPS jump into a geofence is no visit, and a jump out of one does not end it', () => {
    const jumpIn = play([geofenceVisitsRule], [outside(0), inPool(30), outside(60), outside(90)], ctx());
    expect(jumpIn.events).toEqual([]);
    const jumpOut = play(
      [geofenceVisitsRule],
      [inPool(0), inPool(30), outside(60), inPool(90), inPool(120)],
      ctx(),
    );
    expect(summary(jumpOut.events)).toEqual(['geofence_enter:1@0']);
    expect(openVisitsOf(jumpOut.state.visits)).toEqual([
      { geofenceId: 1, enterMs: Date.parse('2026-03-02T01:00:00.000Z') },
    ]);
  });

  it('a vehicle first seen inside opens a visit from its first fix there, kept as "inside since"', () => {
    const { events, state } = play([geofenceVisitsRule], [inPool(0), inPool(600), tick(700)], ctx());
    expect(summary(events)).toEqual(['geofence_enter:1@0']);
    expect(openVisitsOf(state.visits)).toHaveLength(1);
  });

  it('a circle holds its edge: 290 m in, 310 m out', () => {
    const edge = play([geofenceVisitsRule], [fix(0, north(290)), fix(30, north(290))], ctx());
    expect(summary(edge.events)).toEqual(['geofence_enter:1@0']);
    const beyond = play([geofenceVisitsRule], [fix(0, north(310)), fix(30, north(310))], ctx());
    expect(beyond.events).toEqual([]);
  });

  it('a corridor holds half its width on each side of its line', () => {
    const across = (m: number) => ({ lat: -6.32 + m / 110_574, lon: 107.155 });
    const near = play([geofenceVisitsRule], [fix(0, across(45)), fix(30, across(-45))], ctx());
    expect(summary(near.events)).toEqual(['geofence_enter:3@0']);
    const far = play([geofenceVisitsRule], [fix(0, across(60)), fix(30, across(-60))], ctx());
    expect(far.events).toEqual([]);
  });

  it('leaves one geofence for the next; fixes without a fix change nothing', () => {
    const inPlant = (s: number) => fix(s, { lat: -6.305, lon: 107.165 });
    const { events } = play(
      [geofenceVisitsRule],
      [
        inPool(0),
        inPool(30),
        fix(45, { valid: false, lat: 0, lon: 0 }),
        inPlant(60),
        inPlant(90),
        inPlant(120),
      ],
      ctx(),
    );
    expect(summary(events)).toEqual(['geofence_enter:1@0', 'geofence_exit:1@60', 'geofence_enter:2@60']);
  });

  it('ignores fixes older than the last one it used', () => {
    const { events } = play([geofenceVisitsRule], [inPool(60), inPool(90), outside(30), outside(45)], ctx());
    expect(summary(events)).toEqual(['geofence_enter:1@60']);
  });

  it('a lone fix that stays the latest for a minute confirms the crossing, by the clock or by the next fix', () => {
    const byTick = play([geofenceVisitsRule], [outside(0), inPool(30), tick(60), tick(90)], ctx());
    expect(summary(byTick.events)).toEqual(['geofence_enter:1@30']);
    const byFix = play([geofenceVisitsRule], [outside(0), inPool(30), outside(150), outside(180)], ctx());
    expect(summary(byFix.events)).toEqual(['geofence_enter:1@30', 'geofence_exit:1@150']);
  });
});
