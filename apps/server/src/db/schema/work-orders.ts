import type { Anomaly } from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { geofences, routes } from './geography.js';
import { units } from './units.js';
import { users } from './users.js';
import { drivers, vehicles } from './vehicles.js';

// Work orders (SPK, spec §2 SPK group; domain research §1–§3): a planned trip of a vehicle on a route,
// its milestones (detected from geofence visits or corrected by hand) and what follows from them.

/** The unit's labels of the two kinds (CCR, DT); their meaning is the operator's. */
export const workOrderKinds = pgTable(
  'work_order_kinds',
  {
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    kind: text('kind', { enum: ['ccr', 'dt'] }).notNull(),
    label: text('label').notNull(),
    description: text('description'),
  },
  (t) => [primaryKey({ name: 'work_order_kinds_pkey', columns: [t.unitId, t.kind] })],
);

export const workOrders = pgTable(
  'work_orders',
  {
    workOrderId: integer('work_order_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    kind: text('kind', { enum: ['ccr', 'dt'] }).notNull(),
    spkNumber: text('spk_number').notNull(),
    dtNumber: text('dt_number'),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    driverId: integer('driver_id').references(() => drivers.driverId, { onDelete: 'set null' }),
    coDriverId: integer('co_driver_id').references(() => drivers.driverId, { onDelete: 'set null' }),
    routeId: integer('route_id').references(() => routes.routeId, { onDelete: 'set null' }),
    /** Planned departure (the run date). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** End of the planned period: run date + standard circle time (or a day); overlaps are refused. */
    plannedEnd: timestamp('planned_end', { withTimezone: true }).notNull(),
    originGeofenceId: integer('origin_geofence_id').references(() => geofences.geofenceId, {
      onDelete: 'set null',
    }),
    destinationGeofenceId: integer('destination_geofence_id').references(() => geofences.geofenceId, {
      onDelete: 'set null',
    }),
    customer: text('customer'),
    loadCount: integer('load_count'),
    loadDescription: text('load_description'),
    kosongan: boolean('kosongan').notNull().default(false),
    notes: text('notes'),
    status: text('status', { enum: ['waiting', 'on_progress', 'abnormal', 'done', 'cancelled'] })
      .notNull()
      .default('waiting'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null when the milestones moved the status. */
    statusChangedBy: integer('status_changed_by').references(() => users.userId, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** Standard times, copied from the route when the SPK is saved (what was agreed at dispatch). */
    standardLeadMinutes: integer('standard_lead_minutes'),
    standardCircleMinutes: integer('standard_circle_minutes'),
    /** The milestones' times (work_order_milestones holds their sources), for lists and sorting. */
    outPoolAt: timestamp('out_pool_at', { withTimezone: true }),
    arriveLoadingAt: timestamp('arrive_loading_at', { withTimezone: true }),
    exitLoadingAt: timestamp('exit_loading_at', { withTimezone: true }),
    enterUnloadingAt: timestamp('enter_unloading_at', { withTimezone: true }),
    exitUnloadingAt: timestamp('exit_unloading_at', { withTimezone: true }),
    enterPoolAt: timestamp('enter_pool_at', { withTimezone: true }),
    actualLeadMinutes: integer('actual_lead_minutes'),
    actualCircleMinutes: integer('actual_circle_minutes'),
    overLeadMinutes: integer('over_lead_minutes'),
    overCircleMinutes: integer('over_circle_minutes'),
    anomalies: jsonb('anomalies').$type<Anomaly[]>().notNull().default([]),
    anomalyCount: integer('anomaly_count').notNull().default(0),
    /** When the milestones were last worked out. */
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('work_orders_unit_spk_number_unique').on(t.unitId, t.spkNumber),
    index('work_orders_unit_kind_run_idx').on(t.unitId, t.kind, t.runAt.desc()),
    index('work_orders_vehicle_run_idx').on(t.vehicleId, t.runAt),
    index('work_orders_active_idx')
      .on(t.vehicleId)
      .where(sql`${t.status} IN ('waiting', 'on_progress', 'abnormal')`),
  ],
);

/** A milestone's time and where it came from; a manual correction keeps the detected time beside it. */
export const workOrderMilestones = pgTable(
  'work_order_milestones',
  {
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.workOrderId, { onDelete: 'cascade' }),
    milestone: text('milestone', {
      enum: ['out_pool', 'arrive_loading', 'exit_loading', 'enter_unloading', 'exit_unloading', 'enter_pool'],
    }).notNull(),
    /** The detected time (null: not detected). */
    detectedAt: timestamp('detected_at', { withTimezone: true }),
    geofenceId: integer('geofence_id').references(() => geofences.geofenceId, { onDelete: 'set null' }),
    /** An Administrator's correction; `corrected` with a null time clears the milestone. */
    corrected: boolean('corrected').notNull().default(false),
    /** The corrected time. */
    manualAt: timestamp('manual_at', { withTimezone: true }),
    correctedBy: integer('corrected_by').references(() => users.userId, { onDelete: 'set null' }),
    /** When the correction was made. */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'work_order_milestones_pkey', columns: [t.workOrderId, t.milestone] })],
);
