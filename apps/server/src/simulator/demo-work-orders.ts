import { ACTIVE_WORK_ORDER_STATUSES } from '@pantau/contracts';
import { and, eq, inArray, isNull, like, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { geofences, routes, vehicles, workOrders } from '../db/schema/index.js';
import { demoGeofenceCodeAt } from '../db/seed/geography.js';
import { node } from './road-network.js';
import type { PlannedTrip, SimVehicle } from './vehicle-plan.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WIB = 7 * HOUR;

/** Who the load belongs to, by the plant it is loaded at. */
const customerOf: Record<string, string> = {
  sunter_tmmin: 'PT Toyota Motor Manufacturing Indonesia',
  kiic_tmmin: 'PT Toyota Motor Manufacturing Indonesia',
  sunter_adm: 'PT Astra Daihatsu Motor',
  adm_karawang: 'PT Astra Daihatsu Motor',
  hpm: 'PT Honda Prospect Motor',
  giic: 'PT Suzuki Indomobil Motor',
  suzuki_tambun: 'PT Suzuki Indomobil Motor',
  hyundai: 'PT Hyundai Motor Manufacturing Indonesia',
};

/** The run date an SPK plans: the half hour before the vehicle pulls out of its slot. */
export const runDateOf = (departAt: number) => Math.floor(departAt / (30 * MINUTE)) * 30 * MINUTE;

/** yymmdd of an instant in WIB: the demo's SPK numbers are one a vehicle a day. */
const wibDay = (t: number) => new Date(t + WIB).toISOString().slice(2, 10).replaceAll('-', '');

interface VehicleFacts {
  unitId: number;
  hull: string;
  vehicleClass: 'CC' | 'TRUCK';
  capacity: number | null;
  driverId: number | null;
  coDriverId: number | null;
}

interface RouteFacts {
  routeId: number;
  origin: number | null;
  destination: number | null;
  lead: number | null;
  circle: number | null;
}

/**
 * The demo fleet's work orders: every job the simulator drives is an SPK, made before the vehicle
 * leaves its pool (from the day's plan) on the route that joins its sites when the unit has one.
 * The SPKs are stored as the dispatcher would have made them (waiting); the matcher then works their
 * milestones, times and status out from the geofence visits the vehicle's positions leave.
 */
export function createDemoWorkOrders(deps: {
  db: Db;
  /** Works SPKs out from the stored visits (the work-orders matcher). */
  match: (workOrderIds: readonly number[]) => Promise<unknown>;
}) {
  const { db } = deps;
  let facts: {
    vehicles: Map<number, VehicleFacts>;
    geofenceIds: Map<string, number>;
    routes: Map<number, RouteFacts[]>;
  } | null = null;

  /** What the SPKs need from the units: the vehicles, geofences by code and routes (read once). */
  async function load() {
    if (facts) return facts;
    const [vs, gs, rs] = await Promise.all([
      db
        .select({
          vehicleId: vehicles.vehicleId,
          unitId: vehicles.unitId,
          hull: vehicles.hullNumber,
          vehicleClass: vehicles.vehicleClass,
          capacity: vehicles.capacity,
          driverId: vehicles.driverId,
          coDriverId: vehicles.coDriverId,
        })
        .from(vehicles),
      db
        .select({ geofenceId: geofences.geofenceId, unitId: geofences.unitId, code: geofences.code })
        .from(geofences)
        .where(eq(geofences.aktif, true)),
      db
        .select({
          routeId: routes.routeId,
          unitId: routes.unitId,
          origin: routes.originGeofenceId,
          destination: routes.destinationGeofenceId,
          lead: routes.leadTimeMinutes,
          circle: routes.circleTimeMinutes,
        })
        .from(routes)
        .where(eq(routes.aktif, true)),
    ]);
    const byUnit = new Map<number, RouteFacts[]>();
    for (const r of rs) byUnit.set(r.unitId, [...(byUnit.get(r.unitId) ?? []), r]);
    facts = {
      vehicles: new Map(vs.map((v) => [v.vehicleId, v])),
      geofenceIds: new Map(gs.map((g) => [`${g.unitId}:${g.code}`, g.geofenceId])),
      routes: byUnit,
    };
    return facts;
  }

  /** The unit's geofence at a road node (the site's yard), or null. */
  function geofenceAt(unitId: number, nodeId: string): number | null {
    const n = node(nodeId);
    const code = demoGeofenceCodeAt([n.lon, n.lat]);
    return code === null ? null : (facts!.geofenceIds.get(`${unitId}:${code}`) ?? null);
  }

  function rowOf(vehicle: SimVehicle, trip: PlannedTrip): typeof workOrders.$inferInsert | null {
    const v = facts!.vehicles.get(vehicle.vehicleId);
    // A job its tracker did not see has no milestones to find: the demo makes no SPK for it.
    if (!v || trip.trackerFault) return null;
    const origin = geofenceAt(v.unitId, trip.origin);
    const destination = geofenceAt(v.unitId, trip.destination);
    const route = (facts!.routes.get(v.unitId) ?? []).find(
      (r) => r.origin !== null && r.origin === origin && r.destination === destination,
    );
    const runAt = runDateOf(trip.departAt);
    const kind = v.vehicleClass === 'CC' ? 'ccr' : 'dt';
    const day = wibDay(runAt);
    const cars =
      v.vehicleClass === 'CC'
        ? Math.max(1, (v.capacity ?? 6) - (Math.floor(trip.departAt / MINUTE) % 3))
        : null;
    return {
      unitId: v.unitId,
      kind,
      spkNumber: `SPK-${v.hull}-${day}`,
      dtNumber: `DT-${v.hull}-${day}`,
      vehicleId: vehicle.vehicleId,
      driverId: v.driverId,
      coDriverId: v.coDriverId,
      routeId: route?.routeId ?? null,
      runAt: new Date(runAt),
      plannedEnd: new Date(runAt + (route?.circle ?? 24 * 60) * MINUTE),
      originGeofenceId: origin,
      destinationGeofenceId: destination,
      customer: customerOf[trip.origin] ?? null,
      loadCount: cars,
      loadDescription: cars === null ? 'Spare parts and components' : null,
      standardLeadMinutes: route?.lead ?? null,
      standardCircleMinutes: route?.circle ?? null,
    };
  }

  return {
    /**
     * Stores the SPKs of `trips` that are not stored yet (an SPK number is the vehicle and the day)
     * and answers the new ones' ids, oldest run date first.
     */
    async store(trips: { vehicle: SimVehicle; trip: PlannedTrip }[]): Promise<number[]> {
      await load();
      const rows = trips
        .map(({ vehicle, trip }) => rowOf(vehicle, trip))
        .filter((r): r is typeof workOrders.$inferInsert => r !== null)
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const made = await db
          .insert(workOrders)
          .values(rows.slice(i, i + 500))
          .onConflictDoNothing({ target: [workOrders.unitId, workOrders.spkNumber] })
          .returning({ id: workOrders.workOrderId });
        ids.push(...made.map((r) => r.id));
      }
      return ids;
    },

    /** Works the SPKs out (the matcher tells each unit once when statuses changed). */
    async match(ids: number[]): Promise<void> {
      if (ids.length) await deps.match(ids);
    },

    /**
     * Demo SPKs still open long after their planned end (the server was stopped during their trip, or
     * the GPS missed a milestone) are cancelled, as a dispatcher would close them, rather than stay the
     * vehicles' current SPKs.
     */
    async cancelStale(plannedEndBefore: Date): Promise<number> {
      const stale = await db
        .update(workOrders)
        .set({
          status: 'cancelled',
          statusChangedAt: new Date(),
          cancelReason: 'Closed by the dispatcher: the trip was not seen through to its end',
        })
        .where(
          and(
            inArray(workOrders.status, [...ACTIVE_WORK_ORDER_STATUSES]),
            isNull(workOrders.createdBy),
            lt(workOrders.plannedEnd, plannedEndBefore),
            like(workOrders.spkNumber, 'SPK-%'),
          ),
        )
        .returning({ id: workOrders.workOrderId });
      return stale.length;
    },
  };
}

export type DemoWorkOrders = ReturnType<typeof createDemoWorkOrders>;
