import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRepaintGate } from './repaint-gate';

/** Just what the gate uses of a maplibre map: repaints counted, events fired by hand. */
class FakeMap {
  paints = 0;
  loaded = true;
  moving = false;
  private handlers = new Map<string, Set<(e: unknown) => void>>();
  triggerRepaint() {
    this.paints += 1;
  }
  isSourceLoaded() {
    return this.loaded;
  }
  isMoving() {
    return this.moving;
  }
  on(type: string, fn: (e: unknown) => void) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type)!.add(fn);
  }
  off(type: string, fn: (e: unknown) => void) {
    this.handlers.get(type)?.delete(fn);
  }
  fire(type: string, e: unknown = {}) {
    for (const fn of this.handlers.get(type) ?? []) fn(e);
  }
}

let map: FakeMap;
const gateOf = () => createRepaintGate(map as unknown as MapLibreMap, 'vehicles');
const tileLoaded = (sourceId = 'vehicles') => map.fire('sourcedata', { sourceId, tile: {} });

beforeEach(() => {
  vi.useFakeTimers();
  map = new FakeMap();
});
afterEach(() => vi.useRealTimers());

describe('repaint gate', () => {
  it('passes repaints through until held', () => {
    gateOf();
    map.triggerRepaint();
    expect(map.paints).toBe(1);
  });

  it('while held, repaints wait for the source’s tiles, then paint once', () => {
    const gate = gateOf();
    gate.hold(600);
    map.loaded = false;
    map.triggerRepaint(); // the worker answered: the old tiles again
    map.triggerRepaint();
    tileLoaded(); // one tile back, others still loading
    expect(map.paints).toBe(0);
    tileLoaded('land'); // another source's tile does not release
    map.loaded = true;
    map.triggerRepaint();
    tileLoaded();
    expect(map.paints).toBe(1);
    map.triggerRepaint();
    expect(map.paints).toBe(2);
  });

  it('a content hold lets go when the worker has the data, tiles or not', () => {
    const gate = gateOf();
    gate.hold(800, 'content');
    map.triggerRepaint();
    map.fire('sourcedata', { sourceId: 'vehicles', sourceDataType: 'metadata' });
    map.fire('sourcedata', { sourceId: 'land', sourceDataType: 'content' });
    expect(map.paints).toBe(0);
    map.fire('sourcedata', { sourceId: 'vehicles', sourceDataType: 'content' });
    expect(map.paints).toBe(1);
  });

  it('lets go after the longest hold even if the tiles never come', () => {
    const gate = gateOf();
    gate.hold(600);
    map.triggerRepaint();
    vi.advanceTimersByTime(599);
    expect(map.paints).toBe(0);
    vi.advanceTimersByTime(1);
    expect(map.paints).toBe(1);
  });

  it('never holds the camera: no hold while moving, and a movement releases one', async () => {
    const gate = gateOf();
    map.moving = true;
    gate.hold(600);
    map.triggerRepaint();
    expect(map.paints).toBe(1);
    map.moving = false;
    gate.hold(600);
    map.triggerRepaint();
    map.moving = true;
    map.fire('movestart');
    await Promise.resolve();
    expect(map.paints).toBe(2);
  });

  it('a jump of the camera (a resize, a fit with no duration) keeps the hold: its frame is the held one', async () => {
    const gate = gateOf();
    gate.hold(600);
    map.triggerRepaint();
    // jumpTo and resize fire movestart and moveend at once: not moving by the next microtask.
    map.fire('movestart');
    await Promise.resolve();
    expect(map.paints).toBe(0);
    gate.release();
    expect(map.paints).toBe(1);
  });

  it('a press on the map (measuring, picking a vehicle) releases a hold at once', () => {
    const gate = gateOf();
    for (const type of ['mousedown', 'touchstart']) {
      gate.hold(600);
      map.triggerRepaint();
      map.fire(type);
    }
    expect(map.paints).toBe(2);
  });

  it('a release with nothing asked paints nothing; dispose restores the map’s own method', () => {
    const gate = gateOf();
    gate.hold(600);
    gate.release();
    expect(map.paints).toBe(0);
    gate.dispose();
    expect(Object.hasOwn(map, 'triggerRepaint')).toBe(false);
    map.triggerRepaint();
    expect(map.paints).toBe(1);
  });
});
