import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACTIVE_WORK_ORDER_STATUSES,
  WORK_ORDER_STATUSES,
  type WorkOrderSearchQuery,
  type WorkOrderStatus,
} from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import {
  drivers,
  geofences,
  routes,
  users,
  vehicleFleets,
  vehicles,
  workOrderKinds,
  workOrderMilestones,
  workOrders,
} from '../../db/schema/index.js';
import { containing } from '../kit/list-query.js';

export type WorkOrderValues = typeof workOrders.$inferInsert;
export type StoredWorkOrder = typeof workOrders.$inferSelect;
export type StoredMilestone = typeof workOrderMilestones.$inferSelect;

const coDrivers = alias(drivers, 'co_drivers');
const origins = alias(geofences, 'origins');
const destinations = alias(geofences, 'destinations');
const changers = alias(users, 'changers');

/** The columns of a list row: the SPK and the names it refers to. */
const rowColumns = {
  order: workOrders,
  plate: vehicles.plateNumber,
  hull: vehicles.hullNumber,
  driverName: drivers.name,
  coDriverName: coDrivers.name,
  routeCode: routes.code,
  routeName: routes.name,
  originName: origins.name,
  destinationName: destinations.name,
  changedBy: changers.username,
};

type Filters = Partial<Omit<WorkOrderSearchQuery, 'Take' | 'Skip' | 'sortBy' | 'sortDir'>>;

const statusesOf = (s: string | undefined): WorkOrderStatus[] =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x): x is WorkOrderStatus => (WORK_ORDER_STATUSES as readonly string[]).includes(x));

const sortColumns = {
  runDate: workOrders.runAt,
  spkNumber: workOrders.spkNumber,
  dtNumber: workOrders.dtNumber,
  status: workOrders.status,
  nomorPolisi: vehicles.plateNumber,
  trayekCode: routes.code,
  actualLeadMinutes: workOrders.actualLeadMinutes,
  actualCircleMinutes: workOrders.actualCircleMinutes,
  overLeadMinutes: workOrders.overLeadMinutes,
  overCircleMinutes: workOrders.overCircleMinutes,
} as const;

export function createWorkOrdersRepo(db: Db) {
  function whereOf(unitId: number, f: Filters): SQL | undefined {
    const search = f.search ? containing(f.search) : null;
    const statuses = statusesOf(f.status);
    return and(
      eq(workOrders.unitId, unitId),
      f.kind ? eq(workOrders.kind, f.kind) : undefined,
      statuses.length ? inArray(workOrders.status, statuses) : undefined,
      f.kendaraanId ? eq(workOrders.vehicleId, f.kendaraanId) : undefined,
      f.pengemudiId
        ? sql`(${workOrders.driverId} = ${f.pengemudiId} or ${workOrders.coDriverId} = ${f.pengemudiId})`
        : undefined,
      f.trayekId ? eq(workOrders.routeId, f.trayekId) : undefined,
      f.fleetId
        ? sql`exists (select 1 from ${vehicleFleets} vf where vf.vehicle_id = ${workOrders.vehicleId} and vf.fleet_id = ${f.fleetId})`
        : undefined,
      f.from ? sql`${workOrders.runAt} >= ${f.from}::timestamptz` : undefined,
      f.to ? sql`${workOrders.runAt} < ${f.to}::timestamptz` : undefined,
      f.anomaly === undefined
        ? undefined
        : f.anomaly
          ? gt(workOrders.anomalyCount, 0)
          : eq(workOrders.anomalyCount, 0),
      f.kosongan === undefined ? undefined : eq(workOrders.kosongan, f.kosongan),
      search
        ? sql`(${workOrders.spkNumber} ilike ${search} or ${workOrders.dtNumber} ilike ${search}
            or ${vehicles.plateNumber} ilike ${search} or ${vehicles.hullNumber} ilike ${search}
            or ${workOrders.customer} ilike ${search} or ${routes.code} ilike ${search})`
        : undefined,
    );
  }

  const selectRows = (tx: Db = db) =>
    tx
      .select(rowColumns)
      .from(workOrders)
      .innerJoin(vehicles, eq(vehicles.vehicleId, workOrders.vehicleId))
      .leftJoin(drivers, eq(drivers.driverId, workOrders.driverId))
      .leftJoin(coDrivers, eq(coDrivers.driverId, workOrders.coDriverId))
      .leftJoin(routes, eq(routes.routeId, workOrders.routeId))
      .leftJoin(origins, eq(origins.geofenceId, workOrders.originGeofenceId))
      .leftJoin(destinations, eq(destinations.geofenceId, workOrders.destinationGeofenceId))
      .leftJoin(changers, eq(changers.userId, workOrders.statusChangedBy));

  return {
    /** One page of the unit's SPKs matching the filters, and how many match. */
    async search(unitId: number, q: WorkOrderSearchQuery) {
      const where = whereOf(unitId, q);
      const [total] = await db
        .select({ n: count() })
        .from(workOrders)
        .innerJoin(vehicles, eq(vehicles.vehicleId, workOrders.vehicleId))
        .leftJoin(routes, eq(routes.routeId, workOrders.routeId))
        .where(where);
      const dir = q.sortDir === 'descend' ? desc : asc;
      const rows = await selectRows()
        .where(where)
        .orderBy(dir(sortColumns[q.sortBy]), dir(workOrders.workOrderId))
        .limit(q.Take)
        .offset(q.Skip);
      return { total: total?.n ?? 0, rows };
    },

    /** Every SPK matching the filters, in pages of `pageSize` (the export). */
    async *all(
      unitId: number,
      q: Filters & Pick<WorkOrderSearchQuery, 'sortBy' | 'sortDir'>,
      pageSize = 1000,
    ) {
      const dir = q.sortDir === 'descend' ? desc : asc;
      for (let skip = 0; ; skip += pageSize) {
        const rows = await selectRows()
          .where(whereOf(unitId, q))
          .orderBy(dir(sortColumns[q.sortBy]), dir(workOrders.workOrderId))
          .limit(pageSize)
          .offset(skip);
        if (rows.length) yield rows;
        if (rows.length < pageSize) return;
      }
    },

    async findOfUnit(unitId: number, workOrderId: number, tx: Db = db) {
      const [row] = await selectRows(tx).where(
        and(eq(workOrders.unitId, unitId), eq(workOrders.workOrderId, workOrderId)),
      );
      return row;
    },

    async byId(workOrderId: number, tx: Db = db) {
      const [row] = await selectRows(tx).where(eq(workOrders.workOrderId, workOrderId));
      return row;
    },

    /** The vehicles' active SPKs (the earliest run date first), as list rows. */
    currentOf(unitId: number, vehicleIds?: number[]) {
      return selectRows()
        .where(
          and(
            eq(workOrders.unitId, unitId),
            inArray(workOrders.status, [...ACTIVE_WORK_ORDER_STATUSES]),
            vehicleIds ? inArray(workOrders.vehicleId, vehicleIds) : undefined,
          ),
        )
        .orderBy(asc(workOrders.vehicleId), asc(workOrders.runAt), asc(workOrders.workOrderId));
    },

    milestonesOf(workOrderId: number, tx: Db = db) {
      return tx
        .select({ m: workOrderMilestones, geofenceName: geofences.name, correctedByName: users.username })
        .from(workOrderMilestones)
        .leftJoin(geofences, eq(geofences.geofenceId, workOrderMilestones.geofenceId))
        .leftJoin(users, eq(users.userId, workOrderMilestones.correctedBy))
        .where(eq(workOrderMilestones.workOrderId, workOrderId));
    },

    async insert(values: WorkOrderValues, tx: Db = db) {
      const [row] = await tx.insert(workOrders).values(values).returning({ id: workOrders.workOrderId });
      return row!.id;
    },

    async update(workOrderId: number, values: Partial<WorkOrderValues>, tx: Db = db) {
      await tx
        .update(workOrders)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(workOrders.workOrderId, workOrderId));
    },

    /** The other non-cancelled SPKs of the unit whose planned period overlaps [from, to) and that name one of these. */
    overlapping(
      unitId: number,
      who: { vehicleId?: number; driverIds?: number[] },
      from: Date,
      to: Date,
      exceptId: number | null,
      tx: Db = db,
    ) {
      const holders: SQL[] = [];
      if (who.vehicleId) holders.push(eq(workOrders.vehicleId, who.vehicleId));
      for (const d of who.driverIds ?? [])
        holders.push(sql`(${workOrders.driverId} = ${d} or ${workOrders.coDriverId} = ${d})`);
      if (holders.length === 0) return Promise.resolve([]);
      return tx
        .select({
          workOrderId: workOrders.workOrderId,
          spkNumber: workOrders.spkNumber,
          vehicleId: workOrders.vehicleId,
          driverId: workOrders.driverId,
          coDriverId: workOrders.coDriverId,
        })
        .from(workOrders)
        .where(
          and(
            eq(workOrders.unitId, unitId),
            ne(workOrders.status, 'cancelled'),
            exceptId === null ? undefined : ne(workOrders.workOrderId, exceptId),
            lt(workOrders.runAt, to),
            gt(workOrders.plannedEnd, from),
            sql`(${sql.join(holders, sql` or `)})`,
          ),
        );
    },

    async spkNumberHolder(unitId: number, spkNumber: string, exceptId: number | null, tx: Db = db) {
      const [row] = await tx
        .select({ workOrderId: workOrders.workOrderId })
        .from(workOrders)
        .where(
          and(
            eq(workOrders.unitId, unitId),
            sql`lower(${workOrders.spkNumber}) = lower(${spkNumber})`,
            exceptId === null ? undefined : ne(workOrders.workOrderId, exceptId),
          ),
        );
      return row;
    },

    async vehicleOfUnit(unitId: number, vehicleId: number, tx: Db = db) {
      const [row] = await tx
        .select({
          vehicleId: vehicles.vehicleId,
          plate: vehicles.plateNumber,
          aktif: vehicles.aktif,
          kirDue: vehicles.kirDue,
          stnkDue: vehicles.stnkDue,
        })
        .from(vehicles)
        .where(and(eq(vehicles.unitId, unitId), eq(vehicles.vehicleId, vehicleId)));
      return row;
    },

    driversOfUnit(unitId: number, driverIds: number[], tx: Db = db) {
      if (driverIds.length === 0) return Promise.resolve([]);
      return tx
        .select({
          driverId: drivers.driverId,
          name: drivers.name,
          aktif: drivers.aktif,
          licenceExpiry: drivers.licenceExpiry,
        })
        .from(drivers)
        .where(and(eq(drivers.unitId, unitId), inArray(drivers.driverId, driverIds)));
    },

    async routeOfUnit(unitId: number, routeId: number, tx: Db = db) {
      const [row] = await tx
        .select({
          routeId: routes.routeId,
          aktif: routes.aktif,
          originGeofenceId: routes.originGeofenceId,
          destinationGeofenceId: routes.destinationGeofenceId,
          leadTimeMinutes: routes.leadTimeMinutes,
          circleTimeMinutes: routes.circleTimeMinutes,
        })
        .from(routes)
        .where(and(eq(routes.unitId, unitId), eq(routes.routeId, routeId)));
      return row;
    },

    async geofencesOfUnit(unitId: number, ids: number[], tx: Db = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ geofenceId: geofences.geofenceId })
        .from(geofences)
        .where(and(eq(geofences.unitId, unitId), inArray(geofences.geofenceId, ids)));
    },

    kindsOf(unitId: number) {
      return db.select().from(workOrderKinds).where(eq(workOrderKinds.unitId, unitId));
    },

    async setKinds(
      unitId: number,
      kinds: { kind: 'ccr' | 'dt'; label: string; description: string | null }[],
      tx: Db = db,
    ) {
      for (const k of kinds)
        await tx
          .insert(workOrderKinds)
          .values({ unitId, ...k })
          .onConflictDoUpdate({
            target: [workOrderKinds.unitId, workOrderKinds.kind],
            set: { label: k.label, description: k.description },
          });
    },
  };
}

export type WorkOrdersRepo = ReturnType<typeof createWorkOrdersRepo>;
