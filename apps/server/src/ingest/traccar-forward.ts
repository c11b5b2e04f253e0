import { isAlarmKind, type AlarmKind, type Position } from '@pantau/protocols';
import { z } from 'zod';

const KNOTS_TO_KMH = 1.852;
const MAX_ATTRIBUTES = 50;

/**
 * What Traccar's `forward.type=json` posts for each position: its `PositionData`, i.e. the Position and
 * the Device as its REST API writes them (speed in knots, times ISO 8601, odometer in metres). Only the
 * fields Pantau reads are checked; the rest passes through.
 */
export const traccarForwardBody = z.object({
  position: z.looseObject({
    protocol: z.string().max(64).nullish(),
    fixTime: z.union([z.string(), z.number()]).refine((v) => !Number.isNaN(new Date(v).getTime()), {
      message: 'must be an ISO 8601 time',
    }),
    valid: z.boolean().nullish(),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    altitude: z.number().nullish(),
    speed: z.number().min(0).max(1000).nullish(),
    course: z.number().nullish(),
    accuracy: z.number().nullish(),
    attributes: z.record(z.string(), z.unknown()).nullish(),
  }),
  device: z.looseObject({
    uniqueId: z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{1,64}$/, 'must be 1–64 printable characters without spaces'),
    name: z.string().nullish(),
  }),
});
export type TraccarForwardBody = z.infer<typeof traccarForwardBody>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Traccar may join several alarms with commas (`sos,powerCut`); Pantau keeps the first it knows. */
function alarmOf(value: unknown): AlarmKind | null {
  if (typeof value !== 'string' || value === '') return null;
  return value.split(',').find(isAlarmKind) ?? 'general';
}

/** Traccar's position in Pantau's terms: uniqueId is the tracker id, knots become km/h. */
export function positionFromTraccar({ position, device }: TraccarForwardBody): Position {
  const attrs = position.attributes ?? {};
  const attributes: Record<string, unknown> = { protocol: 'traccar' };
  if (position.protocol) attributes.traccarProtocol = position.protocol;
  let count = 0;
  for (const [key, value] of Object.entries(attrs)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (['ignition', 'sat', 'batteryLevel', 'odometer'].includes(key)) continue;
    if (++count > MAX_ATTRIBUTES) break;
    attributes[key] = value;
  }
  const course = num(position.course);
  const odometer = num(attrs.odometer);
  return {
    trackerId: device.uniqueId,
    fixTime: new Date(position.fixTime),
    valid: position.valid ?? true,
    lat: position.latitude,
    lon: position.longitude,
    speedKmh: Math.round((position.speed ?? 0) * KNOTS_TO_KMH * 100) / 100,
    course: course === null ? null : ((Math.round(course) % 360) + 360) % 360,
    altitude: num(position.altitude),
    satellites: num(attrs.sat),
    // Traccar writes 0 when the device gives no accuracy.
    accuracy: position.accuracy ? position.accuracy : null,
    ignition: typeof attrs.ignition === 'boolean' ? attrs.ignition : null,
    odometerKm: odometer === null ? null : odometer / 1000,
    battery: num(attrs.batteryLevel),
    alarm: alarmOf(attrs.alarm),
    attributes,
  };
}
