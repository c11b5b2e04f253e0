import type { TrackingItem } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { MOTION_COLORS, motionColor, vehicleIconId } from './motion-colors';
import { measurePath, rulerGeoJson } from './ruler';
import {
  diffVehicles,
  sourceDiff,
  vehicleBounds,
  vehicleCollection,
  vehicleFeature,
} from './vehicle-features';

const v = (id: number, over: Partial<TrackingItem> = {}): TrackingItem => ({
  kendaraanId: id,
  nomorPolisi: `B 9${id} UEY`,
  nomorKendaraan: `CC-${id}`,
  vehicleClass: 'CC',
  lat: -6.2,
  lon: 106.8,
  speed: 40,
  course: 135,
  ignition: true,
  fixTime: '2026-11-21T01:00:00.000Z',
  gpsStatus: 'on',
  motion: 'moving',
  speedLimit: 80,
  driver: null,
  location: null,
  place: null,
  todayDistanceKm: 0,
  todayEngineHours: 0,
  odometer: null,
  ...over,
});

describe('vehicle features', () => {
  it('a vehicle is a point with its id, icon by class and motion, course and plate', () => {
    expect(vehicleFeature(v(7, { vehicleClass: 'TRUCK', motion: 'idle' }))).toEqual({
      type: 'Feature',
      id: 7,
      geometry: { type: 'Point', coordinates: [106.8, -6.2] },
      properties: { icon: 'vehicle:TRUCK:idle', course: 135, plate: 'B 97 UEY' },
    });
    expect(vehicleFeature(v(1, { course: null }))?.properties.course).toBe(0);
  });

  it('a vehicle without a fix is left off the map', () => {
    expect(vehicleFeature(v(1, { lat: null, lon: null }))).toBeNull();
    expect(vehicleCollection([v(1), v(2, { lat: null, lon: null }), v(3)]).features.map((f) => f.id)).toEqual(
      [1, 3],
    );
  });

  it('the diff names changed (by reference) and removed vehicles; a lost fix becomes a removal', () => {
    const a = v(1);
    const b = v(2);
    const c = v(3);
    const previous = new Map([
      [1, a],
      [2, b],
      [3, c],
    ]);
    const moved = v(2, { lat: -6.3 });
    const lost = v(3, { lat: null, lon: null });
    const diff = diffVehicles(previous, [a, moved, lost, v(4)]);
    expect(diff.changed.map((x) => x.kendaraanId)).toEqual([2, 3, 4]);
    expect(diff.removed).toEqual([]);
    const source = sourceDiff(diff);
    expect(source.add.map((f) => f.id)).toEqual([4]);
    expect(source.update).toEqual([{ id: 2, newGeometry: { type: 'Point', coordinates: [106.8, -6.3] } }]);
    expect(source.remove).toEqual([3]);
    expect(diffVehicles(previous, [a]).removed).toEqual([2, 3]);
  });

  it('an update sends only what the map shows and what changed', () => {
    const a = v(1);
    const previous = new Map([[1, a]]);
    const turned = v(1, { course: 90, motion: 'idle', speed: 0 });
    expect(sourceDiff(diffVehicles(previous, [turned])).update).toEqual([
      {
        id: 1,
        addOrUpdateProperties: [
          { key: 'icon', value: 'vehicle:CC:idle' },
          { key: 'course', value: 90 },
        ],
      },
    ]);
    // Only the speed changed: nothing to send.
    const diff = diffVehicles(previous, [v(1, { speed: 99 })]);
    expect(diff.changed).toHaveLength(1);
    expect(sourceDiff(diff)).toEqual({ add: [], remove: [], update: [] });
    // A vehicle that gets its first fix is added.
    const noFix = v(2, { lat: null, lon: null });
    expect(sourceDiff(diffVehicles(new Map([[2, noFix]]), [v(2)])).add.map((f) => f.id)).toEqual([2]);
  });

  it('bounds cover the vehicles with a fix', () => {
    expect(
      vehicleBounds([
        v(1, { lon: 106, lat: -6 }),
        v(2, { lon: 112.7, lat: -7.3 }),
        v(3, { lat: null, lon: null }),
      ]),
    ).toEqual([106, -7.3, 112.7, -6]);
    expect(vehicleBounds([])).toBeNull();
  });
});

describe('motion colours', () => {
  it('moving green, idle amber, stopped blue, offline red-grey, no data light grey', () => {
    expect(motionColor('moving')).toBe('#16a34a');
    expect(motionColor('idle')).toBe('#f59e0b');
    expect(motionColor('stopped')).toBe('#2563eb');
    expect(motionColor('offline')).toBe(MOTION_COLORS.offline);
    expect(motionColor('nodata')).toBe('#cbd5e1');
    expect(new Set(Object.values(MOTION_COLORS)).size).toBe(5);
    expect(vehicleIconId({ vehicleClass: 'CC', motion: 'offline' })).toBe('vehicle:CC:offline');
  });
});

describe('ruler', () => {
  it('measures legs and total in km', () => {
    // One degree of longitude on the equator is ~111.3 km; one degree of latitude ~110.6 km.
    const { segmentsKm, totalKm } = measurePath([
      [106, 0],
      [107, 0],
      [107, 1],
    ]);
    expect(segmentsKm[0]).toBeCloseTo(111.3, 0);
    expect(segmentsKm[1]).toBeCloseTo(110.6, 0);
    expect(totalKm).toBeCloseTo(segmentsKm[0]! + segmentsKm[1]!, 6);
  });
  it('Jakarta to Surabaya is about 660 km as the crow flies', () => {
    const { totalKm } = measurePath([
      [106.83, -6.2],
      [112.75, -7.25],
    ]);
    expect(totalKm).toBeGreaterThan(650);
    expect(totalKm).toBeLessThan(670);
  });
  it('fewer than two points measure nothing; the path is a line plus its points', () => {
    expect(measurePath([[106, -6]])).toEqual({ segmentsKm: [], totalKm: 0 });
    expect(rulerGeoJson([]).features).toHaveLength(0);
    const geo = rulerGeoJson([
      [106, -6],
      [107, -6],
    ]);
    expect(geo.features.map((f) => f.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
  });
});
