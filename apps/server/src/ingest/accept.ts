import type { Position } from '@pantau/protocols';
import type { LiveState } from '../live-state/live-state.js';
import { hasNews } from './advance.js';
import type { CallQueue, Pending } from './call-queue.js';
import { normalisePosition } from './normalise.js';
import type { IngestSource } from './types.js';
import type { VehicleIndex } from './vehicle-index.js';

/** What checking a call's positions needs from the pipeline. */
export interface AcceptContext {
  vehicles: Pick<VehicleIndex, 'byTrackerId'>;
  queue: Pick<CallQueue, 'queuedAt' | 'noteQueued'>;
  now: Date;
  noteUnknownTracker(trackerId: string): void;
  /** A refused value the database could never hold (rate-limited by the caller). */
  warnRefused(trackerId: string, field: string): void;
  warnUnreadable(err: unknown, trackerId: string): void;
}

/**
 * Checks each position of an `ingest` call: a registered tracker, a value the database can hold, not a
 * repeat of a queued fix (unless it says something new: an alarm frame carrying the GPS frame's fix
 * time goes on, to reach the derivations). The accepted go into `call.accepted` (and the queue's index
 * of what waits); the others into `call.result.dropped` with the reason.
 */
export function acceptPositions(positions: readonly Position[], call: Pending, ctx: AcceptContext): void {
  const { result } = call;
  for (const raw of positions) {
    const trackerId = String(raw?.trackerId ?? '');
    try {
      const vehicle = ctx.vehicles.byTrackerId(trackerId);
      if (!vehicle) {
        result.dropped.push({ trackerId, reason: 'unknown-tracker' });
        ctx.noteUnknownTracker(trackerId);
        continue;
      }
      const checked = normalisePosition(raw, ctx.now);
      if ('reason' in checked) {
        result.dropped.push({ trackerId, ...checked });
        if (checked.field) ctx.warnRefused(trackerId, checked.field);
        continue;
      }
      const p = checked.position;
      const twin = ctx.queue.queuedAt(vehicle.vehicleId, p.fixTime.getTime());
      if (twin && !hasNews(p, twin.ignition)) {
        result.dropped.push({ trackerId, reason: 'duplicate' });
        continue;
      }
      ctx.queue.noteQueued(vehicle.vehicleId, p);
      call.accepted.push({
        vehicleId: vehicle.vehicleId,
        position: p,
        serverTime: ctx.now,
        vehicle,
        call,
        stored: false,
      });
    } catch (err) {
      ctx.warnUnreadable(err, trackerId);
      result.dropped.push({ trackerId, reason: 'invalid' });
    }
  }
}

/** A new empty call from a source, answered once its positions are stored. */
export function newCall(source: IngestSource): Pending {
  return {
    accepted: [],
    result: { stored: 0, dropped: [] },
    protocol: source.protocol,
    arrivedAt: performance.now(),
    resolve: noop,
    reject: noop,
  };
}

const noop = () => undefined;

/**
 * A status without a fix (a GT06 heartbeat's ACC and alarm) as a position at the vehicle's latest fix,
 * when it says something the live state does not know; else null.
 */
export function statusAsPosition(
  trackerId: string,
  s: LiveState,
  status: { ignition: boolean | null; alarm: Position['alarm'] },
): Position | null {
  const ignitionNews = status.ignition !== null && status.ignition !== s.ignition;
  if (!ignitionNews && !status.alarm) return null;
  return {
    trackerId,
    fixTime: s.fixTime,
    valid: s.valid,
    lat: s.lat,
    lon: s.lon,
    speedKmh: s.speed,
    course: s.course,
    altitude: null,
    satellites: null,
    accuracy: null,
    ignition: status.ignition,
    alarm: status.alarm,
    attributes: { status: true },
  };
}
