import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { createTestDatabase } from '../../test/test-db.js';
import { geofences, geofenceVisits, routePoints, routes, units, vehicles } from '../schema/index.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('seeded geography (migration 0004)', () => {
  it('gives every demo unit the real sites and its routes', async () => {
    const { db } = database;
    const unitRows = await db.select().from(units).orderBy(units.unitId);
    const perUnit = [];
    for (const unit of unitRows) {
      const [g] = await db.select({ n: count() }).from(geofences).where(eq(geofences.unitId, unit.unitId));
      const [r] = await db.select({ n: count() }).from(routes).where(eq(routes.unitId, unit.unitId));
      perUnit.push({ unitName: unit.unitName, geofences: g!.n, routes: r!.n });
    }
    expect(perUnit).toEqual([
      { unitName: 'CC Jakarta – Sunter', geofences: 30, routes: 2 },
      { unitName: 'CC Karawang', geofences: 30, routes: 3 },
      { unitName: 'Truck Cikarang', geofences: 30, routes: 2 },
    ]);
    const [route] = await db.select().from(routes).where(eq(routes.code, 'GIIC-BDG')).limit(1);
    expect(route).toMatchObject({ corridorWidthM: 1000, leadTimeMinutes: 210, circleTimeMinutes: 600 });
    expect(route!.distanceKm).toBeGreaterThan(100);
    expect(route!.path.type).toBe('LineString');
    const [origin] = await db
      .select()
      .from(geofences)
      .where(eq(geofences.geofenceId, route!.originGeofenceId!));
    expect(origin).toMatchObject({ code: 'KAWASAN-GIIC', shape: 'polygon', category: 'plant' });
    const points = await db.select().from(routePoints).where(eq(routePoints.routeId, route!.routeId));
    expect(points.map((p) => p.seq)).toEqual(points.map((_, i) => i));
  });

  it('keeps geofence codes unique per unit and one open visit per vehicle and geofence', async () => {
    const { db } = database;
    const [pool] = await db.select().from(geofences).where(eq(geofences.code, 'POOL-CIBITUNG')).limit(1);
    const copy = { ...pool!, geofenceId: undefined };
    await expect(db.insert(geofences).values(copy)).rejects.toThrow();
    const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.unitId, pool!.unitId)).limit(1);
    const visit = {
      unitId: pool!.unitId,
      vehicleId: vehicle!.vehicleId,
      geofenceId: pool!.geofenceId,
      enterTime: new Date('2026-11-25T01:00:00Z'),
    };
    await db.insert(geofenceVisits).values(visit);
    await expect(db.insert(geofenceVisits).values(visit)).rejects.toThrow();
    await db
      .update(geofenceVisits)
      .set({ open: false, exitTime: new Date('2026-11-25T02:00:00Z'), durationS: 3600 })
      .where(and(eq(geofenceVisits.vehicleId, vehicle!.vehicleId), eq(geofenceVisits.open, true)));
    await db.insert(geofenceVisits).values({ ...visit, enterTime: new Date('2026-11-25T03:00:00Z') });
    const rows = await db
      .select()
      .from(geofenceVisits)
      .where(eq(geofenceVisits.vehicleId, vehicle!.vehicleId));
    expect(rows.map((r) => r.open).sort()).toEqual([false, true]);
  });
});
