import { gt06AlarmFromCode, gt06AlarmFromTerminalInfo } from './alarms.js';
import {
  readCell,
  readCellWithLength,
  readGps,
  readStatus,
  terminalBits,
  type CellLayout,
} from './blocks.js';
import { crc16X25 } from './crc.js';
import type {
  Gt06Alarm,
  Gt06DecodeResult,
  Gt06Gps,
  Gt06Malformed,
  Gt06Message,
  Gt06Status,
  Gt06TerminalStatus,
} from './messages.js';
import { ContentReader, MalformedContent, toHex } from './reader.js';

export interface Gt06DecodeOptions {
  /**
   * Decode frames whose CRC does not match (they carry `crcOk: false`). Default **true**: the CRC
   * rides inside TCP, which already checksums every segment, so a mismatch means firmware that
   * computes it differently (three of the reference captures), not corrupted data. Dropping those
   * frames would lose the tracker entirely (it gets no ack and resends for ever). Set false for a
   * strict port: such frames come back `malformed` with reason `bad crc`.
   */
  acceptBadCrc?: boolean;
  /** Offset of the device clock from UTC in minutes (from the login, or configured). Default 0. */
  timezoneOffsetMinutes?: number;
}

/** Protocol numbers with a GPS block and no status block. */
const GPS_PROTOCOLS = new Set([0x10, 0x11, 0x12, 0x22, 0xa0]);
/** Protocol numbers with GPS + LBS + status ("alarm" packets). */
const ALARM_PROTOCOLS = new Set([0x16, 0x26, 0x27]);

interface Frame {
  extended: boolean;
  lengthField: number;
  protocol: number;
  serial: number;
  crcOk: boolean;
  content: Uint8Array;
}

/**
 * Decodes one whole GT06 frame (as `Gt06FrameSplitter` yields them). Never throws: anything it
 * cannot read comes back as `{ kind: 'malformed', reason }`.
 */
export function decodeGt06Frame(bytes: Uint8Array, options: Gt06DecodeOptions = {}): Gt06DecodeResult {
  const frame = parseFrame(bytes);
  if ('kind' in frame) return frame;
  const { protocol, serial } = frame;
  if (!frame.crcOk && !(options.acceptBadCrc ?? true)) return malformed('bad crc', protocol, serial);
  try {
    return decodeContent(frame, options.timezoneOffsetMinutes ?? 0);
  } catch (error) {
    if (error instanceof MalformedContent) return malformed(error.reason, protocol, serial);
    return malformed(
      `undecodable: ${error instanceof Error ? error.message : String(error)}`,
      protocol,
      serial,
    );
  }
}

function parseFrame(bytes: unknown): Frame | Gt06Malformed {
  if (!(bytes instanceof Uint8Array)) return malformed('not bytes');
  if (bytes.length < 10) return malformed('too short');
  const extended = bytes[0] === 0x79 && bytes[1] === 0x79;
  if (!extended && !(bytes[0] === 0x78 && bytes[1] === 0x78)) return malformed('no start marker');
  const headerBytes = extended ? 4 : 3;
  const lengthField = extended ? (bytes[2]! << 8) | bytes[3]! : bytes[2]!;
  if (lengthField < 5 || headerBytes + lengthField + 2 !== bytes.length) return malformed('length mismatch');
  const end = bytes.length;
  if (bytes[end - 2] !== 0x0d || bytes[end - 1] !== 0x0a) return malformed('no stop bytes');
  const protocol = bytes[headerBytes]!;
  const serial = (bytes[end - 6]! << 8) | bytes[end - 5]!;
  const crc = (bytes[end - 4]! << 8) | bytes[end - 3]!;
  return {
    extended,
    lengthField,
    protocol,
    serial,
    crcOk: crc16X25(bytes, 2, end - 4) === crc,
    content: bytes.subarray(headerBytes + 1, end - 6),
  };
}

function decodeContent(frame: Frame, offsetMinutes: number): Gt06Message {
  const { protocol, serial, crcOk, extended, content } = frame;
  // `...header` goes last in the messages: V8 (Node 20) builds `{ ...a, newKey }` through a slow
  // path (~1 µs per added key, a dictionary object), `{ newKey, ...a }` on the fast one.
  const header = { protocol, serial, crcOk, extended };
  const r = new ContentReader(content);
  if (extended) {
    if (protocol === 0x94) {
      const subType = r.u8('sub-type');
      const payload = r.rest();
      // 0x00 is external power in Concox's table; the reference test reads sub-type 0x0B the same way.
      const isPower = (subType === 0x00 || subType === 0x0b) && payload.length === 2;
      const powerVoltage = isPower ? ((payload[0]! << 8) | payload[1]!) / 100 : null;
      return { kind: 'info', subType, payload: toHex(payload), powerVoltage, ...header };
    }
    if (protocol === 0x21) {
      const serverFlag = r.uint(4, 'server flag');
      const ascii = r.u8('encoding') === 1;
      const text = ascii ? latin1(r.rest()) : utf16be(r.rest());
      return { kind: 'commandReply', serverFlag, text, ...header };
    }
    return { kind: 'unknown', content: toHex(content), ...header };
  }
  // A location number with no body is a device echoing an ack: nothing to decode, nothing to answer.
  if (content.length === 0 && protocol !== 0x8a) return { kind: 'unknown', content: '', ...header };
  if (protocol === 0x01) return decodeLogin(header, r);
  if (GPS_PROTOCOLS.has(protocol)) return decodeGps(header, r, frame.lengthField, offsetMinutes);
  if (ALARM_PROTOCOLS.has(protocol)) return decodeAlarm(header, r, frame.lengthField, offsetMinutes);
  if (protocol === 0x13 || protocol === 0x19) {
    const cell = protocol === 0x19 ? readCell(r) : null;
    const status = readStatus(r);
    const alarm = alarmOf(status, false);
    return { kind: 'status', cell, status, alarm, ...header } satisfies Gt06Status;
  }
  if (protocol === 0x23) return decodeHeartbeat23(header, r);
  if (protocol === 0x8a) return { kind: 'timeRequest', ...header };
  if (protocol === 0x15) {
    const length = r.u8('command length');
    if (length < 4) return { kind: 'commandReply', serverFlag: 0, text: '', ...header };
    const serverFlag = r.uint(4, 'server flag');
    const text = latin1(r.take(length - 4, 'command text'));
    return { kind: 'commandReply', serverFlag, text, ...header };
  }
  return { kind: 'unknown', content: toHex(content), ...header };
}

type Header = Pick<Gt06Message, 'protocol' | 'serial' | 'crcOk' | 'extended'>;

function decodeLogin(header: Header, r: ContentReader): Gt06Message {
  const bcd = toHex(r.take(8, 'imei'));
  if (!/^\d{16}$/.test(bcd)) throw new MalformedContent('imei is not BCD');
  const typeId = r.remaining >= 2 ? r.u16('type id') : null;
  let timezoneOffsetMinutes: number | null = null;
  if (r.remaining >= 2) {
    const ext = r.u16('time zone');
    const hhmm = ext >> 4; // e.g. 700 = 7 h 00 min
    const minutes = Math.floor(hhmm / 100) * 60 + (hhmm % 100);
    timezoneOffsetMinutes = ext & 0x08 ? -minutes : minutes;
  }
  return { kind: 'login', imei: bcd.slice(1), typeId, timezoneOffsetMinutes, ...header };
}

/**
 * Vendor layouts told apart by (protocol, length), as Traccar's `decodeVariant` does: VXT01 puts a
 * status block after the cell of 0x12 and drops the LBS length byte of 0x16; SeeWorld sends a 4-byte
 * cell id.
 */
const isVxt01 = (protocol: number, lengthField: number) =>
  (protocol === 0x12 || protocol === 0x16) && lengthField === 0x24;
const isSeeworld = (protocol: number, lengthField: number) =>
  (protocol === 0x16 && lengthField === 0x26) || (protocol === 0x22 && lengthField === 0x2f);

const CELL_LAYOUTS: Record<number, CellLayout> = {
  0x11: { wideMnc: true, cidBytes: 4 },
  0xa0: { lacBytes: 4, cidBytes: 8 },
};

function decodeGps(header: Header, r: ContentReader, lengthField: number, offsetMinutes: number): Gt06Gps {
  const { protocol } = header;
  const gps = readGps(r, offsetMinutes);
  const cell = protocol !== 0x10 && r.remaining >= 8 ? readCell(r, CELL_LAYOUTS[protocol]) : null;
  let acc: boolean | null = null;
  let odometerMeters: number | null = null;
  let archive: boolean | null = null;
  let status: Gt06TerminalStatus | null = null;
  if (protocol === 0x12 && isVxt01(protocol, lengthField)) {
    status = terminalBits(r.u8('terminal information'));
    status.powerVoltage = r.u16('power') / 100;
    status.gsmSignal = r.u8('gsm signal');
  } else if (protocol !== 0x10 && protocol !== 0x11) {
    // ACC, upload mode, re-upload flag, then optionally a 4-byte mileage.
    const hasAccBlock = protocol === 0x12 ? r.remaining === 3 || r.remaining === 7 : r.remaining >= 3;
    if (hasAccBlock) {
      acc = r.u8('acc') > 0;
      r.u8('upload mode');
      archive = r.u8('re-upload') > 0;
    }
    if (r.remaining >= 4) odometerMeters = r.uint(4, 'mileage');
  }
  const ignition = gps.ignition ?? acc ?? status?.ignition ?? null;
  return { kind: 'gps', gps, cell, ignition, odometerMeters, archive, status, ...header };
}

function decodeAlarm(
  header: Header,
  r: ContentReader,
  lengthField: number,
  offsetMinutes: number,
): Gt06Alarm {
  const { protocol } = header;
  const vxt01 = isVxt01(protocol, lengthField);
  const gps = readGps(r, offsetMinutes);
  const cell = vxt01 ? readCell(r) : readCellWithLength(r, isSeeworld(protocol, lengthField));
  const status = readStatus(r);
  const geofenceId = protocol === 0x27 && r.remaining > 0 ? r.u8('geofence') : null;
  return { kind: 'alarm', gps, cell, status, alarm: alarmOf(status, vxt01), geofenceId, ...header };
}

/** 0x23 (GK310 heartbeat): terminal info, battery voltage (0.01 V), GSM signal, language. */
function decodeHeartbeat23(header: Header, r: ContentReader): Gt06Status {
  const status = terminalBits(r.u8('terminal information'));
  if (r.remaining >= 2) status.batteryVoltage = r.u16('battery voltage') / 100;
  if (r.remaining >= 1) status.gsmSignal = r.u8('gsm signal');
  return { kind: 'status', cell: null, status, alarm: null, ...header };
}

/**
 * The alarm byte names the alarm more precisely than the three terminal-info bits, so it wins when
 * it maps to a kind. VXT01 reuses that byte for something else, so only the bits count there.
 */
function alarmOf(status: { terminalInfo: number; alarmCode: number | null }, vxt01: boolean) {
  const fromCode = !vxt01 && status.alarmCode !== null ? gt06AlarmFromCode(status.alarmCode) : null;
  return fromCode ?? gt06AlarmFromTerminalInfo(status.terminalInfo, vxt01);
}

function malformed(
  reason: string,
  protocol: number | null = null,
  serial: number | null = null,
): Gt06Malformed {
  return { kind: 'malformed', reason, protocol, serial };
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return text;
}

function utf16be(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  return text;
}
