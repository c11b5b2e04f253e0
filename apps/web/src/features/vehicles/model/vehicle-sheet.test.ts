import { vehicleInput, type VehicleRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { readSheetRows } from '../../../components/management/import-reader';
import { readSpreadsheet } from '../../../components/management/read-spreadsheet';
import { buildSheetWorkbook } from '../../../components/management/sheet';
import { loadWorkbookClass } from '../../../lib/excel';
import { en } from '../../../locales/resources';
import { prepareVehicleRows } from './vehicle-import';
import {
  VEHICLE_HEADER_ALIASES,
  VEHICLE_IMPORT_KINDS,
  VEHICLE_SHEET_COLUMNS,
  vehicleSheetRow,
} from './vehicle-sheet';

const vehicle: VehicleRow = {
  kendaraanId: 7,
  unitId: 1,
  fleet: [
    { fleetId: 1, fleetName: 'Jakarta' },
    { fleetId: 2, fleetName: 'Cikarang' },
  ],
  pantauKendaraanId: '359710049095895',
  registrationNumber: null,
  nomorPolisi: 'B 9471 UEY',
  nomorKendaraan: 'CC-017',
  merk: 'Hino',
  merkId: 3,
  tipe: 'FL 235 JW',
  tipeId: 31,
  dedicated: null,
  pool: 'Cibitung',
  erpOdometer: null,
  gpsOdometer: 120345.5,
  tahun: 2021,
  notes: null,
  icon: null,
  engineHour: 5012,
  odometer: 120400,
  gsmNumber: '+6281287654321',
  smsAlert: false,
  speedLimit: 80,
  aktif: true,
  vehicleClass: 'CC',
  capacity: 6,
  stnkDue: '2027-03-05',
  kirDue: null,
  pengemudiId: 11,
  pengemudi: 'Budi Santoso',
  coPengemudiId: null,
  coPengemudi: null,
};

const drivers = [{ pengemudiId: 11, name: 'Budi Santoso', employeeNumber: 'EMP-011' }];

const headers = Object.fromEntries(
  VEHICLE_SHEET_COLUMNS.map((c) => [c.key, en.vehicles.fields[c.key]]),
) as Record<(typeof VEHICLE_SHEET_COLUMNS)[number]['key'], string>;

describe('vehicle export rows', () => {
  it('writes names, typed numbers and date cells in column order', () => {
    const row = vehicleSheetRow(vehicle, { yes: 'Yes', no: 'No' });
    const cell = (key: string) => row[VEHICLE_SHEET_COLUMNS.findIndex((c) => c.key === key)];
    expect(row).toHaveLength(VEHICLE_SHEET_COLUMNS.length);
    expect(cell('nomorKendaraan')).toBe('CC-017');
    expect(cell('fleet')).toBe('Jakarta, Cikarang');
    expect(cell('merk')).toBe('Hino');
    expect(cell('speedLimit')).toBe(80);
    expect(cell('stnkDue')).toEqual(new Date(Date.UTC(2027, 2, 5)));
    expect(cell('kirDue')).toBeNull();
    expect(cell('smsAlert')).toBe('No');
    expect(cell('aktif')).toBe('Yes');
  });

  it('an exported .xlsx imports back to the same vehicle', async () => {
    const workbook = buildSheetWorkbook(await loadWorkbookClass(), {
      sheetName: 'Vehicles',
      columns: VEHICLE_SHEET_COLUMNS,
      headers,
      rows: [vehicleSheetRow(vehicle, { yes: 'Yes', no: 'No' })],
    });
    const buffer = await workbook.xlsx.writeBuffer();
    const file = new File([buffer], 'pantau-vehicles.xlsx');
    const sheet = readSheetRows(await readSpreadsheet(file), VEHICLE_HEADER_ALIASES, VEHICLE_IMPORT_KINDS);
    expect(sheet?.unknownHeaders).toEqual([]);
    expect(sheet?.sheetRows).toEqual([2]);
    const prepared = prepareVehicleRows(sheet?.rows ?? [], drivers, (p, v) => `${p}:${v}`);
    expect(prepared.problems).toEqual([]);
    expect(prepared.rows[0]).toMatchObject({
      merk: 'Hino',
      tipe: 'FL 235 JW',
      fleet: 'Jakarta, Cikarang',
      pengemudi: 'EMP-011',
    });
    const { merk: _m, tipe: _t, fleet: _f, pengemudi: _p, ...cells } = prepared.rows[0] ?? {};
    const parsed = vehicleInput.parse(cells);
    expect(parsed).toMatchObject({
      nomorPolisi: 'B 9471 UEY',
      nomorKendaraan: 'CC-017',
      pantauKendaraanId: '359710049095895',
      gsmNumber: '+6281287654321',
      speedLimit: 80,
      stnkDue: '2027-03-05',
      kirDue: null,
      gpsOdometer: 120345.5,
      smsAlert: false,
      aktif: true,
      capacity: 6,
      tahun: 2021,
    });
  });

  it('reads a semicolon .csv written by hand in Indonesian', async () => {
    const csv = [
      'Nomor polisi;Nomor lambung;ID tracker;Kelas;Merek;Batas kecepatan (km/jam);Jatuh tempo KIR;Aktif',
      'b 1234 xy;TR-9;860000000000009;Truk;hino;60;01/02/2027;ya',
    ].join('\r\n');
    const file = new File([csv], 'kendaraan.csv');
    const sheet = readSheetRows(await readSpreadsheet(file), VEHICLE_HEADER_ALIASES, VEHICLE_IMPORT_KINDS);
    const prepared = prepareVehicleRows(sheet?.rows ?? [], drivers, (p, v) => `${p}:${v}`);
    expect(prepared.problems).toEqual([]);
    const { merk, ...cells } = prepared.rows[0] ?? {};
    expect(merk).toBe('hino');
    expect(vehicleInput.parse(cells)).toMatchObject({
      nomorPolisi: 'B 1234 XY',
      vehicleClass: 'TRUCK',
      speedLimit: 60,
      kirDue: '2027-02-01',
      aktif: true,
    });
  });
});
