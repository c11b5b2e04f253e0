import { describe, expect, it } from 'vitest';
import type { Notification, TrackingItem } from '@pantau/contracts';
import { decodeLiveEvents, encodeLiveEvents, MAX_PAYLOAD_CHARS } from './live-codec.js';
import type { WireLiveEvent } from './live-events.js';

/** A tracking item as the pipeline makes them, with coordinates that do not repeat (as on the road). */
const itemOf = (i: number): TrackingItem => ({
  kendaraanId: 1000 + i,
  nomorPolisi: `B ${1000 + i} BN`,
  nomorKendaraan: `BN-${String(i).padStart(5, '0')}`,
  vehicleClass: 'CC',
  lat: -6.2 - ((i * 7919) % 10007) / 1e5 - i / 1e9,
  lon: 106.8 + ((i * 104729) % 10009) / 1e5 + i / 1e9,
  speed: (i * 37) % 95,
  course: (i * 53) % 360,
  ignition: i % 3 !== 0,
  fixTime: new Date(Date.UTC(2026, 10, 27, 8, 0, i % 60)).toISOString(),
  gpsStatus: 'on',
  motion: 'moving',
  speedLimit: 80,
  driver: i % 2 ? { pengemudiId: i, name: `Pengemudi ${i}` } : null,
  location: `near Cikarang, ${(i % 90) / 10} km`,
  place: { kind: 'near', name: 'Cikarang', distanceKm: (i % 90) / 10, km: null },
  todayDistanceKm: (i * 13) % 300,
  todayEngineHours: (i % 12) / 2,
  odometer: 10_000 + i,
});

const note: Notification = {
  logId: 7,
  event: 'overspeed',
  vehicle: 'B 1001 BN',
  timestamp: '2026-11-27T08:00:00.000Z',
  kendaraanId: 1001,
  kind: 'overspeed',
  speed: 98,
  speedLimit: 80,
  minutes: null,
  ongoing: false,
  alarm: null,
  place: null,
  subject: null,
};

/** Every payload decoded, in order, with the positions of a unit flattened. */
function roundTrip(payloads: string[]) {
  const items = new Map<number, TrackingItem[]>();
  const others: WireLiveEvent[] = [];
  for (const p of payloads) {
    const decoded = decodeLiveEvents(p);
    expect(decoded?.sender).toBe('inst-a');
    for (const e of decoded!.events)
      if (e.type === 'positions') items.set(e.unitId, [...(items.get(e.unitId) ?? []), ...e.items]);
      else others.push(e);
  }
  return { items, others };
}

describe('the payloads of the live fan-out between instances', () => {
  it('carry every event of a flush, each payload under the NOTIFY limit and decodable on its own', () => {
    const events: WireLiveEvent[] = [
      { type: 'positions', unitId: 1, items: [itemOf(1), itemOf(2)] },
      { type: 'notification', unitId: 1, data: note },
      { type: 'summary', unitId: 2 },
      { type: 'positions', unitId: 2, items: [itemOf(3)] },
    ];
    const { payloads } = encodeLiveEvents('inst-a', events);
    expect(payloads).toHaveLength(1);
    const { items, others } = roundTrip(payloads);
    expect(items.get(1)).toEqual([itemOf(1), itemOf(2)]);
    expect(items.get(2)).toEqual([itemOf(3)]);
    expect(others).toEqual([
      { type: 'notification', unitId: 1, data: note },
      { type: 'summary', unitId: 2 },
    ]);
  });

  it('split a whole fleet’s second (10,000 vehicles) into payloads under 8,000 bytes, losing none', () => {
    const all = Array.from({ length: 10_000 }, (_, i) => itemOf(i));
    const events: WireLiveEvent[] = [
      { type: 'positions', unitId: 1, items: all.slice(0, 6000) },
      { type: 'positions', unitId: 2, items: all.slice(6000) },
    ];
    // A first guess far off either way only costs extra deflates; the answer is the same.
    for (const charsRatio of [undefined, 1, 40]) {
      const { payloads, charsRatio: learnt } = encodeLiveEvents('inst-a', events, { charsRatio });
      for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_CHARS);
      const { items } = roundTrip(payloads);
      expect(items.get(1)).toEqual(all.slice(0, 6000));
      expect(items.get(2)).toEqual(all.slice(6000));
      // Deflated, a payload carries several times its length of JSON.
      expect(learnt).toBeGreaterThan(3);
      expect(payloads.length).toBeLessThan(250);
    }
  });

  it('answers null for a payload that is not one of ours', () => {
    expect(decodeLiveEvents('hello')).toBeNull();
    expect(decodeLiveEvents('x:not base64 deflate')).toBeNull();
    const [payload] = encodeLiveEvents('inst-a', [{ type: 'summary', unitId: 1 }]).payloads;
    expect(decodeLiveEvents(payload!)?.events).toEqual([{ type: 'summary', unitId: 1 }]);
  });
});
