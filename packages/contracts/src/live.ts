import { z } from 'zod';
import { dashboardSummary } from './dashboard.js';
import { notification } from './notifications.js';
import { trackingItem } from './tracking.js';

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
  z.object({ type: z.literal('notification'), data: notification }),
  /** The dashboard groups, sent when they change (at most once a second). */
  z.object({ type: z.literal('summary'), data: dashboardSummary }),
  z.object({ type: z.literal('ping'), data: z.object({ serverTime: z.string() }) }),
]);
export type LiveMessage = z.infer<typeof liveMessage>;
