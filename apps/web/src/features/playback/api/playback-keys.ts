/** Query keys of playback: the resource, then the unit, vehicle and period, so a role change refetches. */
export const playbackKeys = {
  gps: (unitId: number | undefined, kendaraanId: number, from: string, to: string) =>
    ['logs/gps', unitId, kendaraanId, from, to] as const,
  violations: (unitId: number | undefined, kendaraanId: number, from: string, to: string) =>
    ['violations', 'playback', unitId, kendaraanId, from, to] as const,
  activity: (unitId: number | undefined, kendaraanId: number, from: string, to: string) =>
    ['trips', 'stops', unitId, kendaraanId, from, to] as const,
};
