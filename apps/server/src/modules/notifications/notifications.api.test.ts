import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationList } from '@pantau/contracts';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await startTestApp();
  operator = await signIn(t.url, 'operator');
});
afterAll(() => t?.close());

const asUser = { unitId: UNIT.sunter, role: 'User' };

describe('GET /api/logs/notifications', () => {
  it('S-038 S-039 answers 5 by default with the total count, newest first', async () => {
    const { status, json } = await call(t.url, '/api/logs/notifications', { token: operator, role: asUser });
    expect(status).toBe(200);
    const list = notificationList.parse(json);
    expect(list.count).toBe(12);
    expect(list.results).toHaveLength(5);
    for (const n of json.results)
      expect(Object.keys(n)).toEqual(expect.arrayContaining(['event', 'logId', 'timestamp', 'vehicle']));
    const times = list.results.map((n) => Date.parse(n.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.results[0]!.vehicle).toMatch(/^B \d{4} [A-Z]{1,3}$/);
  });

  it('S-038 Count=1000 gives them all; event kinds map to overspeed, overstop and other', async () => {
    const { json } = await call(t.url, '/api/logs/notifications?Count=1000', {
      token: operator,
      role: asUser,
    });
    expect(json.results).toHaveLength(12);
    const kinds = new Set(json.results.map((n: { event: string }) => n.event));
    expect(kinds).toEqual(new Set(['overspeed', 'overstop', 'other']));
    const latest = await call(t.url, '/api/logs/notifications?Count=3', { token: operator, role: asUser });
    expect(latest.json.results).toEqual(json.results.slice(0, 3));
  });

  it('says what happened and where: speed and limit, minutes stopped, the alarm, the place', async () => {
    const { json } = await call(t.url, '/api/logs/notifications?Count=1000', {
      token: operator,
      role: asUser,
    });
    const list = notificationList.parse(json);
    const overspeed = list.results.find((n) => n.kind === 'overspeed')!;
    expect(overspeed.speed).toBeGreaterThan(overspeed.speedLimit!);
    const overstop = list.results.find((n) => n.kind === 'overstop')!;
    expect(overstop).toMatchObject({ speed: null, ongoing: false });
    expect(overstop.minutes).toBeGreaterThanOrEqual(20);
    const alarm = list.results.find((n) => n.kind === 'alarm')!;
    expect(['sos', 'powerCut', 'vibration']).toContain(alarm.alarm);
    for (const n of list.results) {
      expect(n.kendaraanId).toBeGreaterThan(0);
      expect(n.place?.name).toBeTruthy();
    }
  });

  it('S-041 the unit of the chosen role filters the notifications', async () => {
    const multi = await signIn(t.url, 'multi');
    const karawang = await call(t.url, '/api/logs/notifications?Count=1000', {
      token: multi,
      role: { unitId: UNIT.karawang, role: 'Administrator' },
    });
    expect(karawang.json.count).toBe(10);
    const mine = await call(t.url, '/api/logs/notifications?Count=1000', { token: operator, role: asUser });
    const ids = new Set(mine.json.results.map((n: { logId: number }) => n.logId));
    expect(karawang.json.results.some((n: { logId: number }) => ids.has(n.logId))).toBe(false);
    const explicit = await call(t.url, `/api/logs/notifications?Count=1000&unitId=${UNIT.sunter}`, {
      token: operator,
      role: asUser,
    });
    expect(explicit.json).toEqual(mine.json);
  });

  it('answers 400 naming Count or unitId for bad values', async () => {
    for (const [query, field] of [
      ['Count=0', 'Count'],
      ['Count=1001', 'Count'],
      ['Count=x', 'Count'],
      ['unitId=-3', 'unitId'],
      ['unitId=abc', 'unitId'],
    ]) {
      const { status, json } = await call(t.url, `/api/logs/notifications?${query}`, {
        token: operator,
        role: asUser,
      });
      expect(status, query).toBe(400);
      expect(json.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });
});
