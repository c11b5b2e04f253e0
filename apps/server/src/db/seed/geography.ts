import type { GeofenceCategory, GeofenceInputDraft, LngLat, RouteInputDraft } from '@pantau/contracts';
import { GeofenceIndex } from '../../geo/geofence-index.js';
import { codeFromName } from '../../geo/geofence-files.js';
import { lineLengthKm, rulerAt } from '../../geo/polyline.js';
import { bboxOf } from '../../geo/polygon.js';
import { toShape } from '../../geo/shapes.js';
import { checkGeofence } from '../../geo/validate.js';
import { knownSites, type SiteKind } from '../../places/sites.js';
import { node, shortestPath } from '../../simulator/road-network.js';
import type { Db } from '../client.js';
import { geofences, routePoints, routes } from '../schema/index.js';

/**
 * The demo unit's geography: the real sites of research/domain.md §7.1 as geofences (pools, plants
 * and ports drawn as polygons around the yard, dealers, the distribution hub and rest areas as
 * circles) and the demo's trayeks of §7.2, their paths the roads the simulator drives.
 */

const categoryOf: Record<SiteKind, GeofenceCategory> = {
  pool: 'pool',
  plant: 'plant',
  port: 'port',
  dealer: 'dealer',
  hub: 'base',
  rest_area: 'rest_area',
};
/** Yard outlines, metres (east–west × north–south before turning). */
const polygonSize: Partial<Record<SiteKind, [number, number]>> = {
  pool: [400, 300],
  plant: [600, 450],
  port: [1200, 800],
};
const colorOf: Record<GeofenceCategory, string> = {
  pool: '#1677ff',
  base: '#2f54eb',
  plant: '#fa8c16',
  port: '#13c2c2',
  dealer: '#52c41a',
  rest_area: '#8c8c8c',
  workshop: '#eb2f96',
  other: '#722ed1',
};

/**
 * A yard outline around a centre: a `w` × `h` metre rectangle turned by `turnDeg`, one corner cut
 * off, as an operator would trace a fenced site on the map.
 */
export function yardOutline(center: LngLat, w: number, h: number, turnDeg: number): LngLat[] {
  const ruler = rulerAt(center[1]);
  const turn = (turnDeg * Math.PI) / 180;
  const corners: [number, number][] = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 4],
    [w / 4, h / 2],
    [-w / 2, h / 2],
  ];
  const ring = corners.map(([x, y]): LngLat => {
    const east = x * Math.cos(turn) - y * Math.sin(turn);
    const north = x * Math.sin(turn) + y * Math.cos(turn);
    const [lng, lat] = ruler.offset(center, east, north);
    return [Number(lng!.toFixed(6)), Number(lat!.toFixed(6))];
  });
  return [...ring, ring[0]!];
}

/** The geofences every demo unit starts with. */
export function demoGeofences(): GeofenceInputDraft[] {
  const sites = knownSites.map((site, i): GeofenceInputDraft => {
    const category = categoryOf[site.kind];
    const center: LngLat = [site.lon, site.lat];
    const size = polygonSize[site.kind];
    const common = {
      polygonCode: codeFromName(site.name),
      polygonName: site.name,
      polyIndex: i,
      category,
      color: colorOf[category],
      // Arrivals at a port or a dealer are worth a notification; pools and plants see every trip.
      notifyEnter: category === 'port' || category === 'dealer',
      notifyExit: false,
    };
    if (size)
      return {
        ...common,
        polygonType: 'polygon',
        geometry: { type: 'Polygon', coordinates: [yardOutline(center, size[0], size[1], (i * 7) % 20)] },
      };
    return { ...common, polygonType: 'circle', center, radius: site.radiusM };
  });
  // The GIIC estate at Deltamas holds the Suzuki, Mitsubishi and Wuling plants; car carriers load at
  // its gate (the simulator's GIIC stop), so the estate is a geofence of its own.
  const giic = node('giic');
  sites.push({
    polygonCode: 'KAWASAN-GIIC',
    polygonName: 'Kawasan Industri GIIC Deltamas',
    polyIndex: sites.length,
    category: 'plant',
    color: colorOf.plant,
    notes: 'Greenland International Industrial Center: Suzuki, Mitsubishi MMKI and Wuling plants',
    polygonType: 'polygon',
    geometry: { type: 'Polygon', coordinates: [yardOutline([giic.lon, giic.lat], 2400, 2000, 8)] },
  });
  return sites;
}

interface DemoRoute {
  /** Demo units (catalog keys) that run it. */
  units: readonly string[];
  code: string;
  name: string;
  from: string;
  to: string;
  leadTimeMinutes: number;
  circleTimeMinutes: number;
}

/** Trayeks of research/domain.md §7.2 with its suggested standard times, per demo unit. */
export const demoRoutes: readonly DemoRoute[] = [
  {
    units: ['sunter'],
    code: 'SNT-IPCC',
    name: 'TMMIN Sunter → IPC Car Terminal',
    from: 'sunter_tmmin',
    to: 'ipcc',
    leadTimeMinutes: 60,
    circleTimeMinutes: 240,
  },
  {
    units: ['sunter', 'karawang'],
    code: 'KIIC-IPCC',
    name: 'TMMIN Karawang (KIIC) → IPC Car Terminal',
    from: 'kiic_tmmin',
    to: 'ipcc',
    leadTimeMinutes: 150,
    circleTimeMinutes: 480,
  },
  {
    units: ['karawang', 'cikarang'],
    code: 'GIIC-BDG',
    name: 'GIIC Deltamas → Dealer Bandung',
    from: 'giic',
    to: 'dealer_bandung',
    leadTimeMinutes: 210,
    circleTimeMinutes: 600,
  },
  {
    units: ['karawang'],
    code: 'KIIC-PTB',
    name: 'TMMIN Karawang (KIIC) → Patimban Car Terminal',
    from: 'kiic_tmmin',
    to: 'patimban',
    leadTimeMinutes: 180,
    circleTimeMinutes: 540,
  },
  {
    units: ['cikarang'],
    code: 'GIIC-SMG',
    name: 'GIIC Deltamas → Dealer Semarang',
    from: 'giic',
    to: 'dealer_semarang',
    leadTimeMinutes: 540,
    circleTimeMinutes: 1440,
  },
];

/** The demo geofences checked, with their stored form. */
function checkedDemoGeofences() {
  return demoGeofences().map((draft) => {
    const check = checkGeofence(draft);
    if (!check.ok) throw new Error(`demo geofence ${String(draft.polygonCode)}: ${check.errors[0]?.message}`);
    return check;
  });
}

let demoIndexCache: GeofenceIndex<string> | null = null;
/** The demo geofences' codes, indexed for point lookups. */
function demoIndex(): GeofenceIndex<string> {
  demoIndexCache ??= new GeofenceIndex(
    checkedDemoGeofences().map(({ value, stored }) => ({
      value: value.polygonCode,
      shape: toShape({ ...stored, polygonType: value.polygonType }),
    })),
  );
  return demoIndexCache;
}

/** The code of the demo geofence at a point (the first that holds it), or null. */
export const demoGeofenceCodeAt = (p: LngLat): string | null => demoIndex().containing(p)[0] ?? null;

/** A demo route as the route form would send it, with the geofence codes of its ends. */
export function demoRouteInput(route: DemoRoute): {
  input: RouteInputDraft;
  originCode: string | null;
  destinationCode: string | null;
  waypointCodes: (string | null)[];
} {
  const codeAt = demoGeofenceCodeAt;
  const path = shortestPath(route.from, route.to);
  const coordinates = path.nodes.map((n): LngLat => [n.lon, n.lat]);
  const inner = path.nodes.slice(1, -1);
  return {
    input: {
      code: route.code,
      name: route.name,
      waypoints: inner.map((n) => ({ name: n.name, position: [n.lon, n.lat] })),
      path: { type: 'LineString', coordinates },
      corridorWidth: 1000,
      leadTimeMinutes: route.leadTimeMinutes,
      circleTimeMinutes: route.circleTimeMinutes,
    },
    originCode: codeAt(coordinates[0]!),
    destinationCode: codeAt(coordinates[coordinates.length - 1]!),
    waypointCodes: inner.map((n) => codeAt([n.lon, n.lat])),
  };
}

/** Inserts a demo unit's geofences and routes. */
export async function seedUnitGeography(db: Db, unitId: number, unitKey: string): Promise<void> {
  const rows = checkedDemoGeofences().map(({ value: g, stored: s }) => {
    return {
      unitId,
      polyIndex: g.polyIndex ?? 0,
      code: g.polygonCode,
      name: g.polygonName,
      notes: g.notes,
      shape: g.polygonType,
      category: g.category,
      color: g.color,
      centerLon: s.center[0],
      centerLat: s.center[1],
      radiusM: s.radius,
      widthM: s.width,
      geometry: s.geometry,
      minLon: s.boundary[0],
      minLat: s.boundary[1],
      maxLon: s.boundary[2],
      maxLat: s.boundary[3],
      notifyEnter: g.notifyEnter,
      notifyExit: g.notifyExit,
    };
  });
  const inserted = await db
    .insert(geofences)
    .values(rows)
    .returning({ geofenceId: geofences.geofenceId, code: geofences.code });
  const idOf = new Map(inserted.map((r) => [r.code, r.geofenceId]));
  const id = (code: string | null) => (code === null ? null : (idOf.get(code) ?? null));

  for (const route of demoRoutes.filter((r) => r.units.includes(unitKey))) {
    const { input, originCode, destinationCode, waypointCodes } = demoRouteInput(route);
    const coordinates = input.path!.coordinates as LngLat[];
    const box = bboxOf(coordinates);
    const [row] = await db
      .insert(routes)
      .values({
        unitId,
        code: input.code,
        name: input.name,
        originGeofenceId: id(originCode),
        destinationGeofenceId: id(destinationCode),
        path: { type: 'LineString', coordinates },
        corridorWidthM: input.corridorWidth ?? 1000,
        distanceKm: Number(lineLengthKm(coordinates).toFixed(2)),
        leadTimeMinutes: input.leadTimeMinutes ?? null,
        circleTimeMinutes: input.circleTimeMinutes ?? null,
        minLon: box[0],
        minLat: box[1],
        maxLon: box[2],
        maxLat: box[3],
      })
      .returning({ routeId: routes.routeId });
    const waypoints = input.waypoints ?? [];
    if (waypoints.length > 0)
      await db.insert(routePoints).values(
        waypoints.map((w, seq) => ({
          routeId: row!.routeId,
          seq,
          name: w.name ?? null,
          lon: w.position[0],
          lat: w.position[1],
          geofenceId: id(waypointCodes[seq] ?? null),
        })),
      );
  }
}
