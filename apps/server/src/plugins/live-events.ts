import type { Notification, TrackingItem } from '@pantau/contracts';

/**
 * A vehicle the pipeline moved: its item is built when a flush sends it, once, whoever asks (the
 * sockets, the other instances), and never when nobody listens. A vehicle moved several times between
 * flushes has only its last item built.
 */
export interface MovedVehicle {
  kendaraanId: number;
  item(): TrackingItem;
}

/** What the pipeline tells the live channel, per unit. */
export type LiveEvent =
  | { type: 'positions'; unitId: number; items: TrackingItem[] }
  | { type: 'moved'; unitId: number; vehicles: MovedVehicle[] }
  | { type: 'notification'; unitId: number; data: Notification }
  /** A vehicle moved between dashboard groups; the summary is recomputed at the next flush. */
  | { type: 'summary'; unitId: number };

/** The events as they travel between instances: moved vehicles as their items. */
export type WireLiveEvent = Exclude<LiveEvent, { type: 'moved' }>;

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
