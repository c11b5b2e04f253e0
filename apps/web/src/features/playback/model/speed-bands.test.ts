import { describe, expect, it } from 'vitest';
import { SPEED_BAND_COLORS, speedBand, speedColoredLines } from './speed-bands';
import { makeTrack } from './test-track';

describe('speedBand', () => {
  it.each([
    [0, 0],
    [19.9, 0],
    [20, 1],
    [39, 1],
    [40, 2],
    [60, 3],
    [79.9, 3],
    [80, 4],
    [140, 4],
  ])('%d km/h is band %d', (speed, band) => expect(speedBand(speed)).toBe(band));
});

describe('speedColoredLines', () => {
  it('draws one line per run of a band, joined where the band changes', () => {
    const track = makeTrack([{ speed: 10 }, { speed: 10 }, { speed: 10 }, { speed: 90 }, { speed: 90 }]);
    const lines = speedColoredLines(track, Uint32Array.from([0, 1, 2, 3, 4]));
    expect(lines.features.map((f) => f.properties!.band)).toEqual([0, 4]);
    expect(lines.features[1]!.properties!.color).toBe(SPEED_BAND_COLORS[4]);
    const [slow, fast] = lines.features.map((f) => (f.geometry as GeoJSON.LineString).coordinates);
    expect(slow).toHaveLength(3);
    // The fast line starts where the slow one ends.
    expect(fast![0]).toEqual(slow![2]);
  });

  it('colours a simplified segment by the mean speed of the fixes it stands for', () => {
    const track = makeTrack([{ speed: 0 }, { speed: 30 }, { speed: 50 }, { speed: 70 }]);
    const lines = speedColoredLines(track, Uint32Array.from([0, 3]));
    expect(lines.features.map((f) => f.properties!.band)).toEqual([2]);
  });
});
