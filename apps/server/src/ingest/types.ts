import type { TrackingItem } from '@pantau/contracts';
import type { Position } from '@pantau/protocols';
import type { LiveState } from '../live-state/live-state.js';
import type { Recalculated } from './recalculate.js';

/** Where positions came from: a protocol listener, the Traccar forwarder or the demo simulator. */
export interface IngestSource {
  protocol: 'gt06' | 'osmand' | 'traccar' | 'simulator';
  remoteAddress?: string | null;
}

export type DropReason = 'unknown-tracker' | 'invalid' | 'duplicate' | 'future';

export interface IngestResult {
  stored: number;
  /** `field` and `message` name a value the database could never hold (the client's 400). */
  dropped: { trackerId: string; reason: DropReason; field?: string; message?: string }[];
}

/**
 * The one way positions enter Pantau (DESIGN.md §6). `ingest` resolves only after the positions are
 * durably stored, so a listener sends its acknowledgement after it resolves. Calls from many sources
 * are coalesced into batched inserts; a caller never waits for more than one batch interval.
 */
export interface Pipeline {
  ingest(positions: Position[], source: IngestSource): Promise<IngestResult>;
  /** True when a vehicle (active or not) is registered with this tracker id. */
  isKnownTracker(trackerId: string): boolean;
  /** Records a tracker that reported but is not registered (Administrators see the list). */
  noteUnknownTracker(trackerId: string, source: IngestSource): void;
  /**
   * A tracker's status without a fix (a GT06 heartbeat): ignition (ACC) and alarm. When it says
   * something the live state does not know, it is applied at the vehicle's latest fix, as Traccar does
   * with the last known location: the ignition rule and the dashboard follow the ACC wire while a
   * parked tracker sends only heartbeats. Answers whether it changed anything.
   */
  reportStatus(
    trackerId: string,
    status: { ignition: boolean | null; alarm: Position['alarm'] },
    source: IngestSource,
  ): Promise<boolean>;
  /** Flushes pending batches and stops timers. */
  close(): Promise<void>;
}

/** What `observe` hears of; a throwing observer is logged and does not stop the pipeline. */
export interface PipelineObserver {
  events?(events: readonly { vehicleId: number; unitId: number; kind: string }[]): void;
  recalculated?(vehicleId: number, from: Date): void;
  /** A batch was stored: per call, its source, the positions stored and how long its caller waited. */
  stored?(calls: readonly StoredCall[]): void;
}

/** One `ingest` call of a stored batch (metrics: positions stored, ack latency). */
export interface StoredCall {
  protocol: IngestSource['protocol'];
  positions: number;
  /** From the call to its answer (a GT06 ack, OsmAnd's 200 follow it at once), in ms. */
  waitedMs: number;
}

export interface TelemetryPipeline extends Pipeline {
  /** Loads the vehicle index and live states and starts the tick; `ingest` calls it when needed. */
  start(): Promise<void>;
  /** Re-reads the vehicles (after one is added or its tracker changes). */
  refreshVehicles(): Promise<void>;
  /**
   * Re-reads a unit's geofences, routes and vehicles' current routes: call after writing any of them.
   * The next batch checks positions against what it read.
   */
  refreshGeography(unitId: number): Promise<void>;
  /** Runs every vehicle's `onTick` now (GPS lost, over-stop timing). */
  tick(): Promise<void>;
  /**
   * Tells `observer` what was stored: the events of each commit (batches and ticks), and each
   * vehicle whose history was worked out again. Derivations from stored facts (work-order milestones)
   * follow from here, outside the commit.
   */
  observe(observer: PipelineObserver): void;
  /** The live item of a vehicle as this instance knows it. */
  trackingItem(vehicleId: number): TrackingItem | null;
  /** Positions accepted and waiting for a batch (metrics: the pipeline's queue depth). */
  queuedPositions(): number;
  /** A vehicle's live state as this instance knows it (newer than `vehicle_state` until the next flush). */
  liveState(vehicleId: number): LiveState | null;
  /** Writes the changed live states to `vehicle_state` now. */
  flushStates(): Promise<void>;
  /**
   * Works a vehicle's trips, stops, days, visits and violations out again from its stored positions,
   * from `from` to its latest fix, while its new positions wait (ingest/recalculate.ts). Null for a
   * vehicle unknown or without positions; a ConflictError while one for the vehicle runs.
   */
  recalculate(
    vehicleId: number,
    from: Date,
    onProgress?: (fraction: number) => void,
  ): Promise<Recalculated | null>;
}
