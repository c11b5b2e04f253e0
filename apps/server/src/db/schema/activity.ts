import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { units } from './units.js';
import { vehicles } from './vehicles.js';

// What the trips derivation (rules/trips.ts) keeps of each vehicle's movement, so reports never rescan
// positions: trips, stops and the vehicle's local days. An open row (the trip or stop under way, the
// day not over) is rewritten as it grows; a closed one is final. Kept by ingest/activity-store.ts.

/** A trip: from the end of one stop to the start of the next. */
export const trips = pgTable(
  'trips',
  {
    tripId: integer('trip_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The stop it ended at began; while open, the latest fix. */
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    open: boolean('open').notNull(),
    startLat: doublePrecision('start_lat').notNull(),
    startLon: doublePrecision('start_lon').notNull(),
    endLat: doublePrecision('end_lat').notNull(),
    endLon: doublePrecision('end_lon').notNull(),
    distanceM: doublePrecision('distance_m').notNull(),
    drivingS: integer('driving_s').notNull(),
    idleS: integer('idle_s').notNull(),
    maxSpeed: real('max_speed').notNull(),
    /** Halts shorter than a stop (red lights, queues). */
    halts: integer('halts').notNull(),
  },
  (t) => [
    uniqueIndex('trips_vehicle_started_idx').on(t.vehicleId, t.startedAt),
    index('trips_unit_started_idx').on(t.unitId, t.startedAt),
  ],
);

/** A stop: standing still for the stop threshold or longer (ignition off or not). */
export const stops = pgTable(
  'stops',
  {
    stopId: integer('stop_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The next trip began; while open, the latest fix. */
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    open: boolean('open').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** Seconds standing with the ignition on. */
    idleS: integer('idle_s').notNull(),
  },
  (t) => [
    uniqueIndex('stops_vehicle_started_idx').on(t.vehicleId, t.startedAt),
    index('stops_unit_started_idx').on(t.unitId, t.startedAt),
  ],
);

/** A vehicle's local day (its unit's zone): the detail activity row, without what is counted per query. */
export const activityDays = pgTable(
  'activity_days',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    distanceM: doublePrecision('distance_m').notNull(),
    drivingS: integer('driving_s').notNull(),
    idleS: integer('idle_s').notNull(),
    engineS: integer('engine_s').notNull(),
    firstMoveAt: timestamp('first_move_at', { withTimezone: true }),
    lastMoveAt: timestamp('last_move_at', { withTimezone: true }),
    maxSpeed: real('max_speed').notNull(),
    /** The day is over (a later day followed it). */
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'activity_days_pkey', columns: [t.vehicleId, t.day] }),
    index('activity_days_unit_day_idx').on(t.unitId, t.day),
  ],
);
