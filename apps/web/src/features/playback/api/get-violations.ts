import { overspeedList, overstopList, REPORT_MAX_ROWS } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { playbackKeys } from './playback-keys';

export interface PlaybackViolation {
  kind: 'overspeed' | 'overstop';
  /** Epoch ms. */
  start: number;
  lon: number;
  lat: number;
}

/** A role that may not read violations (a Guest) simply sees none marked. */
async function orNone<T>(call: Promise<T[]>): Promise<T[]> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 403) return [];
    throw error;
  }
}

/** The starts of a vehicle's over speeds and over stops in a period (GET overspeed, GET overstop). */
export async function getPlaybackViolations(
  kendaraanId: number,
  from: string,
  to: string,
): Promise<PlaybackViolation[]> {
  const query = { kendaraanId, from, to, Take: REPORT_MAX_ROWS, sortBy: 'start', sortDir: 'ascend' };
  const [speeds, stops] = await Promise.all([
    orNone(api.getAuth('overspeed', { query, schema: overspeedList }).then((l) => l.results)),
    orNone(api.getAuth('overstop', { query, schema: overstopList }).then((l) => l.results)),
  ]);
  const rows: PlaybackViolation[] = [];
  for (const [kind, list] of [
    ['overspeed', speeds],
    ['overstop', stops],
  ] as const)
    for (const r of list)
      if (r.position) rows.push({ kind, start: Date.parse(r.start), lon: r.position[0], lat: r.position[1] });
  return rows.sort((a, b) => a.start - b.start);
}

export function usePlaybackViolations(
  unitId: number | undefined,
  kendaraanId: number | null,
  from: string,
  to: string,
) {
  return useQuery({
    queryKey: playbackKeys.violations(unitId, kendaraanId ?? 0, from, to),
    queryFn: () => getPlaybackViolations(kendaraanId!, from, to),
    enabled: kendaraanId !== null,
    staleTime: 60_000,
  });
}
