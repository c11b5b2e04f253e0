import { z } from 'zod';
import { dashboardSummary } from './dashboard.js';
import { notification } from './notifications.js';
import { trackingItem } from './tracking.js';

/**
 * A vehicle's changes in a `moves` message: its id and the `TrackingItem` fields whose value differs
 * from the item last sent on the socket for it (a full item always comes first, in `positions`).
 */
export const trackingPatch = trackingItem.partial().required({ kendaraanId: true });
export type TrackingPatch = z.infer<typeof trackingPatch>;

/**
 * Messages on the `/api/live` WebSocket (server → client). The socket is authenticated by the token
 * cookie and scoped to the chosen unit (role cookies, or `?unitId=&role=` query for API clients).
 * After a reconnect the client refetches its snapshots (`tracking`, `dashboard/summary`, notifications).
 */
export const liveMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    data: z.object({ unitId: z.number().int(), serverTime: z.string() }),
  }),
  /** Vehicles whose state changed, batched: at most one message a second. */
  z.object({ type: z.literal('positions'), data: z.array(trackingItem) }),
  /**
   * Only on a socket opened with `?changes=1` (the web app): vehicles already sent on it, with only the
   * fields that changed (`trackingPatch`). A vehicle the socket has not had yet (neither in `positions` nor
   * in the snapshot it named) comes whole in `positions`, before the `moves` of the same second. At 10,000 moving vehicles a second: ~1 MB of JSON against ~5 MB.
   */
  z.object({ type: z.literal('moves'), data: z.array(trackingPatch) }),
  z.object({ type: z.literal('notification'), data: notification }),
  /** The dashboard groups, sent when they change (at most once a second). */
  z.object({ type: z.literal('summary'), data: dashboardSummary }),
  z.object({ type: z.literal('ping'), data: z.object({ serverTime: z.string() }) }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;

/**
 * The one message a client sends on the socket (client → server), on a socket opened with
 * `?changes=1&snapshot=1`: the `snapshot` of the `GET /api/tracking?live=1` it holds, or null for none.
 * Until it is sent (at most 10 s) such a socket gets no `positions` nor `moves`; with a snapshot this
 * server answered, it then gets the changes from it, otherwise each vehicle whole once as `?changes=1`.
 */
export const liveClientMessage = z.object({
  type: z.literal('snapshot'),
  token: z.string().max(64).nullable(),
});
export type LiveClientMessage = z.infer<typeof liveClientMessage>;
