import type { StopRow, TripRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { stopAt, stopsOnTrack, tripsOnTrack } from './server-activity';
import { makeTrack } from './test-track';

const track = makeTrack(Array.from({ length: 10 }, () => ({ speed: 40 })));
const at = (i: number) => new Date(track.time[i]!).toISOString();
const place = { kind: 'at' as const, name: 'Pool Cibitung', distanceKm: null, km: null };

const trip = (start: string, end: string): TripRow => ({
  tripId: 1,
  kendaraanId: 7,
  nomorPolisi: 'B 1 X',
  nomorKendaraan: 'CC-001',
  start,
  end,
  open: false,
  startPosition: [107, -6.3],
  endPosition: [107.1, -6.3],
  startPlace: place,
  endPlace: { ...place, kind: 'near', name: 'Cikarang', distanceKm: 3 },
  startLocation: 'at Pool Cibitung',
  endLocation: 'near Cikarang, 3 km',
  distanceKm: 12.5,
  duration: 900,
  drivingTime: 800,
  idleTime: 60,
  maxSpeed: 82,
  avgSpeed: 56,
  stops: 1,
  violations: { overspeed: 1, overstop: 0, overroute: 1, total: 2 },
});

describe('tripsOnTrack', () => {
  it('places a trip on the fixes it spans and keeps its summary', () => {
    // Starts 10 s after fix 2, ends 10 s after fix 6.
    const start = new Date(track.time[2]! + 10_000).toISOString();
    const end = new Date(track.time[6]! + 10_000).toISOString();
    const [t] = tripsOnTrack(track, [trip(start, end)]);
    expect(t).toMatchObject({ startIndex: 3, endIndex: 6, distanceKm: 12.5, violations: 2, stops: 1 });
    expect(t!.endPlace?.name).toBe('Cikarang');
  });

  it('clamps a trip that overlaps the period to the fixes there are', () => {
    const [t] = tripsOnTrack(track, [trip('2026-11-19T00:00:00Z', '2026-11-21T00:00:00Z')]);
    expect([t!.startIndex, t!.endIndex]).toEqual([0, 9]);
  });

  it('leaves out a trip that starts after the last fix (of a track still loading)', () => {
    const later = new Date(track.time[9]! + 60_000).toISOString();
    const trips = tripsOnTrack(track, [trip(at(1), at(3)), trip(later, '2026-12-01T00:00:00Z')]);
    expect(trips.map((t) => t.startIndex)).toEqual([1]);
  });
});

describe('stopsOnTrack and stopAt', () => {
  it('answers the stop a fix belongs to', () => {
    const row: StopRow = {
      stopId: 1,
      kendaraanId: 7,
      nomorPolisi: 'B 1 X',
      nomorKendaraan: 'CC-001',
      start: at(4),
      end: at(7),
      open: false,
      duration: 90,
      idleTime: 0,
      position: [107.05, -6.3],
      place,
      location: 'at Pool Cibitung',
    };
    const stops = stopsOnTrack(track, [row]);
    expect(stops[0]).toMatchObject({ startIndex: 4, endIndex: 7, lon: 107.05 });
    expect(stopAt(stops, 5)?.place?.name).toBe('Pool Cibitung');
    expect(stopAt(stops, 8)).toBeUndefined();
  });
});
