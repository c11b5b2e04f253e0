import { gt06Az735Alarm, gt06Jc100Alarm, gt06ModularAlarm, gt06StatusAlarm } from './alarms.js';
import {
  batteryPercent,
  readCell,
  readCellWithLength,
  readDateTime,
  readGps,
  readPosition,
  readStatus,
  terminalBits,
  type CellLayout,
} from './blocks.js';
import type { Gt06Alarm, Gt06Cell, Gt06Gps, Gt06GpsFix, Gt06Message, Gt06Status } from './messages.js';
import { ContentReader, MalformedContent, toHex } from './reader.js';

/**
 * The per-layout readers of the messages that carry a fix (or an alarm). Layouts follow the
 * reference server's GT06 decoder (Traccar, Apache-2.0), read for reference; the frames each one was
 * checked against are in the tests.
 */

export interface Frame {
  extended: boolean;
  lengthField: number;
  /** Whether the length field matched the frame. */
  lengthOk: boolean;
  protocol: number;
  serial: number;
  crcOk: boolean;
  /** Between protocol number and serial. */
  content: Uint8Array;
  /** Between protocol number and stop bytes (what a frame with a wrong length may hold). */
  tail: Uint8Array;
}

export type Header = Pick<Gt06Message, 'protocol' | 'serial' | 'crcOk' | 'extended' | 'lengthOk'>;

/** Cell layouts by protocol: 0x11 sends a 2-byte MNC and 4-byte cell id; 0xA0 a 4-byte LAC and 8-byte id. */
const CELL_LAYOUTS: Record<number, CellLayout> = {
  0x11: { wideMnc: true, cidBytes: 4 },
  0xa0: { lacBytes: 4, cidBytes: 8 },
};
const WIDE_CELL: CellLayout = { lacBytes: 4, cidBytes: 8 };

/** Runs `read` on the bytes after a fix; a tail that does not fit the layout ends the reading there. */
function tolerant(read: () => void): void {
  try {
    read();
  } catch (error) {
    if (!(error instanceof MalformedContent)) throw error;
  }
}

const signed15 = (v: number) => (v & 0x8000 ? -(v & 0x7fff) : v);

/**
 * GPS + cell layouts (0x10, 0x11, 0x12, 0x1A, 0x1E, 0x22, 0x2A, 0x2D, 0x31, 0x37, 0xA0). After the cell
 * most add ACC, upload mode and re-upload flag, and optionally a 4-byte mileage. Variants by length:
 * VXT01 0x12 (0x24) appends a status block; SeeWorld 0x22 (0x2F) a 4-byte cell id, mileage,
 * temperature and humidity; SL4X 0x31 (0x2A) a wide cell and altitude; 0x37 typed modules.
 */
export function decodeGps(header: Header, r: ContentReader, frame: Frame, offsetMinutes: number): Gt06Gps {
  const { protocol } = header;
  const lengthField = frame.lengthField;
  const gps = readGps(r, offsetMinutes);
  const out: Gt06Gps = gpsMessage(header, gps);
  let acc: boolean | null = null;
  tolerant(() => {
    // 0x10 is GPS only; 0x1A (phone number), 0x1E (neighbour cells) and 0x2A (address request) carry
    // nothing Pantau keeps after the fix.
    if (protocol === 0x10 || protocol === 0x1a || protocol === 0x1e || protocol === 0x2a) return;
    if (protocol === 0x22 && lengthField === 0x2f) {
      out.cell = readCell(r, { cidBytes: 4 });
      acc = r.u8('acc') > 0;
      r.u8('upload mode');
      r.u8('re-upload');
      out.odometerMeters = r.uint(4, 'mileage');
      r.uint(4, 'travel time');
      const attributes: Record<string, unknown> = {};
      attributes.temperature = signed15(r.u16('temperature')) / 100;
      attributes.humidity = r.u16('humidity') / 100;
      out.attributes = attributes;
      return;
    }
    if (protocol === 0x31 && lengthField === 0x2a) {
      out.cell = readCell(r, { wideMnc: true, cidBytes: 8 });
      acc = r.u8('acc') > 0;
      r.u8('event');
      out.archive = r.u8('re-upload') > 0;
      if (r.remaining > 2) out.odometerMeters = r.uint(4, 'mileage');
      out.altitude = r.i16('altitude');
      return;
    }
    out.cell = r.remaining >= 8 ? readCell(r, CELL_LAYOUTS[protocol]) : null;
    if (protocol === 0x12 && lengthField === 0x24) {
      const status = terminalBits(r.u8('terminal information'));
      status.powerVoltage = r.u16('power') / 100;
      status.gsmSignal = r.u8('gsm signal');
      out.status = status;
      return;
    }
    if (protocol === 0x11) return;
    // ACC, upload mode, re-upload flag, then optionally a 4-byte mileage.
    const hasAccBlock = protocol === 0x12 ? r.remaining === 3 || r.remaining === 7 : r.remaining >= 3;
    if (hasAccBlock) {
      acc = r.u8('acc') > 0;
      r.u8('upload mode');
      out.archive = r.u8('re-upload') > 0;
    }
    if (protocol === 0x37) {
      // Typed modules: 0x27 external power, 0x2E mileage, 0x3B accuracy (0.01 m).
      while (r.remaining >= 3) {
        const module = r.u16('module');
        const body = new ContentReader(r.take(Math.min(r.u8('module length'), r.remaining), 'module'));
        if (module === 0x27) (out.attributes ??= {}).power = body.u16('power') / 100;
        else if (module === 0x2e) out.odometerMeters = body.uint(4, 'mileage');
        else if (module === 0x3b) out.accuracy = body.u16('accuracy') / 100;
      }
      return;
    }
    if (r.remaining >= 4) out.odometerMeters = r.uint(4, 'mileage');
  });
  out.ignition = gps.ignition ?? acc ?? out.status?.ignition ?? null;
  return out;
}

function gpsMessage(header: Header, gps: Gt06GpsFix): Gt06Gps {
  return {
    kind: 'gps',
    gps,
    cell: null,
    ignition: gps.ignition,
    odometerMeters: null,
    archive: null,
    status: null,
    ...header,
  };
}

/**
 * GPS + cell + status block (0x16, 0x26, 0x27, 0x32, 0xA3, 0xA4). The cell has a length byte, except on
 * VXT01 0x16 (length 0x24); SeeWorld 0x16 (0x26) sends a 4-byte cell id, SL4X 0x32 (0x27/0x29) a wide
 * cell and altitude; the fence reports 0xA3/0xA4 a 4-byte LAC and 8-byte cell id. 0x27 and 0xA4 end with
 * the device's geofence number. A tail the layout does not match keeps the fix (as a location).
 */
export function decodeAlarm(
  header: Header,
  r: ContentReader,
  frame: Frame,
  offsetMinutes: number,
): Gt06Alarm | Gt06Gps {
  const { protocol } = header;
  const lengthField = frame.lengthField;
  const vxt01 = protocol === 0x16 && lengthField === 0x24;
  const sl4x = protocol === 0x32 && (lengthField === 0x27 || lengthField === 0x29);
  const gps = readGps(r, offsetMinutes);
  let cell: Gt06Cell | null = null;
  try {
    if (vxt01) cell = readCell(r);
    else if (protocol === 0xa3 || protocol === 0xa4) {
      r.u8('lbs length');
      cell = readCell(r, WIDE_CELL);
    } else if (sl4x) cell = readCellWithLength(r, { wideMnc: true, cidBytes: 8 });
    else cell = readCellWithLength(r, { cidBytes: protocol === 0x16 && lengthField === 0x26 ? 4 : 3 });
    const status = readStatus(r, !sl4x);
    const geofenceId = (protocol === 0x27 || protocol === 0xa4) && r.remaining > 0 ? r.u8('geofence') : null;
    const altitude = sl4x && r.remaining >= 2 ? r.i16('altitude') : null;
    const alarm = gt06StatusAlarm(status, vxt01);
    const out: Gt06Alarm = { kind: 'alarm', gps, cell, status, alarm, geofenceId, ...header };
    if (altitude !== null) out.altitude = altitude;
    return out;
  } catch (error) {
    if (!(error instanceof MalformedContent)) throw error;
    const out = gpsMessage(header, gps);
    out.cell = cell;
    return out;
  }
}

/** 0x17 with length 0x28 (RFID): GPS, cell, an 8-byte driver card id and its validity byte. */
export function decodeRfid(header: Header, r: ContentReader, offsetMinutes: number): Gt06Gps {
  const out = gpsMessage(header, readGps(r, offsetMinutes));
  tolerant(() => {
    out.cell = readCell(r);
    out.attributes = { driverUniqueId: toHex(r.take(8, 'driver id')) };
    r.u8('validity');
  });
  return out;
}

/**
 * 0xA2 with length 0x40 (LW4G): GPS, a wide cell, network indicator, terminal info, external power,
 * battery, GSM signal, alarm, language, mileage, then hours and terminal id (not kept).
 */
export function decodeLw4g(header: Header, r: ContentReader, offsetMinutes: number): Gt06Alarm | Gt06Gps {
  const gps = readGps(r, offsetMinutes);
  try {
    const cell = readCell(r, WIDE_CELL);
    r.u8('network indicator');
    const status = terminalBits(r.u8('terminal information'));
    status.powerVoltage = r.u16('power') / 100;
    status.voltageLevel = r.u8('battery');
    status.batteryLevel = batteryPercent(status.voltageLevel);
    status.gsmSignal = r.u8('gsm signal');
    status.alarmCode = r.u8('alarm');
    r.u8('language');
    const odometer = r.remaining >= 4 ? r.uint(4, 'mileage') : null;
    const alarm = gt06StatusAlarm(status, false);
    const out: Gt06Alarm = { kind: 'alarm', gps, cell, status, alarm, geofenceId: null, ...header };
    if (odometer !== null) out.odometerMeters = odometer;
    return out;
  } catch (error) {
    if (!(error instanceof MalformedContent)) throw error;
    return gpsMessage(header, gps);
  }
}

/** 0x24 with length 0x2E (SR411 mini): GPS, cell, ACC, external power and battery voltage. */
export function decodeSr411(header: Header, r: ContentReader, offsetMinutes: number): Gt06Gps {
  const gps = readGps(r, offsetMinutes);
  const out = gpsMessage(header, gps);
  tolerant(() => {
    out.cell = readCell(r);
    out.ignition = gps.ignition ?? r.u8('acc') > 0;
    const power = r.u16('power') / 100;
    const batteryVoltage = r.u16('battery') / 100;
    out.attributes = { power, batteryVoltage };
  });
  return out;
}

/**
 * 0x34 (X1): data/alarm word, GPS, terminal info, mileage, cell (4-byte id), driver id, battery and
 * external power voltages, port info, inputs, outputs and the analogue inputs the port info announces.
 */
export function decodeX1Gps(header: Header, r: ContentReader, offsetMinutes: number): Gt06Gps {
  r.uint(4, 'data and alarm');
  const out = gpsMessage(header, readGps(r, offsetMinutes));
  tolerant(() => {
    r.u16('terminal information');
    out.odometerMeters = r.uint(4, 'mileage');
    out.cell = { mcc: r.u16('mcc'), mnc: r.u8('mnc'), lac: r.u16('lac'), cid: r.uint(4, 'cell id') };
    const attributes: Record<string, unknown> = {};
    out.attributes = attributes;
    const driverId = r.uint(4, 'driver id');
    if (driverId > 0) attributes.driverUniqueId = String(driverId);
    attributes.batteryVoltage = r.u16('battery') / 100;
    attributes.power = r.u16('power') / 100;
    const portInfo = r.uint(4, 'port info');
    attributes.input = r.u8('input');
    attributes.output = r.u8('output');
    const adcs = Math.floor(portInfo / 2 ** 20) & 0x0f;
    for (let i = 1; i <= adcs; i++) attributes[`adc${i}`] = r.u16('adc') / 100;
  });
  return out;
}

/**
 * 0x95 (JC100 alarm). Up to 7 bytes of data: time and event only, no fix (a status carrying the
 * alarm). Longer: time, latitude, longitude and course/status (no satellites, no speed), then the event.
 */
export function decodeJc100Alarm(
  header: Header,
  r: ContentReader,
  lengthField: number,
  offsetMinutes: number,
): Gt06Gps | Gt06Status {
  const withFix = Math.max(lengthField - 5, r.remaining) > 7;
  if (!withFix) {
    readDateTime(r, offsetMinutes);
    const alarm = gt06Jc100Alarm(r.u8('event'), false);
    return { kind: 'status', cell: null, status: terminalBits(0), ignition: null, alarm, ...header };
  }
  const fixTime = readDateTime(r, offsetMinutes);
  const gps = readPosition(r, fixTime, 0, 0);
  const out = gpsMessage(header, gps);
  out.alarm = gt06Jc100Alarm(r.u8('event'), true);
  return out;
}

/**
 * 0x32/0x33 extended (AZ735): time, GPS length (0 = no fix), satellites and position, a cell with its
 * length byte and the GSM signal, neighbour cells and WiFi (skipped), a status byte (0x33: the alarm)
 * and a reserved extension.
 */
export function decodeAz735(header: Header, r: ContentReader, offsetMinutes: number): Gt06Gps | Gt06Status {
  const fixTime = readDateTime(r, offsetMinutes);
  const hasFix = r.u8('gps length') !== 0;
  const gps = hasFix ? readPosition(r, fixTime, r.u8('satellites') & 0x0f, null) : null;
  let cell: Gt06Cell | null = null;
  let alarm: Gt06Gps['alarm'] = null;
  tolerant(() => {
    cell = readCellWithLength(r);
    if (cell) r.u8('gsm signal');
    r.skip(r.u8('neighbour cells length'));
    r.skip(r.u8('wifi length'));
    const status = r.u8('status');
    if (header.protocol === 0x33) alarm = gt06Az735Alarm(status);
  });
  if (!gps) return { kind: 'status', cell, status: terminalBits(0), ignition: null, alarm, ...header };
  const out = gpsMessage(header, gps);
  out.cell = cell;
  out.alarm = alarm;
  return out;
}

/**
 * 0x70 extended (modular): a list of (type, length, value) modules. 0x33 is the fix (epoch seconds,
 * satellites, altitude, position, speed, course/status); 0x09 satellites, 0x11 the cell, 0x18 battery
 * voltage, 0x2B an event (some are alarms), 0x2E mileage. Without 0x33 it is a status.
 */
export function decodeModular(header: Header, r: ContentReader): Gt06Gps | Gt06Status {
  let gps: Gt06GpsFix | null = null;
  let altitude: number | null = null;
  let cell: Gt06Cell | null = null;
  let alarm: Gt06Gps['alarm'] = null;
  let odometer: number | null = null;
  const attributes: Record<string, unknown> = {};
  while (r.remaining >= 4) {
    const type = r.u16('module type');
    const m = new ContentReader(r.take(Math.min(r.u16('module length'), r.remaining), 'module'));
    tolerant(() => {
      if (type === 0x33) {
        const fixTime = new Date(m.uint(4, 'time') * 1000);
        const satellites = m.u8('satellites');
        altitude = m.i16('altitude');
        gps = readPosition(m, fixTime, satellites, null);
      } else if (type === 0x11) {
        cell = { mcc: m.u16('mcc'), mnc: m.u16('mnc'), lac: m.u16('lac'), cid: m.uint(3, 'cell id') };
      } else if (type === 0x18) attributes.batteryVoltage = m.u16('battery') / 100;
      else if (type === 0x2b) alarm = gt06ModularAlarm(m.u8('event'));
      // Big-endian: the reference decoder reads it little-endian, but its own captures only make
      // sense this way (61,633 m then 62,045 m three weeks later, not 3.2 then 1.6 million km).
      else if (type === 0x2e) odometer = m.uint(4, 'mileage');
    });
  }
  const fix = gps as Gt06GpsFix | null;
  if (!fix) return { kind: 'status', cell, status: terminalBits(0), ignition: null, alarm, ...header };
  const out = gpsMessage(header, fix);
  out.cell = cell;
  out.alarm = alarm;
  out.altitude = altitude;
  out.odometerMeters = odometer;
  if (Object.keys(attributes).length > 0) out.attributes = attributes;
  return out;
}
