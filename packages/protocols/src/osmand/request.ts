import type { Position } from '../position.js';

export interface OsmandRequest {
  /** The URL query, as an HTTP framework parses it. */
  query: Record<string, string | string[] | undefined>;
  /** Raw body text, or a body the framework already parsed (form fields or JSON). */
  body?: string | object | null;
  contentType?: string;
  /** Used when the request carries no timestamp. */
  now: Date;
  /** When given, an id it rejects fails on field `id` (`device_id` in JSON). */
  isKnownTracker?: (trackerId: string) => boolean;
  /** Offset from UTC, in minutes, of zone-less `yyyy-MM-dd HH:mm:ss` timestamps. Default 0. */
  naiveTimeOffsetMinutes?: number;
}

/**
 * A position; a heartbeat (`ok: 'heartbeat'`: the tracker's id without coordinates, which Traccar
 * Client sends when its heartbeat is on: the device is alive, nothing is stored); or the field at fault.
 */
export type OsmandResult =
  | { ok: true; position: Position }
  | { ok: 'heartbeat'; trackerId: string }
  | { ok: false; field: string; message: string };

export const fail = (field: string, message: string): OsmandResult => ({ ok: false, field, message });

const TRACKER_ID = /^[\x21-\x7e]{1,64}$/;

/** Checks an id's shape and, when the caller can tell, that it belongs to a known tracker. */
export function checkTrackerId(id: string, field: string, request: OsmandRequest): OsmandResult | null {
  if (!TRACKER_ID.test(id)) return fail(field, 'must be 1–64 printable characters without spaces');
  if (request.isKnownTracker && !request.isKnownTracker(id)) return fail(field, 'unknown tracker');
  return null;
}
