import { z } from 'zod';
import { listOf } from './common.js';
import { optionalText, text } from './input.js';
import { optionalPhone } from './phone.js';
import { TIME_ZONES } from './time-zones.js';

/** A unit the signed-in user holds a role in (`GET /api/units`). */
const unitItem = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  /** The user's role in this unit. */
  role: z.string(),
  timeZone: z.string(),
});

export const unitList = listOf(unitItem);

/** `GET/PUT /api/units/info`: the chosen unit's own information. */
export const unitInfo = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  timeZone: z.string(),
  vehicleCount: z.number().int(),
  userCount: z.number().int(),
});
export type UnitInfo = z.infer<typeof unitInfo>;
export const unitInfoInput = z.object({
  unitName: text('Unit name is required')
    .trim()
    .min(1, 'Unit name is required')
    .min(2, 'Unit name must be at least 2 characters')
    .max(100),
  address: optionalText(300),
  phone: optionalPhone,
  timeZone: z.enum(TIME_ZONES, 'Choose an Indonesian time zone'),
});
export type UnitInfoInput = z.infer<typeof unitInfoInput>;
