import type { DriverRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { readSheetRows } from '../../../components/management/import-reader';
import { readSpreadsheet } from '../../../components/management/read-spreadsheet';
import { buildSheetWorkbook } from '../../../components/management/sheet';
import { loadWorkbookClass } from '../../../lib/excel';
import { id } from '../../../locales/resources';
import {
  DRIVER_HEADER_ALIASES,
  DRIVER_IMPORT_KINDS,
  DRIVER_SHEET_COLUMNS,
  driverSheetRow,
} from './driver-sheet';

const driver: DriverRow = {
  pengemudiId: 4,
  unitId: 1,
  name: 'Budi Santoso',
  employeeNumber: 'EMP-1004',
  phone: '+6281287654321',
  simClass: 'SIM B1 Umum',
  simExpiry: '2027-06-30',
  aktif: true,
  vehicles: [
    { kendaraanId: 1, nomorPolisi: 'B 9936 TVE' },
    { kendaraanId: 2, nomorPolisi: 'B 9246 UXA' },
  ],
};

describe('driver sheet', () => {
  it('writes one row per driver with a date cell and the assigned plates', () => {
    expect(driverSheetRow(driver, { yes: 'Ya', no: 'Tidak' })).toEqual([
      'Budi Santoso',
      'EMP-1004',
      '+6281287654321',
      'SIM B1 Umum',
      new Date(Date.UTC(2027, 5, 30)),
      'Ya',
      'B 9936 TVE, B 9246 UXA',
    ]);
  });

  it('an exported Indonesian .xlsx reads back as import rows (the vehicles column is not imported)', async () => {
    const headers = Object.fromEntries(
      DRIVER_SHEET_COLUMNS.map((c) => [c.key, id.drivers.fields[c.key]]),
    ) as Record<(typeof DRIVER_SHEET_COLUMNS)[number]['key'], string>;
    const workbook = buildSheetWorkbook(await loadWorkbookClass(), {
      sheetName: 'Pengemudi',
      columns: DRIVER_SHEET_COLUMNS,
      headers,
      rows: [driverSheetRow(driver, { yes: 'Ya', no: 'Tidak' })],
    });
    const file = new File([await workbook.xlsx.writeBuffer()], 'pantau-pengemudi.xlsx');
    const sheet = readSheetRows(await readSpreadsheet(file), DRIVER_HEADER_ALIASES, DRIVER_IMPORT_KINDS);
    expect(sheet?.unknownHeaders).toEqual(['Kendaraan']);
    expect(sheet?.rows).toEqual([
      {
        name: 'Budi Santoso',
        employeeNumber: 'EMP-1004',
        phone: '+6281287654321',
        simClass: 'SIM B1 Umum',
        simExpiry: '2027-06-30',
        aktif: true,
      },
    ]);
  });
});
