import type { Position } from '@pantau/protocols';

/** Where positions came from: a protocol listener, the Traccar forwarder or the demo simulator. */
export interface IngestSource {
  protocol: 'gt06' | 'osmand' | 'traccar' | 'simulator';
  remoteAddress?: string | null;
}

export type DropReason = 'unknown-tracker' | 'invalid' | 'duplicate' | 'future';

export interface IngestResult {
  stored: number;
  dropped: { trackerId: string; reason: DropReason }[];
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
  /** Flushes pending batches and stops timers. */
  close(): Promise<void>;
}
