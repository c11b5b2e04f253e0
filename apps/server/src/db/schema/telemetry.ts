import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { vehicles } from './vehicles.js';

/**
 * Every fix a tracker sent (DESIGN.md §6), appended in batches by the ingest pipeline.
 *
 * The primary key (vehicle_id, fix_time) is also the dedupe key (`ON CONFLICT DO NOTHING`) and the index
 * for a vehicle's time ranges (playback, reports). No surrogate id: nothing refers to a single position,
 * and an identity column would cost a sequence call per row.
 *
 * Partitioned by month of fix_time in UTC (`positions_2026_11`; migration 0008, db/partitions.ts). drizzle
 * cannot express partitioning: this is the column shape and key only, and the migration
 * makes the table partitioned. The key contains the partition column, as PostgreSQL requires. Anything
 * writing here other than the pipeline creates the months it writes first (`createMonths`).
 */
export const positions = pgTable(
  'positions',
  {
    /**
     * No foreign key (migration 0010): checking one costs each inserted row as much as the insert
     * itself. A trigger on `vehicles` deletes a removed vehicle's positions (docs/decisions.md).
     */
    vehicleId: integer('vehicle_id').notNull(),
    fixTime: timestamp('fix_time', { withTimezone: true }).notNull(),
    serverTime: timestamp('server_time', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** km/h */
    speed: real('speed').notNull(),
    course: real('course'),
    altitude: real('altitude'),
    satellites: smallint('satellites'),
    /** metres */
    accuracy: real('accuracy'),
    ignition: boolean('ignition'),
    valid: boolean('valid').notNull(),
    odometerKm: doublePrecision('odometer_km'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ name: 'positions_pkey', columns: [t.vehicleId, t.fixTime] })],
);

/**
 * One row per vehicle: its latest fix and what the pipeline derived from it. Dashboards, the live map
 * and `GET /api/tracking` read this instead of scanning positions; `rule_state` lets any instance
 * continue a vehicle's rules (DESIGN.md §1).
 */
export const vehicleState = pgTable('vehicle_state', {
  vehicleId: integer('vehicle_id')
    .primaryKey()
    .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
  fixTime: timestamp('fix_time', { withTimezone: true }).notNull(),
  serverTime: timestamp('server_time', { withTimezone: true }).notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  speed: real('speed').notNull(),
  course: real('course'),
  ignition: boolean('ignition'),
  valid: boolean('valid').notNull(),
  odometerKm: doublePrecision('odometer_km'),
  motion: text('motion', { enum: ['moving', 'idle', 'stopped', 'offline'] }).notNull(),
  gpsStatus: text('gps_status', { enum: ['on', 'off'] }).notNull(),
  /** Local (Asia/Jakarta) date the today_* counters belong to; a fix on a later day resets them. */
  day: date('day').notNull(),
  todayDistanceKm: doublePrecision('today_distance_km').notNull().default(0),
  todayEngineS: integer('today_engine_s').notNull().default(0),
  ruleState: jsonb('rule_state').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Raised by one on every write. An instance caching the state checks it before moving the vehicle on
   * and reads the row again when another instance wrote it since (docs/decisions.md).
   */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Trackers that reported but are registered to no vehicle; Administrators see the list. */
export const unknownTrackers = pgTable(
  'unknown_trackers',
  {
    trackerId: text('tracker_id').primaryKey(),
    protocol: text('protocol').notNull(),
    remoteAddress: text('remote_address'),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    messages: bigint('messages', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('unknown_trackers_last_seen_idx').on(t.lastSeen.desc())],
);
