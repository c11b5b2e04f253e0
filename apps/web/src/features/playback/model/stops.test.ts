import { describe, expect, it } from 'vitest';
import { deriveStops, deriveTrips, summariseTrip } from './stops';
import { makeTrack } from './test-track';

const driving = (n: number, speed = 60) => Array.from({ length: n }, () => ({ speed }));
const still = (n: number, dtS = 60, ignition: boolean | null = false) =>
  Array.from({ length: n }, () => ({ speed: 0, dtS, ignition }));

describe('deriveStops', () => {
  it('finds standing still for five minutes, not a two-minute halt', () => {
    const track = makeTrack([...driving(5), ...still(2), ...driving(5), ...still(6), ...driving(3)]);
    const stops = deriveStops(track);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.startIndex).toBe(12);
    expect(stops[0]!.endIndex).toBe(17);
    // Until the next moving fix: 5 × 60 s between the still fixes, then 30 s to the next.
    expect(stops[0]!.end - stops[0]!.start).toBe(330_000);
  });

  it('counts a vehicle standing at the end of the period', () => {
    const track = makeTrack([...driving(3), ...still(7)]);
    expect(deriveStops(track).map((s) => [s.startIndex, s.endIndex])).toEqual([[3, 9]]);
  });
});

describe('deriveTrips', () => {
  it('makes trips between stops with their summary', () => {
    const track = makeTrack([
      ...still(6),
      ...driving(20, 60),
      ...still(2, 60, true),
      ...driving(20, 100),
      ...still(6),
      ...driving(10, 40),
    ]);
    const stops = deriveStops(track);
    expect(stops).toHaveLength(2);
    const overspeedAt = track.time[40]!;
    const trips = deriveTrips(track, stops, [overspeedAt]);
    expect(trips).toHaveLength(2);
    const [first, second] = trips;
    expect(first!.startIndex).toBe(6);
    expect(first!.endIndex).toBe(stops[1]!.startIndex);
    expect(first!.maxSpeed).toBe(100);
    expect(first!.stops).toBe(1);
    // 60 s between the two still fixes, 30 s to the next moving one.
    expect(first!.idleTime).toBe(90);
    expect(first!.violations).toBe(1);
    expect(first!.distanceKm).toBeGreaterThan(20);
    expect(first!.avgSpeed).toBeGreaterThan(60);
    expect(first!.avgSpeed).toBeLessThan(100);
    expect(second!.violations).toBe(0);
    expect(second!.endIndex).toBe(track.count - 1);
  });

  it('leaves out a shuffle of less than 200 m', () => {
    const track = makeTrack([...still(6), { speed: 6 }, { speed: 6 }, ...still(6)]);
    expect(deriveTrips(track, deriveStops(track))).toEqual([]);
  });

  it('summarises driving time from moving fixes only', () => {
    const track = makeTrack([...driving(3), { speed: 0, ignition: false }, ...driving(2)]);
    const trip = summariseTrip(track, 0, track.count - 1);
    expect(trip.duration).toBe(150);
    expect(trip.drivingTime).toBe(120);
    expect(trip.idleTime).toBe(0);
  });
});
