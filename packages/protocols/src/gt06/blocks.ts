import { MalformedContent, type ContentReader } from './reader.js';
import type { Gt06Cell, Gt06GpsFix, Gt06TerminalStatus } from './messages.js';

/** Raw lat/lon unit: degrees × 60 × 30000. */
const COORDINATE_SCALE = 1_800_000;

/** Which fields a layout's GPS block has besides time, position and the course/status word. */
export interface GpsLayout {
  /** The satellites byte (GPS length in the high nibble). Default true. */
  satellites?: boolean;
  /** The speed byte. Default true. */
  speed?: boolean;
}

/**
 * Reads the GPS block: YY MM DD hh mm ss, satellites, latitude, longitude, speed, course/status (18
 * bytes in the usual layout). `offsetMinutes` is the device clock's offset from UTC.
 */
export function readGps(r: ContentReader, offsetMinutes: number, layout: GpsLayout = {}): Gt06GpsFix {
  const fixTime = readDateTime(r, offsetMinutes);
  const satellites = layout.satellites === false ? 0 : r.u8('satellites') & 0x0f;
  return readPosition(r, fixTime, satellites, layout.speed === false ? 0 : null);
}

/** Latitude, longitude, speed (unless given) and the course/status word, after time and satellites. */
export function readPosition(
  r: ContentReader,
  fixTime: Date,
  satellites: number,
  speedKmh: number | null,
): Gt06GpsFix {
  let lat = r.uint(4, 'latitude') / COORDINATE_SCALE;
  let lon = r.uint(4, 'longitude') / COORDINATE_SCALE;
  const speed = speedKmh ?? r.u8('speed');
  const flags = r.u16('course/status');
  if (!(flags & 0x0400)) lat = -lat; // bit 10 set = north
  if (flags & 0x0800) lon = -lon; // bit 11 set = west
  if (Math.abs(lat) > 90) throw new MalformedContent('latitude out of range');
  if (Math.abs(lon) > 180) throw new MalformedContent('longitude out of range');
  return {
    fixTime,
    valid: (flags & 0x1000) !== 0,
    satellites,
    lat,
    lon,
    speedKmh: speed,
    course: (flags & 0x03ff) % 360,
    ignition: flags & 0x4000 ? (flags & 0x8000) !== 0 : null,
  };
}

/** Six binary bytes YY MM DD hh mm ss in the device's clock. */
export const readDateTime = (r: ContentReader, offsetMinutes: number): Date =>
  utcDate(
    r.u8('date-time'),
    r.u8('date-time'),
    r.u8('date-time'),
    r.u8('date-time'),
    r.u8('date-time'),
    r.u8('date-time'),
    offsetMinutes,
  );

/** Six binary bytes YY MM DD hh mm ss, checked (a day 31 in February is malformed, not March 3). */
export function utcDate(
  yy: number,
  mo: number,
  dd: number,
  hh: number,
  mi: number,
  ss: number,
  offsetMinutes = 0,
): Date {
  // Checked with arithmetic (a Date's getters cost more than the rest of the frame's decoding).
  const ok =
    yy < 100 &&
    mo >= 1 &&
    mo <= 12 &&
    dd >= 1 &&
    dd <= daysInMonth(2000 + yy, mo) &&
    hh < 24 &&
    mi < 60 &&
    ss < 60;
  if (!ok) throw new MalformedContent('invalid date-time');
  const ms = Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
  return new Date(ms - offsetMinutes * 60_000);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysInMonth = (year: number, month: number) =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : MONTH_DAYS[month - 1]!;

export interface CellLayout {
  /** 0x11 and SL4X always send a 2-byte MNC; elsewhere bit 15 of the MCC says so. */
  wideMnc?: boolean;
  lacBytes?: number;
  cidBytes?: number;
}

export function readCell(r: ContentReader, layout: CellLayout = {}): Gt06Cell {
  const mccRaw = r.u16('mcc');
  const mnc = layout.wideMnc || mccRaw & 0x8000 ? r.u16('mnc') : r.u8('mnc');
  const lac = r.uint(layout.lacBytes ?? 2, 'lac');
  const cid = r.uint(layout.cidBytes ?? 3, 'cell id');
  return { mcc: mccRaw & 0x7fff, mnc, lac, cid };
}

/**
 * LBS block preceded by its length byte (0x16/0x26/0x27/0x32). The length counts itself: 9 for the
 * usual 8-byte cell. 0 means "no cell"; some devices then pad the missing cell (and more) with zero
 * bytes, which are skipped as the reference server does. SeeWorld devices send 9 but a 4-byte cell id.
 */
export function readCellWithLength(r: ContentReader, layout: CellLayout = {}): Gt06Cell | null {
  const length = r.u8('lbs length');
  if (length === 0) {
    // Zero padding: the reference server checks bytes 9…44 after the length byte and skips 45.
    if (r.remaining >= 45 && r.zeroes(9, 45)) r.skip(45);
    return null;
  }
  const before = r.remaining;
  const cell = readCell(r, layout);
  const consumed = 1 + before - r.remaining;
  if (length > consumed) r.skip(length - consumed);
  return cell;
}

/** Terminal-information byte bits shared by every status layout. */
export function terminalBits(terminalInfo: number): Gt06TerminalStatus {
  return {
    terminalInfo,
    armed: (terminalInfo & 0x01) !== 0,
    ignition: (terminalInfo & 0x02) !== 0,
    charging: (terminalInfo & 0x04) !== 0,
    gpsTracking: (terminalInfo & 0x40) !== 0,
    blocked: (terminalInfo & 0x80) !== 0,
    batteryLevel: null,
    voltageLevel: null,
    batteryVoltage: null,
    powerVoltage: null,
    gsmSignal: null,
    alarmCode: null,
  };
}

/** 0–6 is a level (6 = full); 7–100 a percentage some devices send instead; above that, unknown. */
export function batteryPercent(level: number): number | null {
  if (level <= 6) return Math.round((level * 100) / 6);
  return level <= 100 ? level : null;
}

/**
 * The standard status block: terminal info, voltage level, GSM signal, alarm, language. Fields after
 * the terminal-information byte are optional: short heartbeats stop early.
 */
export function readStatus(r: ContentReader, language = true): Gt06TerminalStatus {
  const status = terminalBits(r.u8('terminal information'));
  if (r.remaining > 0) {
    status.voltageLevel = r.u8('voltage level');
    status.batteryLevel = batteryPercent(status.voltageLevel);
  }
  if (r.remaining > 0) status.gsmSignal = r.u8('gsm signal');
  if (r.remaining > 0) status.alarmCode = r.u8('alarm');
  if (language && r.remaining > 0) r.u8('language');
  return status;
}
