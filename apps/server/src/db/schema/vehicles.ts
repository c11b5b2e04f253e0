import {
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fleets, units } from './units.js';

export const brands = pgTable('brands', {
  brandId: integer('brand_id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
});

export const vehicleTypes = pgTable(
  'vehicle_types',
  {
    vehicleTypeId: integer('vehicle_type_id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.brandId),
    name: text('name').notNull(),
  },
  (t) => [unique('vehicle_types_brand_name_unique').on(t.brandId, t.name)],
);

/** The spec's vehicle report row (kendaraan), snake_case. */
export const vehicles = pgTable(
  'vehicles',
  {
    vehicleId: integer('vehicle_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    /** pantauKendaraanId: the tracker's IMEI / OsmAnd id. */
    trackerId: text('tracker_id').notNull().unique(),
    registrationNumber: text('registration_number'),
    /** nomorPolisi, e.g. `B 9471 UEY`. */
    plateNumber: text('plate_number').notNull(),
    /** nomorKendaraan, the hull number, e.g. `CC-017`. */
    hullNumber: text('hull_number').notNull(),
    brandId: integer('brand_id').references(() => brands.brandId),
    vehicleTypeId: integer('vehicle_type_id').references(() => vehicleTypes.vehicleTypeId),
    vehicleClass: text('vehicle_class', { enum: ['CC', 'TRUCK'] }).notNull(),
    capacity: integer('capacity'),
    /** Customer the unit is contracted to exclusively; null for a pool unit. */
    dedicatedCustomer: text('dedicated_customer'),
    pool: text('pool'),
    erpOdometer: doublePrecision('erp_odometer'),
    gpsOdometer: doublePrecision('gps_odometer'),
    year: integer('year'),
    notes: text('notes'),
    icon: text('icon'),
    engineHour: doublePrecision('engine_hour'),
    odometer: doublePrecision('odometer'),
    gsmNumber: text('gsm_number'),
    smsAlert: boolean('sms_alert').notNull().default(false),
    speedLimit: doublePrecision('speed_limit'),
    stnkDue: date('stnk_due'),
    kirDue: date('kir_due'),
    aktif: boolean('aktif').notNull().default(true),
    /** The driver assigned to the vehicle (driver 1); events and tracking carry them. */
    driverId: integer('driver_id').references((): AnyPgColumn => drivers.driverId, { onDelete: 'set null' }),
    /** Second driver on long car-carrier runs (driver 2). */
    coDriverId: integer('co_driver_id').references((): AnyPgColumn => drivers.driverId, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('vehicles_unit_hull_unique').on(t.unitId, t.hullNumber),
    // A plate is national: no two vehicles anywhere carry the same one.
    unique('vehicles_plate_unique').on(t.plateNumber),
  ],
);

export const vehicleFleets = pgTable(
  'vehicle_fleets',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    fleetId: integer('fleet_id')
      .notNull()
      .references(() => fleets.fleetId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.fleetId] })],
);

/** Pengemudi. */
export const drivers = pgTable(
  'drivers',
  {
    driverId: integer('driver_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    name: text('name').notNull(),
    /** Nomor induk karyawan (NIK), unique within the unit. */
    employeeNumber: text('employee_number').notNull(),
    /** SIM B1 Umum (rigid) or SIM B2 Umum (articulated). */
    licenceClass: text('licence_class').notNull(),
    licenceExpiry: date('licence_expiry'),
    /** E.164, e.g. +6281287654321. */
    phone: text('phone'),
    aktif: boolean('aktif').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('drivers_unit_employee_number_unique').on(t.unitId, t.employeeNumber)],
);
