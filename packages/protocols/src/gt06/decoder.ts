import { gt06StatusAlarm } from './alarms.js';
import { readCell, readDateTime, readStatus, terminalBits } from './blocks.js';
import { crc16X25 } from './crc.js';
import {
  decodeAlarm,
  decodeAz735,
  decodeGps,
  decodeJc100Alarm,
  decodeModular,
  decodeX1Gps,
  decodeLw4g,
  decodeRfid,
  decodeSr411,
  type Frame,
  type Header,
} from './layouts.js';
import type { Gt06DecodeResult, Gt06Malformed, Gt06Message, Gt06Status } from './messages.js';
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

/**
 * Location numbers whose GPS block is followed by a cell without a length byte (and, on some, ACC,
 * upload mode, re-upload flag and mileage): 0x10 GPS, 0x11, 0x12, 0x22, 0x2D, 0x31, 0x37, 0xA0 GPS+LBS,
 * 0x1A GPS+phone, 0x1E GPS+LBS extend.
 */
const GPS_PROTOCOLS = new Set([0x10, 0x11, 0x12, 0x1a, 0x1e, 0x22, 0x2d, 0x31, 0x37, 0xa0]);
/** GPS + cell + status block ("alarm" packets): 0x16, 0x26, 0x27, 0x32, and the fence reports 0xA3/0xA4. */
const ALARM_PROTOCOLS = new Set([0x16, 0x26, 0x27, 0x32, 0xa3, 0xa4]);
/** Cell or WiFi scans with no GPS block. */
const NETWORK_PROTOCOLS = new Set([0x17, 0x18, 0x24, 0x28, 0x2c, 0x2e, 0x33, 0x34, 0x69, 0xa1, 0xa2, 0xf3]);

/**
 * Decodes one whole GT06 frame (as `Gt06FrameSplitter` yields them). Never throws: anything it
 * cannot read comes back as `{ kind: 'malformed', reason }`.
 *
 * Vendor layouts share protocol numbers and are told apart by (protocol, length field), as the
 * reference server's `decodeVariant` does. Once a GPS block has been read, a tail the layout does not
 * match (a vendor's extra bytes, a frame cut short) never loses the fix: what was read is kept.
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
  if (bytes.length < 6) return malformed('too short');
  const extended = bytes[0] === 0x79 && bytes[1] === 0x79;
  if (!extended && !(bytes[0] === 0x78 && bytes[1] === 0x78)) return malformed('no start marker');
  const headerBytes = extended ? 4 : 3;
  if (bytes.length < headerBytes + 3) return malformed('too short');
  const end = bytes.length;
  if (bytes[end - 2] !== 0x0d || bytes[end - 1] !== 0x0a) return malformed('no stop bytes');
  const lengthField = extended ? (bytes[2]! << 8) | bytes[3]! : bytes[2]!;
  const protocol = bytes[headerBytes]!;
  const lengthOk = lengthField >= 5 && headerBytes + lengthField + 2 === end;
  // A length of 0 (WiFi reports) means no serial and no CRC: the content runs to the stop bytes.
  const trailer = lengthOk || (lengthField > 0 && end - headerBytes - 3 >= 4) ? 6 : 2;
  if (lengthOk && end < 10) return malformed('too short');
  const serial = trailer === 6 ? (bytes[end - 6]! << 8) | bytes[end - 5]! : 0;
  const crc = trailer === 6 ? (bytes[end - 4]! << 8) | bytes[end - 3]! : -1;
  return {
    extended,
    lengthField,
    lengthOk,
    protocol,
    serial,
    crcOk: crc >= 0 && crc16X25(bytes, 2, end - 4) === crc,
    content: bytes.subarray(headerBytes + 1, Math.max(headerBytes + 1, end - trailer)),
    tail: bytes.subarray(headerBytes + 1, end - 2),
  };
}

function decodeContent(frame: Frame, offsetMinutes: number): Gt06Message {
  const { protocol, serial, crcOk, extended, content, lengthField } = frame;
  // `...header` goes last in the messages: V8 (Node 20) builds `{ ...a, newKey }` through a slow
  // path (~1 µs per added key, a dictionary object), `{ newKey, ...a }` on the fast one.
  const header: Header = frame.lengthOk
    ? { protocol, serial, crcOk, extended }
    : { protocol, serial, crcOk, extended, lengthOk: false };
  const r = new ContentReader(content);
  if (extended) return decodeExtended(frame, header, r, offsetMinutes);
  // A location number with no body is a device echoing an ack: nothing to decode, nothing to answer.
  if (content.length === 0 && protocol !== 0x8a && (frame.lengthOk || frame.tail.length === 0))
    return { kind: 'unknown', content: '', ...header };
  if (protocol === 0x01) return decodeLogin(header, frame);
  if (protocol === 0x17 && lengthField === 0x28) return decodeRfid(header, r, offsetMinutes);
  if (protocol === 0xa2 && lengthField === 0x40) return decodeLw4g(header, r, offsetMinutes);
  if (protocol === 0x24 && lengthField === 0x2e) return decodeSr411(header, r, offsetMinutes);
  if (protocol === 0x34 && lengthField !== 0x37) return decodeX1Gps(header, r, offsetMinutes);
  if (protocol === 0x2a) return decodeGps(header, r, frame, offsetMinutes);
  if (GPS_PROTOCOLS.has(protocol)) return decodeGps(header, r, frame, offsetMinutes);
  if (ALARM_PROTOCOLS.has(protocol)) return decodeAlarm(header, r, frame, offsetMinutes);
  if (NETWORK_PROTOCOLS.has(protocol)) return decodeNetwork(header, frame, offsetMinutes);
  if (protocol === 0x95) return decodeJc100Alarm(header, r, lengthField, offsetMinutes);
  if (protocol === 0x13 || protocol === 0x19 || protocol === 0x36 || protocol === 0xa5) {
    // 0x19 and 0xA5 lead with a cell (0xA5: 4-byte LAC, 8-byte cell id).
    const cell =
      protocol === 0x19 ? readCell(r) : protocol === 0xa5 ? readCell(r, { lacBytes: 4, cidBytes: 8 }) : null;
    const status = readStatus(r);
    const alarm = gt06StatusAlarm(status, false);
    return { kind: 'status', cell, status, ignition: status.ignition, alarm, ...header } satisfies Gt06Status;
  }
  if (protocol === 0x23) return decodeHeartbeat23(header, r);
  if (protocol === 0x8a) return { kind: 'timeRequest', ...header };
  if (protocol === 0x15) {
    const length = r.u8('command length');
    if (length < 4) return { kind: 'commandReply', serverFlag: 0, text: '', ...header };
    const serverFlag = r.uint(4, 'server flag');
    const text = latin1(r.take(Math.min(length - 4, r.remaining), 'command text'));
    return { kind: 'commandReply', serverFlag, text, ...header };
  }
  return { kind: 'unknown', content: toHex(content), ...header };
}

function decodeExtended(frame: Frame, header: Header, r: ContentReader, offsetMinutes: number): Gt06Message {
  const { protocol, content } = frame;
  if (protocol === 0x94) {
    const subType = r.u8('sub-type');
    const payload = r.rest();
    // 0x00 is external power in Concox's table; the reference test reads sub-type 0x0B the same way.
    const isPower = (subType === 0x00 || subType === 0x0b) && payload.length === 2;
    const powerVoltage = isPower ? ((payload[0]! << 8) | payload[1]!) / 100 : null;
    return { kind: 'info', subType, payload: toHex(payload), powerVoltage, ...header };
  }
  if (protocol === 0x9b) {
    // Serial data from an external device (temperature probe, card reader): the device type, then data.
    const subType = r.u8('external device type');
    return { kind: 'info', subType, payload: toHex(r.rest()), powerVoltage: null, ...header };
  }
  if (protocol === 0x21) {
    const serverFlag = r.uint(4, 'server flag');
    const ascii = r.u8('encoding') === 1;
    const text = ascii ? latin1(r.rest()) : utf16be(r.rest());
    return { kind: 'commandReply', serverFlag, text, ...header };
  }
  if (protocol === 0x32 || protocol === 0x33) return decodeAz735(header, r, offsetMinutes);
  if (protocol === 0x70) return decodeModular(header, r);
  return { kind: 'unknown', content: toHex(content), ...header };
}

function decodeLogin(header: Header, frame: Frame): Gt06Message {
  // A login cut short (its length byte claims more than was sent) still carries the IMEI up front.
  const r = new ContentReader(frame.content.length >= 8 ? frame.content : frame.tail);
  const bcd = toHex(r.take(8, 'imei'));
  if (!/^\d{16}$/.test(bcd)) throw new MalformedContent('imei is not BCD');
  const full = frame.lengthOk;
  const typeId = full && r.remaining >= 2 ? r.u16('type id') : null;
  let timezoneOffsetMinutes: number | null = null;
  if (full && r.remaining >= 2) {
    const ext = r.u16('time zone');
    const hhmm = ext >> 4; // e.g. 700 = 7 h 00 min
    const minutes = Math.floor(hhmm / 100) * 60 + (hhmm % 100);
    timezoneOffsetMinutes = ext & 0x08 ? -minutes : minutes;
  }
  return { kind: 'login', imei: bcd.slice(1), typeId, timezoneOffsetMinutes, ...header };
}

/**
 * Scans without a GPS block. Only the time is read: Pantau does not locate by cell or WiFi. 0x17 and
 * 0x69 carry it as BCD and expect it echoed back; the others as binary in the device's clock.
 */
function decodeNetwork(header: Header, frame: Frame, offsetMinutes: number): Gt06Message {
  const { protocol } = header;
  const wifi = protocol === 0x17 || protocol === 0x69;
  const bytes = frame.lengthField === 0 ? frame.tail : frame.content;
  if (wifi) {
    const time = bytes.subarray(0, 6);
    const digits = toHex(time);
    const deviceTime = bcdTime(digits, offsetMinutes);
    return { kind: 'network', deviceTime, wifiReplyTime: time.length === 6 ? digits : null, ...header };
  }
  let deviceTime: Date | null;
  try {
    deviceTime = readDateTime(new ContentReader(bytes), offsetMinutes);
  } catch {
    deviceTime = null;
  }
  return { kind: 'network', deviceTime, wifiReplyTime: null, ...header };
}

function bcdTime(digits: string, offsetMinutes: number): Date | null {
  if (!/^\d{12}$/.test(digits)) return null;
  const [yy, mo, dd, hh, mi, ss] = digits.match(/../g)!.map(Number);
  const ms = Date.UTC(2000 + yy!, mo! - 1, dd!, hh!, mi!, ss!);
  const date = new Date(ms - offsetMinutes * 60_000);
  return date.getUTCMonth() === mo! - 1 ? date : null;
}

/** 0x23 (GK310 heartbeat): terminal info, battery voltage (0.01 V), GSM signal, language. */
function decodeHeartbeat23(header: Header, r: ContentReader): Gt06Status {
  const status = terminalBits(r.u8('terminal information'));
  if (r.remaining >= 2) status.batteryVoltage = r.u16('battery voltage') / 100;
  if (r.remaining >= 1) status.gsmSignal = r.u8('gsm signal');
  return { kind: 'status', cell: null, status, ignition: status.ignition, alarm: null, ...header };
}

function malformed(
  reason: string,
  protocol: number | null = null,
  serial: number | null = null,
): Gt06Malformed {
  return { kind: 'malformed', reason, protocol, serial };
}

export function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return text;
}

function utf16be(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  return text;
}
