import type { GeofenceRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { codeFromName, readGeoJson, readKml, toGeoJson } from './geofence-files.js';

const kmlFile = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
<Document>
  <Style id="yard"><PolyStyle><color>ff0000ff</color></PolyStyle></Style>
  <Folder><name>Sites</name>
    <Placemark>
      <name>Pool Cibitung</name>
      <description><![CDATA[<b>Yard</b> behind the gate<br/>24 slots]]></description>
      <styleUrl>#yard</styleUrl>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>
        107.093,-6.292,0 107.097,-6.292,0 107.097,-6.288,0 107.093,-6.288,0 107.093,-6.292,0
      </coordinates></LinearRing></outerBoundaryIs></Polygon>
    </Placemark>
    <Placemark><name>Tol Japek KM 47–54</name>
      <LineString><coordinates>107.274,-6.336 107.334,-6.356</coordinates></LineString>
    </Placemark>
    <Placemark><name>SPBU Karawang</name><Point><coordinates>107.30,-6.33,0</coordinates></Point></Placemark>
    <Placemark><name>Bow tie</name>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>
        107,-6 107.01,-6.01 107.01,-6 107,-6.01 107,-6
      </coordinates></LinearRing></outerBoundaryIs></Polygon>
    </Placemark>
    <Placemark><name>No shape</name></Placemark>
    <Placemark><name>Two yards</name><MultiGeometry>
      <Point><coordinates>107,-6</coordinates></Point><Point><coordinates>107.1,-6</coordinates></Point>
    </MultiGeometry></Placemark>
  </Folder>
</Document>
</kml>`;

describe('KML import', () => {
  it('reads polygons, lines and points, with an error per bad placemark', () => {
    const file = readKml(kmlFile, 'pool');
    expect(file.fileError).toBeNull();
    expect(
      file.features.map((f) => [
        f.feature,
        f.draft.polygonCode,
        f.draft.polygonType,
        f.check.ok ? [] : f.check.errors,
      ]),
    ).toEqual([
      [1, 'POOL-CIBITUNG', 'polygon', []],
      [2, 'TOL-JAPEK-KM-47-54', 'corridor', []],
      [3, 'SPBU-KARAWANG', 'circle', []],
      [
        4,
        'BOW-TIE',
        'polygon',
        [{ path: 'geometry', message: expect.stringContaining('The outline crosses itself') }],
      ],
      [5, 'NO-SHAPE', undefined, [{ path: 'geometry', message: 'The feature has no geometry' }]],
      [
        6,
        'TWO-YARDS',
        undefined,
        [{ path: 'geometry', message: 'A GeometryCollection of 2 parts: save each part as its own feature' }],
      ],
    ]);
    const pool = file.features[0]!;
    expect(pool.check.ok && pool.check.value).toMatchObject({
      polygonName: 'Pool Cibitung',
      notes: 'Yard behind the gate\n24 slots',
      category: 'pool',
    });
    expect(file.features[2]!.check.ok && file.features[2]!.check.value).toMatchObject({ radius: 200 });
    expect(file.features[1]!.check.ok && file.features[1]!.check.value).toMatchObject({ width: 1000 });
  });

  it('says what is wrong with a file that is not KML', () => {
    expect(readKml('<kml><Placemark>').fileError).toMatch(/^The file is not valid XML/);
    expect(readKml('<gpx></gpx>').fileError).toBe('The file is not KML');
    expect(readKml('<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>').fileError).toBe(
      'The file has no placemarks',
    );
  });
});

describe('GeoJSON import and export', () => {
  const row = (over: Partial<GeofenceRow>): GeofenceRow => ({
    polygonId: 1,
    unitId: 1,
    polyIndex: 0,
    pantauPoiId: null,
    polygonCode: 'POOL-CBT',
    polygonName: 'Pool Cibitung',
    notes: null,
    polygonType: 'polygon',
    category: 'pool',
    icon: null,
    color: '#1677ff',
    center: [107.095, -6.29],
    radius: null,
    width: null,
    boundary: [107.093, -6.292, 107.097, -6.288],
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [107.093, -6.292],
          [107.097, -6.292],
          [107.097, -6.288],
          [107.093, -6.292],
        ],
      ],
    },
    notifyEnter: true,
    notifyExit: false,
    aktif: true,
    createdAt: '2026-11-25T00:00:00.000Z',
    updatedAt: '2026-11-25T00:00:00.000Z',
    ...over,
  });

  it('reads back what it exports: circles with their radius, corridors with their width', () => {
    const rows = [
      row({}),
      row({
        polygonCode: 'DLR-BDG',
        polygonType: 'circle',
        category: 'dealer',
        center: [107.64, -6.943],
        radius: 250,
        geometry: { type: 'Point', coordinates: [107.64, -6.943] },
      }),
      row({
        polygonCode: 'JAPEK',
        polygonType: 'corridor',
        category: 'other',
        width: 600,
        geometry: {
          type: 'LineString',
          coordinates: [
            [107.274, -6.336],
            [107.334, -6.356],
          ],
        },
      }),
    ];
    const file = readGeoJson(JSON.stringify(toGeoJson(rows)));
    expect(file.fileError).toBeNull();
    const values = file.features.map((f) => (f.check.ok ? f.check.value : f.check.errors));
    expect(values).toMatchObject([
      {
        polygonCode: 'POOL-CBT',
        polygonType: 'polygon',
        category: 'pool',
        color: '#1677ff',
        notifyEnter: true,
      },
      {
        polygonCode: 'DLR-BDG',
        polygonType: 'circle',
        category: 'dealer',
        radius: 250,
        center: [107.64, -6.943],
      },
      { polygonCode: 'JAPEK', polygonType: 'corridor', width: 600 },
    ]);
  });

  it('flags a code used twice, and bad coordinates, per feature', () => {
    const feature = (code: string, coordinates: number[]) => ({
      type: 'Feature',
      properties: { code, name: code },
      geometry: { type: 'Point', coordinates },
    });
    const file = readGeoJson(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature('A', [107, -6]),
          feature('A', [107.1, -6]),
          feature('B', [190, -6]),
          feature('a', [107.2, -6]),
        ],
      }),
    );
    expect(file.features.map((f) => (f.check.ok ? 'ok' : f.check.errors))).toEqual([
      'ok',
      [{ path: 'polygonCode', message: 'Code A is also used by feature 1' }],
      [{ path: 'center.0', message: 'Longitude must be between -180 and 180' }],
      [{ path: 'polygonCode', message: 'Code a is also used by feature 1' }],
    ]);
  });

  it('names codes from names without clashing, and refuses what is not a FeatureCollection', () => {
    expect(codeFromName('Dealer Bandung (Jl. Soekarno-Hatta)')).toBe('DEALER-BANDUNG-JL-SOEKARNO-H');
    const named = readGeoJson(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [1, 2].map(() => ({
          type: 'Feature',
          properties: { name: 'Rest area' },
          geometry: { type: 'Point', coordinates: [107, -6] },
        })),
      }),
    );
    expect(named.features.map((f) => f.draft.polygonCode)).toEqual(['REST-AREA', 'REST-AREA-2']);
    expect(readGeoJson('{').fileError).toBe('The file is not valid JSON');
    expect(readGeoJson('{"type":"Polygon"}').fileError).toBe('The file is not a GeoJSON FeatureCollection');
  });
});
