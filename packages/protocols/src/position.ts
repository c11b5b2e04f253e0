/**
 * Alarm kinds a tracker can raise. The names follow Traccar's `Position.ALARM_*` values so that
 * positions imported from or compared with a Traccar server mean the same thing.
 */
export const alarmKinds = [
  'general',
  'sos',
  'powerCut',
  'powerOff',
  'lowBattery',
  'vibration',
  'geofence',
  'geofenceEnter',
  'geofenceExit',
  'overspeed',
  'tampering',
  'removing',
  'door',
  'hardBraking',
  'hardAcceleration',
  'hardCornering',
  'fallDown',
  'accident',
  'jamming',
  'lock',
  'unlock',
  'fuelLeak',
  'idle',
] as const;
export type AlarmKind = (typeof alarmKinds)[number];

const alarmKindSet: ReadonlySet<string> = new Set(alarmKinds);
export const isAlarmKind = (value: string): value is AlarmKind => alarmKindSet.has(value);

/**
 * The normalised position every source (GT06, OsmAnd, …) produces (DESIGN.md §6). Units are fixed:
 * degrees, km/h, metres; times are UTC instants.
 */
export interface Position {
  /** The tracker's unique id: IMEI for GT06, the `id` for OsmAnd. */
  trackerId: string;
  fixTime: Date;
  /** Whether the receiver had a fix; invalid positions are kept for the record but not trusted. */
  valid: boolean;
  lat: number;
  lon: number;
  speedKmh: number;
  /** Degrees clockwise from north, 0–359; null when the source does not know. */
  course: number | null;
  /** Metres above sea level. */
  altitude: number | null;
  satellites: number | null;
  /** Horizontal accuracy in metres. */
  accuracy: number | null;
  ignition: boolean | null;
  odometerKm?: number | null;
  /** Battery level in percent (0–100). Voltages go to `attributes`. */
  battery?: number | null;
  alarm: AlarmKind | null;
  /** Everything else the source said, under stable keys (`protocol`, `power`, `charge`, `cell`, …). */
  attributes: Record<string, unknown>;
}
