/** `?playback=<kendaraanId>` opens playback on /map (empty: choose a vehicle); `period`, `from`, `to` its period. */
export const PLAYBACK_PARAM = 'playback';
const PERIOD_PARAMS = ['period', 'from', 'to'] as const;

/** The vehicle in the URL, or null. */
export function playbackVehicle(params: URLSearchParams): number | null {
  const id = Number(params.get(PLAYBACK_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The URL without playback: the live map again. */
export function withoutPlayback(params: URLSearchParams): URLSearchParams {
  params.delete(PLAYBACK_PARAM);
  for (const p of PERIOD_PARAMS) params.delete(p);
  return params;
}
