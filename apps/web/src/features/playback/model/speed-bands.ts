import type { PlaybackTrack } from './track';

/** Lower bounds of the track's speed colours, km/h: 0–20, 20–40, 40–60, 60–80, over 80. */
export const SPEED_BANDS = [0, 20, 40, 60, 80] as const;
export const SPEED_BAND_COLORS = ['#2563eb', '#0891b2', '#16a34a', '#f59e0b', '#dc2626'] as const;

/** The band (0–4) a speed falls in; a bound belongs to the band it starts. */
export function speedBand(speed: number): number {
  for (let b = SPEED_BANDS.length - 1; b > 0; b--) if (speed >= SPEED_BANDS[b]!) return b;
  return 0;
}

/**
 * The drawn track as lines, one per run of equal speed band: a simplified segment takes the band of the
 * mean speed of the fixes it stands for.
 */
export function speedColoredLines(track: PlaybackTrack, kept: Uint32Array): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  let coordinates: [number, number][] = [];
  let band = -1;
  const flush = () => {
    if (coordinates.length >= 2)
      features.push({
        type: 'Feature',
        properties: { band, color: SPEED_BAND_COLORS[band] },
        geometry: { type: 'LineString', coordinates },
      });
  };
  for (let k = 1; k < kept.length; k++) {
    const a = kept[k - 1]!;
    const b = kept[k]!;
    let sum = 0;
    for (let i = a + 1; i <= b; i++) sum += track.speed[i]!;
    const segmentBand = speedBand(sum / (b - a));
    if (segmentBand !== band) {
      flush();
      band = segmentBand;
      coordinates = [[track.lon[a]!, track.lat[a]!]];
    }
    coordinates.push([track.lon[b]!, track.lat[b]!]);
  }
  flush();
  return { type: 'FeatureCollection', features };
}
