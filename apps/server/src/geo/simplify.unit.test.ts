import type { LngLat } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { Polyline } from './polyline.js';
import { simplifyTrack } from './simplify.js';

describe('track simplification', () => {
  it('keeps the ends and the corners, drops points on straight stretches', () => {
    const track: LngLat[] = [];
    for (let i = 0; i <= 100; i++) track.push([107 + i * 0.001, -6.3]);
    for (let i = 1; i <= 100; i++) track.push([107.1, -6.3 - i * 0.001]);
    expect(simplifyTrack(track, 10)).toEqual([track[0], track[100], track[200]]);
  });

  it('stays within the tolerance of every recorded fix', () => {
    // A noisy drive: a slow curve with ±5 m of jitter, 20,000 fixes.
    const track: LngLat[] = Array.from({ length: 20_000 }, (_, i) => [
      107 + i * 0.0002,
      -6.3 + 0.05 * Math.sin(i / 2000) + 0.00005 * Math.sin(i * 12.9898),
    ]);
    const started = performance.now();
    const simple = simplifyTrack(track, 25);
    const ms = performance.now() - started;
    console.info(`simplifyTrack: 20,000 fixes → ${simple.length} points in ${ms.toFixed(1)} ms`);
    expect(simple.length).toBeLessThan(track.length / 20);
    const line = new Polyline(simple);
    for (let i = 0; i < track.length; i += 37) expect(line.distanceM(track[i]!)).toBeLessThanOrEqual(25.5);
  });

  it('drops repeated fixes of a parked vehicle and handles tiny tracks', () => {
    expect(
      simplifyTrack(
        [
          [107, -6],
          [107, -6],
          [107, -6],
        ],
        10,
      ),
    ).toEqual([[107, -6]]);
    expect(simplifyTrack([], 10)).toEqual([]);
  });
});
