import type { Position } from '@pantau/protocols';
import type { PositionRow } from './position-store.js';
import type { IngestResult, IngestSource } from './types.js';
import type { VehicleInfo } from '../live-state/live-state.js';

/** One accepted position of a call, on its way through a batch. */
export interface Accepted extends PositionRow {
  vehicle: VehicleInfo;
  call: Pending;
  /** Filled in by the batch: stored as a new row, or its news merged into the stored row. */
  stored: boolean;
}
/** One `ingest` call waiting for its batch. */
export interface Pending {
  accepted: Accepted[];
  result: IngestResult;
  /** Who sent it (metrics count stored positions by protocol). */
  protocol: IngestSource['protocol'];
  /** `performance.now()` when it arrived: how long its caller waited for the answer (the ack). */
  arrivedAt: number;
  resolve(r: IngestResult): void;
  reject(err: unknown): void;
}

/**
 * The calls waiting to be written, in arrival order, with the positions they hold by vehicle and fix
 * time (in-queue dedupe without building key strings) and the vehicles in a batch being written.
 */
export class CallQueue {
  private pending: Pending[] = [];
  private readonly queued = new Map<number, Map<number, Position>>();
  private readonly busyVehicles = new Set<number>();
  /** Vehicles whose calls wait while their history is worked out again (a recalculation). */
  private readonly heldVehicles = new Set<number>();
  /** Positions waiting, over all calls. */
  rows = 0;

  get calls(): number {
    return this.pending.length;
  }

  /** The position of a vehicle already waiting at that fix time (ms), if any. */
  queuedAt(vehicleId: number, fixTimeMs: number): Position | undefined {
    return this.queued.get(vehicleId)?.get(fixTimeMs);
  }

  /** Remembers a waiting position for the in-queue dedupe (the first report of a fix time wins). */
  noteQueued(vehicleId: number, position: Position): void {
    let byTime = this.queued.get(vehicleId);
    if (!byTime) this.queued.set(vehicleId, (byTime = new Map()));
    const t = position.fixTime.getTime();
    if (!byTime.has(t)) byTime.set(t, position);
  }

  push(call: Pending): void {
    this.pending.push(call);
    this.rows += call.accepted.length;
  }

  /**
   * Takes whole calls off the queue, oldest first, up to `maxRows` rows. A call with a vehicle that is
   * in a batch being written waits, and so does every later call of its vehicles: a vehicle's
   * positions reach the rules in the order they came.
   */
  take(maxRows: number): Pending[] {
    const batch: Pending[] = [];
    // The calls that wait: rebuilt in one pass (a splice per taken call moved the whole queue each time).
    const left: Pending[] = [];
    let rows = 0;
    let blocked: Set<number> | null = null;
    let i = 0;
    for (; i < this.pending.length && rows < maxRows; i++) {
      const call = this.pending[i]!;
      const n = call.accepted.length;
      if (rows > 0 && rows + n > maxRows) break;
      let free = true;
      for (const a of call.accepted)
        if (
          this.busyVehicles.has(a.vehicleId) ||
          this.heldVehicles.has(a.vehicleId) ||
          blocked?.has(a.vehicleId)
        ) {
          free = false;
          break;
        }
      if (!free) {
        blocked ??= new Set();
        for (const a of call.accepted) blocked.add(a.vehicleId);
        left.push(call);
        continue;
      }
      batch.push(call);
      rows += n;
    }
    if (batch.length > 0) {
      if (left.length === 0) this.pending.splice(0, i);
      else this.pending = left.concat(this.pending.slice(i));
    }
    this.rows -= rows;
    for (const call of batch)
      for (const a of call.accepted) {
        this.busyVehicles.add(a.vehicleId);
        const byTime = this.queued.get(a.vehicleId);
        if (byTime?.get(a.position.fixTime.getTime()) === a.position) {
          byTime.delete(a.position.fixTime.getTime());
          if (byTime.size === 0) this.queued.delete(a.vehicleId);
        }
      }
    return batch;
  }

  /** Keeps a vehicle's calls out of batches until `unhold`. */
  hold(vehicleId: number): void {
    this.heldVehicles.add(vehicleId);
  }

  unhold(vehicleId: number): void {
    this.heldVehicles.delete(vehicleId);
  }

  isHeld(vehicleId: number): boolean {
    return this.heldVehicles.has(vehicleId);
  }

  /** True while a batch holding the vehicle is being written. */
  isBusy(vehicleId: number): boolean {
    return this.busyVehicles.has(vehicleId);
  }

  /** A written batch's vehicles may go into the next one. */
  release(batch: Pending[]): void {
    for (const p of batch) for (const a of p.accepted) this.busyVehicles.delete(a.vehicleId);
  }
}
