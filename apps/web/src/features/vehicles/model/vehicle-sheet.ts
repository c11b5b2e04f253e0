import type { VehicleRow } from '@pantau/contracts';
import {
  dayCell,
  headerAliases,
  importKinds,
  sheetRow,
  type EntitySheet,
  type SheetColumn,
  type YesNo,
} from '../../../components/management/sheet';
import { en, id } from '../../../locales/resources';

/**
 * The export's columns, which are also the import template's: an exported file imports back as it
 * is. Brand, type, fleets and drivers are written by name (the server looks them up).
 */
export const VEHICLE_SHEET_COLUMNS = [
  { key: 'nomorKendaraan', kind: 'text', width: 12 },
  { key: 'nomorPolisi', kind: 'text', width: 14 },
  { key: 'pantauKendaraanId', kind: 'text', width: 18 },
  { key: 'registrationNumber', kind: 'text', width: 16 },
  { key: 'vehicleClass', kind: 'text', width: 8 },
  { key: 'merk', kind: 'text', width: 16 },
  { key: 'tipe', kind: 'text', width: 22 },
  { key: 'capacity', kind: 'number', width: 10 },
  { key: 'fleet', kind: 'list', width: 22 },
  { key: 'pengemudi', kind: 'text', width: 22 },
  { key: 'coPengemudi', kind: 'text', width: 22 },
  { key: 'dedicated', kind: 'text', width: 20 },
  { key: 'pool', kind: 'text', width: 16 },
  { key: 'tahun', kind: 'number', width: 8 },
  { key: 'speedLimit', kind: 'number', width: 12 },
  { key: 'gsmNumber', kind: 'phone', width: 16 },
  { key: 'smsAlert', kind: 'boolean', width: 10 },
  { key: 'stnkDue', kind: 'date', width: 12 },
  { key: 'kirDue', kind: 'date', width: 12 },
  { key: 'odometer', kind: 'number', width: 12 },
  { key: 'gpsOdometer', kind: 'number', width: 12 },
  { key: 'erpOdometer', kind: 'number', width: 12 },
  { key: 'engineHour', kind: 'number', width: 12 },
  { key: 'icon', kind: 'text', width: 10 },
  { key: 'notes', kind: 'text', width: 30 },
  { key: 'aktif', kind: 'boolean', width: 8 },
] as const satisfies readonly SheetColumn[];

export type VehicleSheetKey = (typeof VEHICLE_SHEET_COLUMNS)[number]['key'];

export const VEHICLE_IMPORT_KINDS = importKinds(VEHICLE_SHEET_COLUMNS);

export const VEHICLE_HEADER_ALIASES = headerAliases(
  VEHICLE_IMPORT_KINDS,
  en.vehicles.fields,
  id.vehicles.fields,
);

/** A vehicle's cells; dates are date cells, numbers numbers. */
export const vehicleSheet: EntitySheet<VehicleRow, VehicleSheetKey> = {
  columns: VEHICLE_SHEET_COLUMNS,
  cells: (v, words) => {
    const yesNo = (b: boolean) => (b ? words.yes : words.no);
    return {
      nomorKendaraan: v.nomorKendaraan,
      nomorPolisi: v.nomorPolisi,
      pantauKendaraanId: v.pantauKendaraanId,
      registrationNumber: v.registrationNumber,
      vehicleClass: v.vehicleClass,
      merk: v.merk,
      tipe: v.tipe,
      capacity: v.capacity,
      fleet: v.fleet.map((f) => f.fleetName).join(', ') || null,
      pengemudi: v.pengemudi,
      coPengemudi: v.coPengemudi,
      dedicated: v.dedicated,
      pool: v.pool,
      tahun: v.tahun,
      speedLimit: v.speedLimit,
      gsmNumber: v.gsmNumber,
      smsAlert: yesNo(v.smsAlert),
      stnkDue: dayCell(v.stnkDue),
      kirDue: dayCell(v.kirDue),
      odometer: v.odometer,
      gpsOdometer: v.gpsOdometer,
      erpOdometer: v.erpOdometer,
      engineHour: v.engineHour,
      icon: v.icon,
      notes: v.notes,
      aktif: yesNo(v.aktif),
    };
  },
};

/** One vehicle as a sheet row, in VEHICLE_SHEET_COLUMNS order. */
export const vehicleSheetRow = (v: VehicleRow, words: YesNo) => sheetRow(vehicleSheet, v, words);
