import type { z } from 'zod';
import type { unregisteredTrackerList } from '@pantau/contracts';
import type { TrackersRepo } from './trackers.repo.js';

export function createTrackersService(deps: { trackersRepo: TrackersRepo }) {
  return {
    /** Trackers that reported but belong to no vehicle, most recently seen first. */
    async unregistered(page: {
      Take: number;
      Skip: number;
    }): Promise<z.infer<typeof unregisteredTrackerList>> {
      const { count, rows } = await deps.trackersRepo.unregistered(page.Take, page.Skip);
      return {
        count,
        results: rows.map((r) => ({
          trackerId: r.trackerId,
          protocol: r.protocol,
          remoteAddress: r.remoteAddress,
          firstSeen: r.firstSeen.toISOString(),
          lastSeen: r.lastSeen.toISOString(),
          messages: r.messages,
        })),
      };
    },
  };
}
export type TrackersService = ReturnType<typeof createTrackersService>;
