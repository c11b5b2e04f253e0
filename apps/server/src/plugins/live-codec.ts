import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { WireLiveEvent } from './live-events.js';

/**
 * The payloads of the live fan-out between instances. A NOTIFY payload is text of under 8,000 bytes,
 * and a second's `positions` of 10,000 vehicles is ~4.8 MB of JSON: events are written as JSON,
 * deflated (level 1, ~6×) and sent in base64, as many self-contained payloads as it takes (~130 for
 * those 10,000 vehicles). Each payload starts with its sender's id, so an instance knows its own.
 */

/** The longest payload sent (PostgreSQL refuses 8,000 bytes or more). */
export const MAX_PAYLOAD_CHARS = 7_900;
const SEPARATOR = ':';

export interface Encoded {
  payloads: string[];
  /** Bytes of JSON per payload character seen this time: the next call's first guess. */
  charsRatio: number;
}

/**
 * Packs `events` into payloads of at most `maxChars`. A positions event is split between payloads
 * when its items do not fit one; `charsRatio` (JSON bytes per payload character, about 4.8) sizes
 * the first try of each payload, and a payload that comes out too long is split in two.
 */
export function encodeLiveEvents(
  sender: string,
  events: readonly WireLiveEvent[],
  opts: { maxChars?: number; charsRatio?: number } = {},
): Encoded {
  const maxChars = opts.maxChars ?? MAX_PAYLOAD_CHARS;
  const room = maxChars - sender.length - SEPARATOR.length;
  let ratio = opts.charsRatio ?? 4;
  // One entry per item or per event, with its JSON, so a group is packed without serialising twice.
  const pieces: { unitId: number; json: string; item: boolean }[] = [];
  for (const e of events) {
    if (e.type === 'positions')
      for (const item of e.items) pieces.push({ unitId: e.unitId, json: JSON.stringify(item), item: true });
    else pieces.push({ unitId: e.unitId, json: JSON.stringify(e), item: false });
  }

  const payloads: string[] = [];
  const encode = (group: typeof pieces): void => {
    const body = deflateRawSync(jsonOf(group), { level: 1 }).toString('base64');
    if (body.length <= room) {
      payloads.push(`${sender}${SEPARATOR}${body}`);
      return;
    }
    if (group.length === 1) throw new Error(`a live event does not fit a payload (${body.length} chars)`);
    const half = Math.ceil(group.length / 2);
    encode(group.slice(0, half));
    encode(group.slice(half));
  };

  let from = 0;
  while (from < pieces.length) {
    // Aim a little under the room: a group that overflows costs a second deflate.
    const target = room * ratio * 0.85;
    let to = from;
    let bytes = 0;
    while (to < pieces.length && (to === from || bytes + pieces[to]!.json.length <= target))
      bytes += pieces[to++]!.json.length + 1;
    const group = pieces.slice(from, to);
    const before = payloads.length;
    encode(group);
    const chars = payloads.slice(before).reduce((n, p) => n + p.length, 0);
    ratio = Math.max(1, bytes / chars);
    from = to;
  }
  return { payloads, charsRatio: ratio };
}

/** `[event, …]` with each unit's items gathered into one positions event. */
function jsonOf(group: readonly { unitId: number; json: string; item: boolean }[]): string {
  const parts: string[] = [];
  const items = new Map<number, string[]>();
  for (const p of group) {
    if (!p.item) parts.push(p.json);
    else {
      const list = items.get(p.unitId);
      if (list) list.push(p.json);
      else items.set(p.unitId, [p.json]);
    }
  }
  for (const [unitId, list] of items)
    parts.unshift(`{"type":"positions","unitId":${unitId},"items":[${list.join(',')}]}`);
  return `[${parts.join(',')}]`;
}

/** The sender and events of a payload, or null when it is not one of ours. */
export function decodeLiveEvents(payload: string): { sender: string; events: WireLiveEvent[] } | null {
  const at = payload.indexOf(SEPARATOR);
  if (at <= 0) return null;
  try {
    const events = JSON.parse(
      inflateRawSync(Buffer.from(payload.slice(at + 1), 'base64')).toString(),
    ) as unknown;
    if (!Array.isArray(events) || !events.every(isLiveEvent)) return null;
    return { sender: payload.slice(0, at), events };
  } catch {
    return null;
  }
}

function isLiveEvent(e: unknown): e is WireLiveEvent {
  if (typeof e !== 'object' || e === null) return false;
  const { type, unitId } = e as { type?: unknown; unitId?: unknown };
  if (typeof unitId !== 'number') return false;
  if (type === 'positions') return Array.isArray((e as { items?: unknown }).items);
  if (type === 'notification') return typeof (e as { data?: unknown }).data === 'object';
  return type === 'summary';
}
