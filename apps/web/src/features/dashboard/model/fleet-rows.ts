import type {
  TrackingItem,
  VehicleRow,
  WorkOrderKind,
  WorkOrderRow,
  WorkOrderStatus,
} from '@pantau/contracts';
import type { DriverStatusKey } from '../../../lib/work-order-labels';

/**
 * What the driver of a vehicle is doing, from its current SPK: on a trip while it is on progress or
 * abnormal, assigned while it waits to leave, available without an SPK (docs/decisions.md).
 */
export type DriverStatus = DriverStatusKey;

export function driverStatusOf(status: WorkOrderStatus | null | undefined): DriverStatus {
  if (status === 'on_progress' || status === 'abnormal') return 'onTrip';
  if (status === 'waiting') return 'assigned';
  return 'available';
}

/** The columns of the vehicle table that come from the vehicle's current SPK. */
export interface FleetOrder {
  spkId: number;
  spkNumber: string;
  kind: WorkOrderKind;
  status: WorkOrderStatus;
  kosongan: boolean;
  /** Out of the pool, else the planned run date (`departurePlanned`). */
  departure: string;
  departurePlanned: boolean;
  etaToBase: string | null;
  customer: string | null;
  destination: string | null;
}

export const fleetOrderOf = (o: WorkOrderRow): FleetOrder => ({
  spkId: o.spkId,
  spkNumber: o.spkNumber,
  kind: o.kind,
  status: o.status,
  kosongan: o.kosongan,
  departure: o.outPoolAt ?? o.runDate,
  departurePlanned: o.outPoolAt === null,
  etaToBase: o.etaToBase,
  customer: o.customer,
  destination: o.destinationName,
});

/** One line of the dashboard's vehicle table: the live state joined with the vehicle's record. */
export interface FleetRow {
  kendaraanId: number;
  nomorPolisi: string;
  nomorKendaraan: string;
  /** Base: the vehicle's pool. */
  pool: string | null;
  /** Customer the unit is dedicated to, or null for a pool unit. */
  dedicated: string | null;
  tipe: string | null;
  gpsStatus: TrackingItem['gpsStatus'] | null;
  ignition: boolean | null;
  motion: TrackingItem['motion'];
  /** The SPK's driver 1, else the vehicle's assigned driver. */
  driver: string | null;
  driverStatus: DriverStatus;
  /** The current SPK, or null. */
  order: FleetOrder | null;
  fixTime: string | null;
  location: string | null;
  place: TrackingItem['place'];
  lat: number | null;
  lon: number | null;
}

/**
 * Joins the live tracking items with the vehicle rows and the current SPKs by kendaraanId. Every
 * vehicle of either list gives one row: a registered vehicle that never reported is still in the
 * table (no data).
 */
export function joinFleetRows(
  tracking: readonly TrackingItem[],
  vehicles: readonly VehicleRow[],
  orders: ReadonlyMap<number, WorkOrderRow> = new Map(),
): FleetRow[] {
  const records = new Map(vehicles.map((v) => [v.kendaraanId, v]));
  const withOrder = (kendaraanId: number, driver: string | null) => {
    const o = orders.get(kendaraanId);
    return {
      driver: o?.pengemudiName ?? driver,
      driverStatus: driverStatusOf(o?.status),
      order: o ? fleetOrderOf(o) : null,
    };
  };
  const rows: FleetRow[] = tracking.map((t) => {
    const v = records.get(t.kendaraanId);
    return {
      kendaraanId: t.kendaraanId,
      nomorPolisi: t.nomorPolisi,
      nomorKendaraan: t.nomorKendaraan,
      pool: v?.pool ?? null,
      dedicated: v?.dedicated ?? null,
      tipe: v?.tipe ?? null,
      gpsStatus: t.gpsStatus,
      ignition: t.ignition,
      motion: t.motion,
      ...withOrder(t.kendaraanId, t.driver?.name ?? null),
      fixTime: t.fixTime,
      location: t.location,
      place: t.place,
      lat: t.lat,
      lon: t.lon,
    };
  });
  const live = new Set(tracking.map((t) => t.kendaraanId));
  for (const v of vehicles) {
    if (live.has(v.kendaraanId)) continue;
    rows.push({
      kendaraanId: v.kendaraanId,
      nomorPolisi: v.nomorPolisi,
      nomorKendaraan: v.nomorKendaraan,
      pool: v.pool,
      dedicated: v.dedicated,
      tipe: v.tipe,
      gpsStatus: null,
      ignition: null,
      motion: 'nodata',
      ...withOrder(v.kendaraanId, v.pengemudi ?? null),
      fixTime: null,
      location: null,
      place: null,
      lat: null,
      lon: null,
    });
  }
  return rows;
}

/** Case- and space-insensitive match of the plate (and hull number). */
export function matchesPlate(row: Pick<FleetRow, 'nomorPolisi' | 'nomorKendaraan'>, text: string): boolean {
  const needle = text.replace(/\s+/g, '').toLowerCase();
  if (!needle) return true;
  return [row.nomorPolisi, row.nomorKendaraan].some((s) =>
    s.replace(/\s+/g, '').toLowerCase().includes(needle),
  );
}
