import type { Notification, TrackingItem } from '@pantau/contracts';

/** What the pipeline tells the live channel, per unit. */
export type LiveEvent =
  | { type: 'positions'; unitId: number; items: TrackingItem[] }
  | { type: 'notification'; unitId: number; data: Notification }
  /** A vehicle moved between dashboard groups; the summary is recomputed at the next flush. */
  | { type: 'summary'; unitId: number };

/**
 * How the live events of one instance reach the others (PostgreSQL LISTEN/NOTIFY, live-bus.ts). The
 * hub sends what its own pipeline and modules publish, and delivers to its sockets what the bus hears
 * from the other instances; never its own messages back.
 */
export interface LiveBus {
  send(event: LiveEvent): void;
  /**
   * Starts listening. `deliver` gets each event another instance published, once; `onGap` is called
   * when listening resumes after the connection was lost (events published meanwhile were missed).
   * Resolves after the first attempt to listen, whether or not it succeeded (it retries by itself).
   */
  listen(handlers: { deliver(event: LiveEvent): void; onGap(): void }): Promise<void>;
  close(): Promise<void>;
}
