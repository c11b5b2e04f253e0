import { describe, expect, it } from 'vitest';
import { positionFromTraccar, traccarForwardBody } from './traccar-forward.js';
import { createLogLimiter } from './log-limit.js';

const body = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  traccarForwardBody.parse({
    position: {
      fixTime: '2026-11-22T03:04:05.000+00:00',
      latitude: -6.1,
      longitude: 106.9,
      speed: 10,
      course: 365,
      accuracy: 0,
      attributes,
      ...extra,
    },
    device: { uniqueId: ' 353419036066061 ' },
  });

describe('positionFromTraccar', () => {
  it('maps uniqueId, knots, course, odometer metres, and keeps the rest as attributes', () => {
    const p = positionFromTraccar(body({ ignition: false, odometer: 1500, rpm: 900, sat: 7 }));
    expect(p).toMatchObject({
      trackerId: '353419036066061',
      fixTime: new Date('2026-11-22T03:04:05Z'),
      speedKmh: 18.52,
      course: 5,
      accuracy: null,
      ignition: false,
      odometerKm: 1.5,
      satellites: 7,
      valid: true,
      alarm: null,
    });
    expect(p.attributes).toEqual({ protocol: 'traccar', rpm: 900 });
  });

  it('keeps the first alarm Pantau knows, else "general"', () => {
    expect(positionFromTraccar(body({ alarm: 'foo,powerCut' })).alarm).toBe('powerCut');
    expect(positionFromTraccar(body({ alarm: 'somethingNew' })).alarm).toBe('general');
  });

  it('rejects a bad time or position', () => {
    expect(() => body({}, { fixTime: 'yesterday' })).toThrow();
    expect(() => body({}, { longitude: 200 })).toThrow();
  });
});

describe('log limiter', () => {
  it('lets 5 lines a minute through per key and reports the suppressed count', () => {
    const limiter = createLogLimiter();
    const seen = Array.from({ length: 8 }, () => limiter.allow('k', 1000));
    expect(seen).toEqual([0, 0, 0, 0, 0, null, null, null]);
    expect(limiter.allow('other', 1000)).toBe(0);
    expect(limiter.allow('k', 62_000)).toBe(3);
  });
});
