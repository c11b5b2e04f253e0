import type { TrackingItem, VehicleClass, VehicleMotion } from '@pantau/contracts';
import type { Workbook } from 'exceljs';
import { zonedParts } from '../../../lib/date-time';

/** The sheet's columns, in order; `number` and `date` columns are typed cells, the rest text. */
export const SHEET_COLUMNS = [
  { key: 'plate', kind: 'text', width: 14 },
  { key: 'hull', kind: 'text', width: 12 },
  { key: 'class', kind: 'text', width: 13 },
  { key: 'status', kind: 'text', width: 13 },
  { key: 'gps', kind: 'text', width: 8 },
  { key: 'ignition', kind: 'text', width: 10 },
  { key: 'location', kind: 'text', width: 32 },
  { key: 'lat', kind: 'number', width: 11, numFmt: '0.00000' },
  { key: 'lon', kind: 'number', width: 11, numFmt: '0.00000' },
  { key: 'lastFix', kind: 'date', width: 20, numFmt: 'dd/mm/yyyy hh:mm:ss' },
  { key: 'speed', kind: 'number', width: 12, numFmt: '0' },
  { key: 'todayDistance', kind: 'number', width: 16, numFmt: '0.0' },
  { key: 'todayEngineHours', kind: 'number', width: 18, numFmt: '0.00' },
  { key: 'driver', kind: 'text', width: 22 },
] as const;
export type SheetColumnKey = (typeof SHEET_COLUMNS)[number]['key'];
export type SheetCell = string | number | Date | null;

/** Every word the sheet needs, already translated. */
export interface SheetLabels {
  sheetName: string;
  title: string;
  headers: Record<SheetColumnKey, string>;
  motion: Record<VehicleMotion, string>;
  classes: Record<VehicleClass, string>;
  on: string;
  off: string;
  unknown: string;
}

/**
 * A fix time as a spreadsheet date showing WIB wall-clock time: spreadsheets have no time zones, so
 * the cell holds the Jakarta date and time (exceljs writes a Date by its UTC fields).
 */
export function wibSpreadsheetDate(iso: string): Date {
  const p = zonedParts(iso);
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second));
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** One vehicle as a sheet row, in SHEET_COLUMNS order. */
export function toSheetRow(v: TrackingItem, labels: SheetLabels): SheetCell[] {
  const onOff = (value: boolean | null) => (value === null ? labels.unknown : value ? labels.on : labels.off);
  const cells: Record<SheetColumnKey, SheetCell> = {
    plate: v.nomorPolisi,
    hull: v.nomorKendaraan,
    class: labels.classes[v.vehicleClass],
    status: labels.motion[v.motion],
    gps: v.gpsStatus === 'on' ? labels.on : labels.off,
    ignition: onOff(v.ignition),
    location: v.location,
    lat: v.lat === null ? null : round(v.lat, 6),
    lon: v.lon === null ? null : round(v.lon, 6),
    lastFix: v.fixTime ? wibSpreadsheetDate(v.fixTime) : null,
    speed: round(v.speed, 0),
    todayDistance: round(v.todayDistanceKm, 1),
    todayEngineHours: round(v.todayEngineHours, 2),
    driver: v.driver?.name ?? null,
  };
  return SHEET_COLUMNS.map((c) => cells[c.key]);
}

type WorkbookConstructor = new () => Workbook;

/** The workbook: a title row (unit and time), a bold header row, then one row per vehicle. */
export function buildSummaryWorkbook(
  WorkbookClass: WorkbookConstructor,
  vehicles: readonly TrackingItem[],
  labels: SheetLabels,
): Workbook {
  const workbook = new WorkbookClass();
  workbook.creator = 'Pantau';
  const sheet = workbook.addWorksheet(labels.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 2 }],
  });
  sheet.columns = SHEET_COLUMNS.map((c) => ({
    key: c.key,
    width: c.width,
    style: 'numFmt' in c ? { numFmt: c.numFmt } : {},
  }));

  const title = sheet.getRow(1);
  title.getCell(1).value = labels.title;
  title.font = { bold: true, size: 13 };
  sheet.mergeCells(1, 1, 1, SHEET_COLUMNS.length);

  const header = sheet.getRow(2);
  header.values = SHEET_COLUMNS.map((c) => labels.headers[c.key]);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF9CA3AF' } } };
  });

  for (const v of vehicles) sheet.addRow(toSheetRow(v, labels));
  sheet.autoFilter = { from: { row: 2, column: 1 }, to: { row: 2, column: SHEET_COLUMNS.length } };
  return workbook;
}

/** `pantau-vehicle-summary-YYYYMMDD-HHmm.xlsx`, in WIB. */
export function exportFileName(now: Date): string {
  const p = zonedParts(now);
  return `pantau-vehicle-summary-${p.year}${p.month}${p.day}-${p.hour}${p.minute}.xlsx`;
}
