import type { AlarmKind } from '../position.js';

/**
 * The "alarm" byte of the GT06 status block (0x13, 0x16, 0x19, 0x26, 0x27), as Traccar's
 * `decodeAlarm` maps it (research/anchors.md §5.2, plus 0x09/0x18/0x19/0x28 from Traccar's source;
 * 0x19 is what the `lbs19_lowbatt` and `alarm27_lowbatt` captures carry).
 */
const alarmCodes: ReadonlyMap<number, AlarmKind> = new Map<number, AlarmKind>([
  [0x01, 'sos'],
  [0x02, 'powerCut'],
  [0x03, 'vibration'],
  [0x09, 'vibration'],
  [0x04, 'geofenceEnter'],
  [0x05, 'geofenceExit'],
  [0x06, 'overspeed'],
  [0x0e, 'lowBattery'],
  [0x0f, 'lowBattery'],
  [0x19, 'lowBattery'],
  [0x11, 'powerOff'],
  [0x0c, 'tampering'],
  [0x13, 'tampering'],
  [0x25, 'tampering'],
  [0x32, 'tampering'],
  [0x14, 'door'],
  [0x18, 'removing'],
  [0x1a, 'hardBraking'],
  [0x27, 'hardBraking'],
  [0x28, 'hardBraking'],
  [0x1b, 'hardCornering'],
  [0x2a, 'hardCornering'],
  [0x2b, 'hardCornering'],
  [0x2e, 'hardCornering'],
  [0x23, 'fallDown'],
  [0x26, 'hardAcceleration'],
  [0x29, 'hardAcceleration'],
  [0x2c, 'accident'],
  [0x30, 'jamming'],
  [0x33, 'lock'],
  [0x34, 'unlock'],
  [0x53, 'fuelLeak'],
  [0xc9, 'idle'],
]);

export const gt06AlarmFromCode = (code: number): AlarmKind | null => alarmCodes.get(code) ?? null;

/**
 * Bits 3–5 of the terminal-information byte. 7 means "removed" on most devices but "overspeed" on
 * the VXT01 layout.
 */
export function gt06AlarmFromTerminalInfo(terminalInfo: number, vxt01: boolean): AlarmKind | null {
  switch ((terminalInfo >> 3) & 0b111) {
    case 1:
      return 'vibration';
    case 2:
      return 'powerCut';
    case 3:
      return 'lowBattery';
    case 4:
      return 'sos';
    case 6:
      return 'geofence';
    case 7:
      return vxt01 ? 'overspeed' : 'removing';
    default:
      return null;
  }
}

/**
 * The alarm of a status block. The alarm byte names the alarm more precisely than the three
 * terminal-info bits, so it wins when it maps to a kind. VXT01 reuses that byte for something else,
 * so only the bits count there.
 */
export function gt06StatusAlarm(
  status: { terminalInfo: number; alarmCode: number | null },
  vxt01: boolean,
): AlarmKind | null {
  const fromCode = !vxt01 && status.alarmCode !== null ? gt06AlarmFromCode(status.alarmCode) : null;
  return fromCode ?? gt06AlarmFromTerminalInfo(status.terminalInfo, vxt01);
}

/** The event byte of a JC100 (0x95) alarm; `withFix` tells the GPS-carrying layout. */
const jc100Events: ReadonlyMap<number, AlarmKind> = new Map<number, AlarmKind>([
  [0x0e, 'lowBattery'],
  [0x80, 'vibration'],
  [0x87, 'overspeed'],
  [0x88, 'powerCut'],
  [0x90, 'hardAcceleration'],
  [0x91, 'hardBraking'],
  [0x92, 'hardCornering'],
  [0x93, 'accident'],
]);
export function gt06Jc100Alarm(event: number, withFix: boolean): AlarmKind | null {
  if (event === 0x01) return withFix ? 'sos' : 'general';
  return jc100Events.get(event) ?? null;
}

/** The status byte of an AZ735 alarm (0x33 extended). */
export function gt06Az735Alarm(status: number): AlarmKind | null {
  if (status === 0xa2 || status === 0xa3) return 'lowBattery';
  if (status === 0xa4) return 'general';
  if (status === 0xa5) return 'door';
  return null;
}

/** The event of a modular report's 0x2B module. */
export function gt06ModularAlarm(event: number): AlarmKind | null {
  if (event === 0x11) return 'lowBattery';
  if (event === 0x13) return 'powerCut';
  if (event === 0x14) return 'removing';
  return null;
}
