import type { Position } from '@pantau/protocols';
import { placeOf, perPosition } from './per-position.js';
import type { SliceBase, SliceResult } from './per-position.js';

interface IgnitionSlice extends SliceBase {
  /** The last ignition the tracker reported; null until it reports one. */
  ignition: boolean | null;
}

const initial: IgnitionSlice = { v: 1, lastMs: null, ignition: null };

function onPosition(slice: IgnitionSlice, p: Position): SliceResult<IgnitionSlice> {
  const t = p.fixTime.getTime();
  // Ignition comes from the tracker's wiring, not the GPS: positions without a fix count too.
  if (p.ignition === null || p.ignition === undefined) return { slice: { ...slice, lastMs: t }, events: [] };
  const next: IgnitionSlice = { v: 1, lastMs: t, ignition: p.ignition };
  if (slice.ignition === null || slice.ignition === p.ignition) return { slice: next, events: [] };
  return {
    slice: next,
    events: [
      {
        kind: p.ignition ? 'ignition_on' : 'ignition_off',
        phase: 'instant',
        key: p.ignition ? 'ignition_on' : 'ignition_off',
        startedAt: p.fixTime,
        endedAt: null,
        maxValue: null,
        limitValue: null,
        ...placeOf(p),
      },
    ],
  };
}

/**
 * Ignition on/off: an `instant` event when the reported ignition differs from the last reported one.
 * Positions without an ignition reading are ignored, and the first reading is not a change.
 */
export const ignitionRule = perPosition<IgnitionSlice>({ name: 'ignition', initial, onPosition });
