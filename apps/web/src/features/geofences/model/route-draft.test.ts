import { routeInput, type RouteRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { routeDraft, valuesOf } from './route-draft';

const line: GeoJSON.LineString = {
  type: 'LineString',
  coordinates: [
    [106.9, -6.14],
    [107.3, -6.31],
  ],
};

const stored: RouteRow = {
  trayekId: 7,
  unitId: 1,
  code: 'SNT-KRW',
  name: 'Sunter → Karawang',
  originPolygonId: 1,
  originName: 'Pool Sunter',
  destinationPolygonId: 2,
  destinationName: 'Plant Karawang',
  corridorWidth: 500,
  distanceKm: 61.2,
  leadTimeMinutes: 180,
  circleTimeMinutes: 480,
  custom: true,
  notes: null,
  aktif: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('the route form as a request body', () => {
  it('sends a drawn path with the fields, and a new route is active', () => {
    const values = { ...valuesOf(null, []), code: 'A-1', name: 'Drawn' };
    const parsed = routeInput.parse(routeDraft(values, line, null));
    expect(parsed).toMatchObject({
      code: 'A-1',
      path: line,
      corridorWidth: 1000,
      aktif: true,
      custom: false,
    });
  });

  it('keeps what the form does not show of a route being edited', () => {
    const parsed = routeInput.parse(routeDraft(valuesOf(stored, []), line, stored));
    expect(parsed).toMatchObject({ aktif: false, custom: true, leadTimeMinutes: 180, originPolygonId: 1 });
  });

  it('sends no path until a line of two points is drawn, which without places is an error on the path', () => {
    const values = { ...valuesOf(null, []), code: 'A-2', name: 'Nothing drawn' };
    const single: GeoJSON.LineString = { type: 'LineString', coordinates: [[106.9, -6.14]] };
    expect(routeDraft(values, single, null).path).toBeNull();
    const result = routeInput.safeParse(routeDraft(values, null, null));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('path');
  });
});
