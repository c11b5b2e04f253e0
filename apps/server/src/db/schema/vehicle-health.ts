import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { units } from './units.js';
import { users } from './users.js';
import { drivers, vehicles } from './vehicles.js';

// A vehicle's health and readiness (domain research §3.1, §4): maintenance work orders, incidents and
// the daily pre-trip check (P2H), and the availability category it was in, over time.

export const maintenanceOrders = pgTable(
  'maintenance_orders',
  {
    maintenanceId: integer('maintenance_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['preventive', 'corrective', 'breakdown', 'inspection', 'kir'] }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('maintenance_orders_vehicle_idx').on(t.vehicleId, t.openedAt.desc())],
);

export const incidents = pgTable(
  'incidents',
  {
    incidentId: integer('incident_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['accident', 'theft', 'other'] }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('incidents_vehicle_idx').on(t.vehicleId, t.openedAt.desc())],
);

/** P2H: the pre-trip check of a vehicle, started, then passed or held by its defects. */
export const pretripChecks = pgTable(
  'pretrip_checks',
  {
    checkId: integer('check_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    driverId: integer('driver_id').references(() => drivers.driverId, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    defects: jsonb('defects').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
  },
  (t) => [index('pretrip_checks_vehicle_idx').on(t.vehicleId, t.startedAt.desc())],
);

/** The availability category of each vehicle over time; the open row (`until` null) is the current one. */
export const availabilityHistory = pgTable(
  'availability_history',
  {
    historyId: integer('history_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    reason: text('reason').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
  },
  (t) => [
    index('availability_history_vehicle_idx').on(t.vehicleId, t.since),
    index('availability_history_unit_idx').on(t.unitId, t.since),
    uniqueIndex('availability_history_open_unique')
      .on(t.vehicleId)
      .where(sql`${t.until} IS NULL`),
  ],
);
