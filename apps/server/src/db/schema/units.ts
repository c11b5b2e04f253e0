import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** A fleet unit (business line or branch); users hold a role per unit. */
export const units = pgTable('units', {
  unitId: integer('unit_id').primaryKey().generatedAlwaysAsIdentity(),
  unitName: text('unit_name').notNull().unique(),
  address: text('address'),
  phone: text('phone'),
  /** The unit's local time zone (reports and "today" counters); Indonesia has three. */
  timeZone: text('time_zone').notNull().default('Asia/Jakarta'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A named group of vehicles within a unit; a vehicle can be in several. */
export const fleets = pgTable(
  'fleets',
  {
    fleetId: integer('fleet_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    fleetName: text('fleet_name').notNull(),
  },
  (t) => [unique('fleets_unit_name_unique').on(t.unitId, t.fleetName)],
);
