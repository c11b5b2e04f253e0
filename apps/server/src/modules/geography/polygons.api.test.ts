import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  geofenceFeatureCollection,
  geofenceImportResponse,
  geofenceList,
  geofenceRow,
  markerList,
  markerRow,
  type GeofenceInputDraft,
  type LngLat,
} from '@pantau/contracts';
import { call, signIn, startTestApp, UNIT, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ deps: { telemetry: { tickMs: 0 } } });
  for (const u of ['admin', 'operator', 'guest', 'multi']) tokens[u] = await signIn(t.url, u);
});
afterAll(() => t?.close());

const roles = {
  admin: { unitId: UNIT.sunter, role: 'Administrator' },
  operator: { unitId: UNIT.sunter, role: 'User' },
  guest: { unitId: UNIT.sunter, role: 'Guest' },
  multi: { unitId: UNIT.karawang, role: 'Administrator' },
} as const;
type Who = keyof typeof roles;
const as = (who: Who, path: string, o: { method?: string; body?: unknown } = {}) =>
  call(t.url, `/api${path}`, { token: tokens[who], role: roles[who], ...o });

/** A square around a point near Cibitung, `d` degrees a side. */
const square = (lng = 107.1, lat = -6.28, d = 0.01): LngLat[] => [
  [lng, lat],
  [lng + d, lat],
  [lng + d, lat + d],
  [lng, lat + d],
  [lng, lat],
];
let seq = 0;
const polygon = (over: Partial<GeofenceInputDraft> = {}): GeofenceInputDraft => {
  seq += 1;
  return {
    polygonCode: `T-${seq}`,
    polygonName: `Test yard ${seq}`,
    polygonType: 'polygon',
    category: 'pool',
    geometry: { type: 'Polygon', coordinates: [square()] },
    ...over,
  };
};
const fieldsOf = (json: { errors?: { path: string }[] }) => (json.errors ?? []).map((e) => e.path);

describe('geofences (polygons)', () => {
  it('S-044 lists the unit’s geofences with the spec’s fields, Take and Skip paging, search and category', async () => {
    const all = await as('guest', '/polygons?Take=1000');
    expect(all.status).toBe(200);
    const list = geofenceList.parse(all.json);
    expect(list.count).toBeGreaterThan(3);
    expect(list.results).toHaveLength(list.count);
    for (const g of list.results) {
      expect(g.unitId).toBe(UNIT.sunter);
      for (const field of [
        'polyIndex',
        'polygonId',
        'pantauPoiId',
        'polygonCode',
        'polygonName',
        'notes',
        'polygonType',
        'icon',
        'color',
        'center',
        'radius',
        'boundary',
        'geometry',
      ])
        expect(g).toHaveProperty(field);
    }
    const page = geofenceList.parse((await as('guest', '/polygons?Take=2&Skip=1')).json);
    expect(page.count).toBe(list.count);
    expect(page.results.map((g) => g.polygonId)).toEqual(list.results.slice(1, 3).map((g) => g.polygonId));
    const pools = geofenceList.parse((await as('operator', '/polygons?category=pool&Take=1000')).json);
    expect(pools.count).toBeGreaterThan(0);
    expect(pools.results.every((g) => g.category === 'pool')).toBe(true);
    const one = list.results[0]!;
    const found = geofenceList.parse(
      (await as('guest', `/polygons?search=${encodeURIComponent(one.polygonName.slice(0, 6))}`)).json,
    );
    expect(found.results.map((g) => g.polygonId)).toContain(one.polygonId);
  });

  it('S-044 creates, reads, updates and deletes a polygon, a circle and a corridor, each audited', async () => {
    const made = await as('admin', '/polygons', { body: polygon({ color: '#ff0000', notifyEnter: true }) });
    expect(made.status).toBe(201);
    const row = geofenceRow.parse(made.json);
    expect(row.polygonType).toBe('polygon');
    row.boundary.forEach((v, i) => expect(v).toBeCloseTo([107.1, -6.28, 107.11, -6.27][i]!, 9));
    expect(row.center[0]).toBeCloseTo(107.105, 6);

    const circle = await as('admin', '/polygons', {
      body: { ...polygon(), polygonType: 'circle', geometry: null, center: [107.2, -6.3], radius: 250 },
    });
    expect(circle.status).toBe(201);
    expect(circle.json.geometry).toEqual({ type: 'Point', coordinates: [107.2, -6.3] });
    expect(circle.json.radius).toBe(250);
    expect(circle.json.boundary[0]).toBeLessThan(107.2);

    const corridor = await as('admin', '/polygons', {
      body: {
        ...polygon(),
        polygonType: 'corridor',
        geometry: {
          type: 'LineString',
          coordinates: [
            [107.0, -6.3],
            [107.1, -6.25],
          ],
        },
        width: 400,
      },
    });
    expect(corridor.status).toBe(201);
    expect(corridor.json.width).toBe(400);

    expect((await as('guest', `/polygons/${row.polygonId}`)).json.polygonCode).toBe(row.polygonCode);
    const changed = await as('admin', `/polygons/${row.polygonId}`, {
      method: 'PUT',
      body: polygon({
        polygonCode: row.polygonCode,
        polygonName: 'Renamed yard',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [107.3, -6.28],
              [107.31, -6.28],
              [107.3, -6.27],
              [107.3, -6.28],
            ],
          ],
        },
      }),
    });
    expect(changed.status).toBe(200);
    expect(changed.json.polygonName).toBe('Renamed yard');
    expect(changed.json.polyIndex).toBe(row.polyIndex);
    expect(changed.json.boundary[0]).toBe(107.3);

    const removed = await as('admin', `/polygons/${row.polygonId}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await as('admin', `/polygons/${row.polygonId}`)).status).toBe(404);

    const trail = await as('admin', `/audit?entity=geofence&entityId=${row.polygonId}`);
    expect(trail.status).toBe(200);
    expect(trail.json.results.map((a: { action: string }) => a.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    const update = trail.json.results[1];
    expect(update.changes.polygonName).toEqual({ from: row.polygonName, to: 'Renamed yard' });
    expect(update.changes.geometry).toEqual({ from: 'Polygon, 5 points', to: 'Polygon, 4 points' });
    expect(update.changes.boundary.to[0]).toBe(107.3);
  });

  it('answers 400 naming the field for bad geometry: self-crossing, too few points, too many, out of range, radius ≤ 0', async () => {
    const bowTie: LngLat[] = [
      [107.1, -6.28],
      [107.11, -6.27],
      [107.11, -6.28],
      [107.1, -6.27],
      [107.1, -6.28],
    ];
    const many: LngLat[] = Array.from({ length: 10_001 }, (_, i) => {
      const a = (2 * Math.PI * i) / 10_001;
      return [107.1 + 0.01 * Math.cos(a), -6.28 + 0.01 * Math.sin(a)];
    });
    const cases: [string, unknown, string][] = [
      ['self-crossing', polygon({ geometry: { type: 'Polygon', coordinates: [bowTie] } }), 'geometry'],
      [
        'two points',
        polygon({
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [107.1, -6.28],
                [107.11, -6.28],
                [107.1, -6.28],
              ],
            ],
          },
        }),
        'geometry.coordinates.0',
      ],
      [
        '10,001 points',
        polygon({ geometry: { type: 'Polygon', coordinates: [[...many, many[0]!]] } }),
        'geometry',
      ],
      [
        'latitude 91',
        polygon({ geometry: { type: 'Polygon', coordinates: [square(107.1, 90.5)] } }),
        'geometry.coordinates.0.2.1',
      ],
      [
        'longitude 181',
        { ...polygon(), polygonType: 'circle', center: [181, -6.2], radius: 100 },
        'center.0',
      ],
      ['radius 0', { ...polygon(), polygonType: 'circle', center: [107.2, -6.2], radius: 0 }, 'radius'],
      ['radius -5', { ...polygon(), polygonType: 'circle', center: [107.2, -6.2], radius: -5 }, 'radius'],
      ['circle without radius', { ...polygon(), polygonType: 'circle', center: [107.2, -6.2] }, 'radius'],
      ['corridor as a polygon', { ...polygon(), polygonType: 'corridor' }, 'geometry'],
    ];
    for (const [what, body, field] of cases) {
      const { status, json } = await as('admin', '/polygons', { body });
      expect(status, what).toBe(400);
      expect(fieldsOf(json), what).toContain(field);
    }
  });

  it('answers 409 naming polygonCode for a code the unit already uses, and allows it in another unit', async () => {
    const first = await as('admin', '/polygons', { body: polygon({ polygonCode: 'DUP-1' }) });
    expect(first.status).toBe(201);
    const again = await as('admin', '/polygons', { body: polygon({ polygonCode: 'DUP-1' }) });
    expect(again.status).toBe(409);
    expect(fieldsOf(again.json)).toEqual(['polygonCode']);
    // Codes compare ignoring case: "dup-1" is the same geofence's code to an operator.
    const cased = await as('admin', '/polygons', { body: polygon({ polygonCode: 'dup-1' }) });
    expect(cased.status).toBe(409);
    expect(fieldsOf(cased.json)).toEqual(['polygonCode']);
    const other = await as('admin', '/polygons', { body: polygon({ polygonCode: 'DUP-2' }) });
    const renamed = await as('admin', `/polygons/${other.json.polygonId}`, {
      method: 'PUT',
      body: polygon({ polygonCode: 'DUP-1' }),
    });
    expect(renamed.status).toBe(409);
    expect((await as('multi', '/polygons', { body: polygon({ polygonCode: 'DUP-1' }) })).status).toBe(201);
  });

  it('lets Users and Guests read but not write, and another unit neither read nor write', async () => {
    const mine = geofenceRow.parse((await as('admin', '/polygons', { body: polygon() })).json);
    for (const who of ['operator', 'guest'] as const) {
      expect((await as(who, `/polygons/${mine.polygonId}`)).status).toBe(200);
      expect((await as(who, '/polygons', { body: polygon() })).status).toBe(403);
      expect((await as(who, `/polygons/${mine.polygonId}`, { method: 'PUT', body: polygon() })).status).toBe(
        403,
      );
      expect((await as(who, `/polygons/${mine.polygonId}`, { method: 'DELETE' })).status).toBe(403);
      expect(
        (await as(who, '/polygons/import', { body: { format: 'geojson', content: '{}', dryRun: true } }))
          .status,
      ).toBe(403);
    }
    expect((await as('multi', `/polygons/${mine.polygonId}`)).status).toBe(404);
    expect(
      (await as('multi', `/polygons/${mine.polygonId}`, { method: 'PUT', body: polygon() })).status,
    ).toBe(404);
    expect((await as('multi', `/polygons/${mine.polygonId}`, { method: 'DELETE' })).status).toBe(404);
    const theirs = geofenceList.parse((await as('multi', '/polygons?Take=1000')).json);
    expect(theirs.results.every((g) => g.unitId === UNIT.karawang)).toBe(true);
    expect(theirs.results.map((g) => g.polygonId)).not.toContain(mine.polygonId);
    expect((await as('admin', `/polygons/${mine.polygonId}`)).status).toBe(200);
  });
});

describe('geofence import and export', () => {
  const featureCollection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
  const feature = (geometry: unknown, properties: Record<string, unknown>) => ({
    type: 'Feature',
    geometry,
    properties,
  });

  it('previews a GeoJSON file with errors per feature, refuses to commit it, and commits a clean one', async () => {
    const content = featureCollection([
      feature(
        { type: 'Polygon', coordinates: [square(107.5)] },
        { name: 'Import Yard A', category: 'plant' },
      ),
      feature({ type: 'Point', coordinates: [107.6, -6.3] }, { name: 'Import Dealer', radius: 300 }),
      feature(
        {
          type: 'Polygon',
          coordinates: [
            [
              [107.5, -6.2],
              [107.51, -6.19],
              [107.51, -6.2],
              [107.5, -6.19],
              [107.5, -6.2],
            ],
          ],
        },
        { name: 'Crossed' },
      ),
      feature({ type: 'Point', coordinates: [107.6, -6.3] }, { name: 'Zero', radius: 0 }),
    ]);
    const preview = await as('admin', '/polygons/import', {
      body: { format: 'geojson', content, dryRun: true },
    });
    expect(preview.status).toBe(200);
    const result = geofenceImportResponse.parse(preview.json);
    expect(result).toMatchObject({ total: 4, valid: 2, created: 0, fileError: null });
    expect(result.features.map((f) => f.polygonType)).toEqual(['polygon', 'circle', null, null]);
    expect(result.features[2]!.errors.map((e) => e.path)).toEqual(['geometry']);
    expect(result.features[3]!.errors.map((e) => e.path)).toEqual(['radius']);

    const refused = await as('admin', '/polygons/import', { body: { format: 'geojson', content } });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.json)).toEqual(['features.2.geometry', 'features.3.radius']);
    expect(geofenceList.parse((await as('admin', '/polygons?search=Import Yard A')).json).count).toBe(0);

    const clean = featureCollection([
      feature(
        { type: 'Polygon', coordinates: [square(107.5)] },
        { name: 'Import Yard A', category: 'plant' },
      ),
      feature({ type: 'Point', coordinates: [107.6, -6.3] }, { name: 'Import Dealer', radius: 300 }),
    ]);
    const stored = await as('admin', '/polygons/import', {
      body: { format: 'geojson', content: clean, category: 'dealer' },
    });
    expect(stored.status).toBe(201);
    expect(stored.json.created).toBe(2);
    const found = geofenceList.parse((await as('admin', '/polygons?search=Import&Take=10')).json);
    expect(found.results.map((g) => [g.polygonCode, g.category, g.polygonType])).toEqual(
      expect.arrayContaining([
        ['IMPORT-YARD-A', 'plant', 'polygon'],
        ['IMPORT-DEALER', 'dealer', 'circle'],
      ]),
    );
    // The same file again: every code is taken now.
    const twice = await as('admin', '/polygons/import', {
      body: { format: 'geojson', content: clean, dryRun: true },
    });
    expect(
      twice.json.features.map((f: { errors: { path: string }[] }) => f.errors.map((e) => e.path)),
    ).toEqual([['polygonCode'], ['polygonCode']]);
  });

  it('imports a KML file from Google Earth and names a file that is not KML', async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>KML Port</name><description>Gate 3</description>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>
      106.9,-6.1,0 106.91,-6.1,0 106.91,-6.09,0 106.9,-6.09,0 106.9,-6.1,0
    </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>KML Toll</name><LineString><coordinates>106.9,-6.2 107.0,-6.25</coordinates></LineString></Placemark>
</Document></kml>`;
    const stored = await as('admin', '/polygons/import', {
      body: { format: 'kml', content: kml, category: 'port' },
    });
    expect(stored.status).toBe(201);
    expect(stored.json.features.map((f: { polygonType: string }) => f.polygonType)).toEqual([
      'polygon',
      'corridor',
    ]);
    const port = geofenceList.parse((await as('admin', '/polygons?search=KML Port')).json).results[0]!;
    expect(port).toMatchObject({ category: 'port', notes: 'Gate 3', polygonCode: 'KML-PORT' });

    const bad = await as('admin', '/polygons/import', {
      body: { format: 'kml', content: '<html></html>', dryRun: true },
    });
    expect(bad.status).toBe(200);
    expect(bad.json.fileError).toBe('The file is not KML');
    const refused = await as('admin', '/polygons/import', {
      body: { format: 'kml', content: '<html></html>' },
    });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.json)).toEqual(['content']);
  });

  it('exports the unit’s geofences as GeoJSON that imports back', async () => {
    const res = await as('guest', '/polygons/export?category=port');
    expect(res.status).toBe(200);
    const file = geofenceFeatureCollection.parse(res.json);
    expect(file.features.length).toBeGreaterThan(0);
    expect(file.features.every((f) => f.properties.category === 'port')).toBe(true);
    const preview = await as('multi', '/polygons/import', {
      body: { format: 'geojson', content: JSON.stringify(file), dryRun: true },
    });
    expect(preview.status).toBe(200);
    // Karawang has the same demo ports: their codes are taken there; the shapes themselves pass.
    for (const f of preview.json.features as { errors: { path: string }[] }[])
      expect(f.errors.every((e) => e.path === 'polygonCode')).toBe(true);
  });
});

describe('markers (POIs)', () => {
  it('lists, creates, updates and deletes markers; Users and Guests only read; another unit sees none', async () => {
    const made = await as('admin', '/markers', {
      body: { name: 'SPBU Cikampek', icon: 'fuel', position: [107.45, -6.41], notes: 'Solar 24 h' },
    });
    expect(made.status).toBe(201);
    const marker = markerRow.parse(made.json);
    expect(marker.position).toEqual([107.45, -6.41]);
    const list = markerList.parse((await as('guest', '/markers?icon=fuel')).json);
    expect(list.results.map((m) => m.markerId)).toContain(marker.markerId);
    const changed = await as('admin', `/markers/${marker.markerId}`, {
      method: 'PUT',
      body: { name: 'SPBU Cikampek KM 70', icon: 'fuel', position: [107.46, -6.41] },
    });
    expect(changed.json).toMatchObject({ name: 'SPBU Cikampek KM 70', notes: null });
    for (const who of ['operator', 'guest'] as const) {
      expect((await as(who, '/markers', { body: { name: 'x', position: [107, -6] } })).status).toBe(403);
      expect((await as(who, `/markers/${marker.markerId}`, { method: 'DELETE' })).status).toBe(403);
    }
    expect((await as('multi', `/markers/${marker.markerId}`)).status).toBe(404);
    expect(
      markerList.parse((await as('multi', '/markers')).json).results.map((m) => m.markerId),
    ).not.toContain(marker.markerId);
    const bad = await as('admin', '/markers', { body: { name: 'x', position: [200, -6] } });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.json)).toEqual(['position.0']);
    expect((await as('admin', `/markers/${marker.markerId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await as('admin', `/markers/${marker.markerId}`)).status).toBe(404);
  });
});
