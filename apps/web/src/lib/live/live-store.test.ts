import type { TrackingItem } from '@pantau/contracts';
import { describe, expect, it, vi } from 'vitest';
import { applyMoves, applyPositions, applySnapshot, emptyFleet } from './live-store';
import { liveUrl, nameSnapshot, reconnectDelay, startLiveSocket, stopLiveSocket } from './live-socket';

export function item(id: number, over: Partial<TrackingItem> = {}): TrackingItem {
  return {
    kendaraanId: id,
    nomorPolisi: `B 9${String(id).padStart(3, '0')} UEY`,
    nomorKendaraan: `CC-${id}`,
    vehicleClass: 'CC',
    lat: -6.2,
    lon: 106.8,
    speed: 0,
    course: 90,
    ignition: false,
    fixTime: '2026-11-21T01:00:00.000Z',
    gpsStatus: 'on',
    motion: 'stopped',
    speedLimit: 80,
    driver: null,
    location: null,
    place: null,
    todayDistanceKm: 0,
    todayEngineHours: 0,
    odometer: null,
    ...over,
  };
}

describe('live fleet store', () => {
  it('a snapshot seeds every vehicle in order with an index', () => {
    const fleet = applySnapshot(emptyFleet, [item(1), item(2), item(3)]);
    expect(fleet.seeded).toBe(true);
    expect(fleet.vehicles.map((v) => v.kendaraanId)).toEqual([1, 2, 3]);
    expect(fleet.byId.get(2)?.nomorKendaraan).toBe('CC-2');
    expect(fleet.index.get(3)).toBe(2);
  });

  it('a batched positions message replaces the named vehicles and keeps the others by reference', () => {
    const seeded = applySnapshot(emptyFleet, [item(1), item(2), item(3)]);
    const moved = item(2, { lat: -6.3, speed: 60, motion: 'moving', fixTime: '2026-11-21T01:00:05.000Z' });
    const next = applyPositions(seeded, [moved, item(4)]);
    expect(next.vehicles.map((v) => v.kendaraanId)).toEqual([1, 2, 3, 4]);
    expect(next.byId.get(2)).toBe(moved);
    expect(next.vehicles[0]).toBe(seeded.vehicles[0]);
    expect(next.index.get(4)).toBe(3);
    // The previous state is untouched (a new array and map each time).
    expect(seeded.byId.get(2)?.speed).toBe(0);
    expect(seeded.vehicles).toHaveLength(3);
  });

  it('an empty message changes nothing', () => {
    const seeded = applySnapshot(emptyFleet, [item(1)]);
    expect(applyPositions(seeded, [])).toBe(seeded);
  });

  it('a resync snapshot decides membership but never moves a vehicle back in time', () => {
    let fleet = applySnapshot(emptyFleet, [item(1), item(2)]);
    const live = item(1, { fixTime: '2026-11-21T01:05:00.000Z', lat: -6.5 });
    fleet = applyPositions(fleet, [live]);
    // A snapshot fetched before that update arrived, without vehicle 2 (moved to another unit) and with a new 3.
    const stale = item(1, { fixTime: '2026-11-21T01:04:00.000Z', lat: -6.4 });
    fleet = applySnapshot(fleet, [stale, item(3)]);
    expect(fleet.vehicles.map((v) => v.kendaraanId)).toEqual([1, 3]);
    expect(fleet.byId.get(1)).toBe(live);
    expect(fleet.byId.has(2)).toBe(false);
    // A newer snapshot wins.
    const newer = item(1, { fixTime: '2026-11-21T01:06:00.000Z' });
    expect(applySnapshot(fleet, [newer]).byId.get(1)).toBe(newer);
  });
});

describe('moves', () => {
  it('merges each change into its vehicle and leaves the other vehicles as they were', () => {
    const fleet = applySnapshot(emptyFleet, [item(1), item(2, { driver: { pengemudiId: 3, name: 'Agus' } })]);
    const moved = applyMoves(fleet, [
      { kendaraanId: 2, lat: -6.3, fixTime: '2026-11-21T01:00:05.000Z', driver: null },
    ]);
    expect(moved.byId.get(2)).toEqual(
      item(2, { lat: -6.3, fixTime: '2026-11-21T01:00:05.000Z', driver: null }),
    );
    expect(moved.vehicles[1]).toBe(moved.byId.get(2));
    expect(moved.byId.get(1)).toBe(fleet.byId.get(1));
    expect(fleet.byId.get(2)?.lat).toBe(-6.2);
  });

  it('leaves a change of a vehicle it does not hold', () => {
    const fleet = applySnapshot(emptyFleet, [item(1)]);
    expect(applyMoves(fleet, [{ kendaraanId: 9, lat: 1 }])).toBe(fleet);
  });
});

describe('live socket', () => {
  it('backs off exponentially from 1 s to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
  it('uses wss on https', () => {
    expect(liveUrl({ protocol: 'https:', host: 'pantau.example' })).toBe(
      'wss://pantau.example/api/live?changes=1&snapshot=1',
    );
    expect(liveUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/live?changes=1&snapshot=1',
    );
  });

  it('names the snapshot the store took on the socket once it is open, once per snapshot', () => {
    const sent: string[] = [];
    const sockets: { readyState: number; onopen?: () => void }[] = [];
    class FakeSocket {
      static OPEN = 1;
      readyState = 0;
      onopen?: () => void;
      constructor() {
        sockets.push(this);
      }
      send(text: string) {
        sent.push(text);
      }
      close() {}
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'localhost' } });
    try {
      startLiveSocket();
      nameSnapshot('first');
      expect(sent).toEqual([]);
      sockets[0]!.readyState = 1;
      sockets[0]!.onopen?.();
      expect(sent.map((t) => JSON.parse(t) as unknown)).toEqual([{ type: 'snapshot', token: 'first' }]);
      nameSnapshot(null);
      expect(JSON.parse(sent[1]!)).toEqual({ type: 'snapshot', token: null });
      expect(sent).toHaveLength(2);
    } finally {
      stopLiveSocket();
      vi.unstubAllGlobals();
    }
  });
});
