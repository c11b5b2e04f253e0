import type { AlarmKind } from '../position.js';

/** The GPS block shared by the location and alarm messages (research/anchors.md §5.2). */
export interface Gt06GpsFix {
  fixTime: Date;
  valid: boolean;
  satellites: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  /** ACC from the course/status word, only where the device sets the "ACC present" bit. */
  ignition: boolean | null;
}

/** The serving cell (LBS block). */
export interface Gt06Cell {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
}

/** The status block: terminal-information byte plus whatever of voltage/GSM/alarm the layout has. */
export interface Gt06TerminalStatus {
  /** The raw terminal-information byte. */
  terminalInfo: number;
  armed: boolean;
  ignition: boolean;
  charging: boolean;
  /** Bit 6: GPS tracking on. */
  gpsTracking: boolean;
  /** Bit 7: oil/electricity cut (engine blocked by command). */
  blocked: boolean;
  /** Battery in percent, from the 0–6 voltage level (or a 7–100 percentage some devices send). */
  batteryLevel: number | null;
  /** The raw voltage-level byte. */
  voltageLevel: number | null;
  /** Internal battery voltage in volts (0x23 heartbeat). */
  batteryVoltage: number | null;
  /** External power voltage in volts (VXT01 layout). */
  powerVoltage: number | null;
  /** GSM signal strength as sent (0–4 on most devices). */
  gsmSignal: number | null;
  /** The raw alarm byte, where the layout has one. */
  alarmCode: number | null;
}

interface Gt06Header {
  protocol: number;
  serial: number;
  /** Whether the frame's CRC-16/X.25 matched. False only when bad CRCs are accepted. */
  crcOk: boolean;
  /** `7979` frame with a 2-byte length. */
  extended: boolean;
  /**
   * False when the length field did not match the frame (the frame was cut at its `0D 0A`); the
   * content was then read from the start and the serial taken 6 bytes before the end.
   */
  lengthOk?: boolean;
}

export interface Gt06Login extends Gt06Header {
  kind: 'login';
  imei: string;
  typeId: number | null;
  /** Device clock offset from UTC announced in the login, in minutes (west negative). */
  timezoneOffsetMinutes: number | null;
}

export interface Gt06Gps extends Gt06Header {
  kind: 'gps';
  gps: Gt06GpsFix;
  cell: Gt06Cell | null;
  /** Best ignition the frame gives: the ACC bit, else the ACC byte, else the status block. */
  ignition: boolean | null;
  odometerMeters: number | null;
  /** Re-upload flag: the device is sending buffered fixes after a signal loss. */
  archive: boolean | null;
  /** Only on layouts that append a status block to a location (VXT01, LW4G). */
  status: Gt06TerminalStatus | null;
  /** An alarm the layout carries without a status block (0x95, 0x33 extended, 0x70 events). */
  alarm?: AlarmKind | null;
  /** Metres, where the layout has it (0x70 modular, SL4X). */
  altitude?: number | null;
  /** Horizontal accuracy in metres, where the layout has it (0x37). */
  accuracy?: number | null;
  /** Further values under stable keys (`driverUniqueId`, `power`, `batteryVoltage`, `temperature`, …). */
  attributes?: Record<string, unknown>;
}

export interface Gt06Alarm extends Gt06Header {
  kind: 'alarm';
  gps: Gt06GpsFix;
  cell: Gt06Cell | null;
  status: Gt06TerminalStatus;
  alarm: AlarmKind | null;
  /** 0x27 carries the number of the device's own geofence. */
  geofenceId: number | null;
  /** Metres, where the layout has it (SL4X). */
  altitude?: number | null;
  /** Mileage in metres, where the layout has it (LW4G). */
  odometerMeters?: number | null;
  /** Further values under stable keys (`power`, `odometer`, …). */
  attributes?: Record<string, unknown>;
}

/** Heartbeat or LBS status: no GPS block, so it never makes a position on its own. */
export interface Gt06Status extends Gt06Header {
  kind: 'status';
  cell: Gt06Cell | null;
  status: Gt06TerminalStatus;
  /** The ACC state the message reports, or null when it says nothing of it (a fix-less alarm). */
  ignition: boolean | null;
  alarm: AlarmKind | null;
}

/**
 * WiFi access points or neighbouring cells without a GPS fix (0x17, 0x18, 0x24, 0x28, 0x2C, 0x2E,
 * 0x33, 0x34 SL4X, 0x69, 0xA1, 0xA2, 0xF3). Pantau does not locate by network, so nothing is stored.
 */
export interface Gt06Network extends Gt06Header {
  kind: 'network';
  /** The time the device took the scan, where the layout has it. */
  deviceTime: Date | null;
  /** 0x17/0x69: the 6 BCD time bytes (hex) the device expects echoed in its answer. */
  wifiReplyTime: string | null;
}

/** 0x8A: the device asks for the time; answer with `gt06TimeReply`. */
export interface Gt06TimeRequest extends Gt06Header {
  kind: 'timeRequest';
}

/** 0x15 / 0x21: the device's answer to a command. */
export interface Gt06CommandReply extends Gt06Header {
  kind: 'commandReply';
  serverFlag: number;
  text: string;
}

/** 0x94 information transfer (extended frame). */
export interface Gt06Info extends Gt06Header {
  kind: 'info';
  subType: number;
  /** The content after the sub-type, as hex. */
  payload: string;
  /** External power voltage in volts, where the sub-type carries it. */
  powerVoltage: number | null;
}

export interface Gt06Unknown extends Gt06Header {
  kind: 'unknown';
  /** The content (between protocol number and serial), as hex. */
  content: string;
}

export type Gt06Message =
  | Gt06Login
  | Gt06Gps
  | Gt06Alarm
  | Gt06Status
  | Gt06Network
  | Gt06TimeRequest
  | Gt06CommandReply
  | Gt06Info
  | Gt06Unknown;

/** Input the decoder could not read. `protocol`/`serial` are given when the framing was intact. */
export interface Gt06Malformed {
  kind: 'malformed';
  reason: string;
  protocol: number | null;
  serial: number | null;
}

export type Gt06DecodeResult = Gt06Message | Gt06Malformed;
