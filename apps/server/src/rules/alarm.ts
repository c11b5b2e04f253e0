import type { Position } from '@pantau/protocols';
import { placeOf, perPosition, unchanged } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';

/** The same alarm reported again within this time of its previous report is a repeat, not a new alarm. */
export const ALARM_REPEAT_MS = 60_000;

interface AlarmSlice extends SliceBase {
  /** Alarm kind → fix time (epoch ms) it was last reported, for kinds reported within the repeat window. */
  recent: Record<string, number>;
}

const initial: AlarmSlice = { v: 1, lastMs: null, recent: {} };

function onPosition(slice: AlarmSlice, p: Position): SliceResult<AlarmSlice> {
  const t = p.fixTime.getTime();
  if (!p.alarm) return slice.lastMs === t ? unchanged(slice) : { slice: { ...slice, lastMs: t }, events: [] };
  const kind = p.alarm;
  const previous = slice.recent[kind];
  const recent: Record<string, number> = {};
  for (const [k, at] of Object.entries(slice.recent)) if (t - at < ALARM_REPEAT_MS) recent[k] = at;
  recent[kind] = t;
  const next: AlarmSlice = { v: 1, lastMs: t, recent };
  if (previous !== undefined && t - previous < ALARM_REPEAT_MS) return { slice: next, events: [] };
  return {
    slice: next,
    events: [
      {
        kind: 'alarm',
        phase: 'instant',
        key: `alarm:${kind}`,
        startedAt: p.fixTime,
        endedAt: null,
        maxValue: null,
        limitValue: null,
        ...placeOf(p),
        attributes: { alarm: kind },
      },
    ],
  };
}

/**
 * Tracker alarms (SOS, power cut, …): an `instant` event with the kind in `attributes.alarm`. A kind
 * reported again less than `ALARM_REPEAT_MS` after its previous report is the same alarm (trackers resend
 * until acknowledged), so a stream of repeats raises one event. Positions without a fix count.
 */
export const alarmRule = perPosition<AlarmSlice>({ name: 'alarm', initial, onPosition });
