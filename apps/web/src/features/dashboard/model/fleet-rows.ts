import type { TrackingItem, VehicleRow } from '@pantau/contracts';

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
  driver: string | null;
  fixTime: string | null;
  location: string | null;
  place: TrackingItem['place'];
  lat: number | null;
  lon: number | null;
}

/**
 * Joins the live tracking items with the vehicle rows by kendaraanId. Every vehicle of either list
 * gives one row: a registered vehicle that never reported is still in the table (no data).
 */
export function joinFleetRows(
  tracking: readonly TrackingItem[],
  vehicles: readonly VehicleRow[],
): FleetRow[] {
  const records = new Map(vehicles.map((v) => [v.kendaraanId, v]));
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
      driver: t.driver?.name ?? null,
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
      driver: null,
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
