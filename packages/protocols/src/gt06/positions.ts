import type { Position } from '../position.js';
import type { Gt06Message, Gt06TerminalStatus } from './messages.js';

/**
 * The positions a GT06 message gives: one for a location or alarm frame, none otherwise. A status
 * or heartbeat has no GPS block; turning it into a position would mean re-stamping the last known
 * fix with a new time, which would fake movement history — the server updates the vehicle's live
 * state from it instead.
 */
export function toPositions(message: Gt06Message, imei: string): Position[] {
  if (message.kind !== 'gps' && message.kind !== 'alarm') return [];
  const { gps, cell } = message;
  const status = message.status;
  const attributes: Record<string, unknown> = {
    protocol: 'gt06',
    type: message.protocol,
    serial: message.serial,
  };
  if (!message.crcOk) attributes.crcOk = false;
  if (message.lengthOk === false) attributes.lengthOk = false;
  if (cell) attributes.cell = cell;
  if (status) Object.assign(attributes, statusAttributes(status));
  if (message.kind === 'gps' && message.archive !== null) attributes.archive = message.archive;
  if (message.kind === 'alarm' && message.geofenceId !== null) attributes.deviceGeofence = message.geofenceId;
  if (message.attributes) Object.assign(attributes, message.attributes);

  const ignition = message.kind === 'gps' ? message.ignition : (gps.ignition ?? message.status.ignition);
  const odometerMeters = message.odometerMeters ?? null;
  const accuracy = message.kind === 'gps' ? (message.accuracy ?? null) : null;
  return [
    {
      trackerId: imei,
      fixTime: gps.fixTime,
      valid: gps.valid,
      lat: gps.lat,
      lon: gps.lon,
      speedKmh: gps.speedKmh,
      course: gps.course,
      altitude: message.altitude ?? null,
      satellites: gps.satellites,
      accuracy,
      ignition,
      odometerKm: odometerMeters === null ? null : odometerMeters / 1000,
      battery: status?.batteryLevel ?? null,
      alarm: message.alarm ?? null,
      attributes,
    },
  ];
}

function statusAttributes(status: Gt06TerminalStatus): Record<string, unknown> {
  const out: Record<string, unknown> = {
    status: status.terminalInfo,
    charge: status.charging,
    blocked: status.blocked,
  };
  if (status.gsmSignal !== null) out.rssi = status.gsmSignal;
  if (status.powerVoltage !== null) out.power = status.powerVoltage;
  if (status.batteryVoltage !== null) out.batteryVoltage = status.batteryVoltage;
  if (status.alarmCode !== null) out.alarmCode = status.alarmCode;
  return out;
}
