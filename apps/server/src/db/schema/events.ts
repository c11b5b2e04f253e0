import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { units } from './units.js';
import { drivers, vehicles } from './vehicles.js';

/** Every detected event (overspeed, overstop, overroute, ignition_on/off, gps_lost, alarm …); notifications read it. */
export const events = pgTable(
  'events',
  {
    eventId: integer('event_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    driverId: integer('driver_id').references(() => drivers.driverId, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationS: integer('duration_s'),
    maxValue: doublePrecision('max_value'),
    limitValue: doublePrecision('limit_value'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    location: text('location'),
    /** Identifies an interval across its start and end (the rule's key, e.g. `overspeed`); null for old rows. */
    eventKey: text('event_key'),
    /** An interval still going on (an over-speed not yet ended); its end closes it. */
    open: boolean('open').notNull().default(false),
    /** Extra facts from the rule: alarm kind, stop minutes … */
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_unit_started_idx').on(t.unitId, t.startedAt.desc()),
    index('events_vehicle_started_idx').on(t.vehicleId, t.startedAt.desc()),
    index('events_open_idx')
      .on(t.vehicleId, t.eventKey)
      .where(sql`${t.open}`),
  ],
);
