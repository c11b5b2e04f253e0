import type { GpsLogList } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { boundsOf, indexAtTime, trackOf } from './track';

const fix = (fixTime: string, over: Partial<GpsLogList['results'][number]> = {}) => ({
  fixTime,
  lat: -6.3,
  lon: 107.1,
  speed: 40,
  course: 90,
  ignition: true,
  altitude: null,
  satellites: 9,
  valid: true,
  ...over,
});

describe('trackOf', () => {
  it('joins the pages in order, leaves invalid fixes out and keeps unknowns as such', () => {
    const track = trackOf([
      [fix('2026-11-20T00:00:00Z'), fix('2026-11-20T00:00:30Z', { valid: false })],
      [fix('2026-11-20T00:01:00Z', { course: null, ignition: null, lon: 107.2 })],
    ]);
    expect(track.count).toBe(2);
    expect(track.time[1]).toBe(Date.parse('2026-11-20T00:01:00Z'));
    expect(track.lon[1]).toBeCloseTo(107.2);
    expect(Number.isNaN(track.course[1])).toBe(true);
    expect(track.ignition[0]).toBe(1);
    expect(track.ignition[1]).toBe(-1);
    expect(boundsOf(track)).toEqual([107.1, -6.3, 107.2, -6.3]);
  });

  it('finds the first fix at or after a time', () => {
    const track = trackOf([
      [fix('2026-11-20T00:00:00Z'), fix('2026-11-20T00:01:00Z'), fix('2026-11-20T00:02:00Z')],
    ]);
    expect(indexAtTime(track, Date.parse('2026-11-20T00:00:30Z'))).toBe(1);
    expect(indexAtTime(track, Date.parse('2026-11-20T00:01:00Z'))).toBe(1);
    expect(indexAtTime(track, Date.parse('2026-11-21T00:00:00Z'))).toBe(3);
  });
});
