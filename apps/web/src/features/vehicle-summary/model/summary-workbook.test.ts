import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  buildSummaryWorkbook,
  exportFileName,
  SHEET_COLUMNS,
  toSheetRow,
  wibSpreadsheetDate,
  type SheetLabels,
} from './summary-workbook';
import { testVehicle } from '../../../lib/testing/test-vehicle';

const labels: SheetLabels = {
  sheetName: 'Vehicle summary',
  title: 'Pantau vehicle summary — CC Jakarta — 22/11/2026 11:05 WIB',
  headers: Object.fromEntries(SHEET_COLUMNS.map((c) => [c.key, `H:${c.key}`])) as SheetLabels['headers'],
  motion: { moving: 'Moving', idle: 'Idle', stopped: 'Stopped', offline: 'Offline', nodata: 'No data' },
  classes: { CC: 'Car carrier', TRUCK: 'Truck' },
  on: 'On',
  off: 'Off',
  unknown: 'Unknown',
};

const moving = testVehicle(1, { speed: 71.6, todayDistanceKm: 120.44, todayEngineHours: 3.256 });
const parked = testVehicle(2, {
  motion: 'nodata',
  vehicleClass: 'TRUCK',
  lat: null,
  lon: null,
  location: null,
  fixTime: null,
  ignition: null,
  gpsStatus: 'off',
  speed: 0,
  todayDistanceKm: 0,
  todayEngineHours: 0,
  driver: null,
});

describe('vehicle summary sheet', () => {
  it('maps a vehicle to a row with numbers as numbers and the fix as a WIB date', () => {
    expect(toSheetRow(moving, labels)).toEqual([
      'B 9001 UEY',
      'CC-001',
      'Car carrier',
      'Moving',
      'On',
      'On',
      'Tol Jakarta–Cikampek KM ~20',
      -6.2,
      106.8,
      new Date(Date.UTC(2026, 10, 22, 11, 0, 0)),
      72,
      120.4,
      3.26,
      'Budi Santoso',
    ]);
    expect(toSheetRow(parked, labels)).toEqual([
      'B 9002 UEY',
      'CC-002',
      'Truck',
      'No data',
      'Off',
      'Unknown',
      null,
      null,
      null,
      null,
      0,
      0,
      0,
      null,
    ]);
  });

  it('shows a fix time as Jakarta wall-clock time across midnight', () => {
    expect(wibSpreadsheetDate('2026-11-21T18:30:15Z')).toEqual(new Date(Date.UTC(2026, 10, 22, 1, 30, 15)));
  });

  it('names the file by the WIB time', () => {
    expect(exportFileName(new Date('2026-11-22T04:05:00Z'))).toBe(
      'pantau-vehicle-summary-20261122-1105.xlsx',
    );
    expect(exportFileName(new Date('2026-12-31T17:59:00Z'))).toBe(
      'pantau-vehicle-summary-20270101-0059.xlsx',
    );
  });

  it('writes an .xlsx with a title row, a bold header row and typed rows, and reads back the same', async () => {
    const book = buildSummaryWorkbook(ExcelJS.Workbook, [moving, parked], labels);
    const buffer = await book.xlsx.writeBuffer();
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(buffer);
    const sheet = read.getWorksheet('Vehicle summary');
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getCell('A1').value).toBe(labels.title);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    const header = sheet.getRow(2);
    expect((header.values as unknown[]).slice(1)).toEqual(SHEET_COLUMNS.map((c) => `H:${c.key}`));
    expect(header.getCell(1).font?.bold).toBe(true);
    const first = sheet.getRow(3);
    expect(first.getCell(1).value).toBe('B 9001 UEY');
    const speedCol = SHEET_COLUMNS.findIndex((c) => c.key === 'speed') + 1;
    const distanceCol = SHEET_COLUMNS.findIndex((c) => c.key === 'todayDistance') + 1;
    const fixCol = SHEET_COLUMNS.findIndex((c) => c.key === 'lastFix') + 1;
    expect(first.getCell(speedCol).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(speedCol).value).toBe(72);
    expect(first.getCell(distanceCol).value).toBe(120.4);
    expect(first.getCell(fixCol).type).toBe(ExcelJS.ValueType.Date);
    expect(first.getCell(fixCol).value).toEqual(new Date(Date.UTC(2026, 10, 22, 11, 0, 0)));
    expect(sheet.getRow(4).getCell(1).value).toBe('B 9002 UEY');
    expect(sheet.getRow(4).getCell(fixCol).value).toBeNull();
  });
});
