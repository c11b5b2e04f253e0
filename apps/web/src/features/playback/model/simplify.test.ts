import { describe, expect, it } from 'vitest';
import { douglasPeucker, simplifyTrack } from './simplify';
import { emptyTrack } from './track';

function zigzag(count: number) {
  const track = emptyTrack(count);
  for (let i = 0; i < count; i++) {
    track.lon[i] = 106.8 + i * 0.0001;
    // A slow wave with a little noise on top: the wave matters, the noise does not.
    track.lat[i] = -6.2 + 0.01 * Math.sin(i / 500) + (i % 2 ? 0.000001 : -0.000001);
  }
  return track;
}

describe('douglasPeucker', () => {
  it('drops points on a straight line and keeps the corner', () => {
    const track = emptyTrack(5);
    [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
    ].forEach(([lon, lat], i) => {
      track.lon[i] = lon!;
      track.lat[i] = lat!;
    });
    expect([...douglasPeucker(track, 0.01)]).toEqual([0, 2, 4]);
  });
});

describe('simplifyTrack', () => {
  it('brings 260,000 fixes down to the drawing budget, first and last kept, in order', () => {
    const track = zigzag(260_000);
    const kept = simplifyTrack(track, 4000);
    expect(kept.length).toBeLessThanOrEqual(4000);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(259_999);
    for (let i = 1; i < kept.length; i++) expect(kept[i]!).toBeGreaterThan(kept[i - 1]!);
  });

  it('keeps a short track whole', () => {
    expect([...simplifyTrack(zigzag(10), 4000)]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
