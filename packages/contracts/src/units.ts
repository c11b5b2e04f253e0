import { z } from 'zod';
import { listOf } from './common.js';

/** A unit the signed-in user holds a role in (`GET /api/units`). */
export const unitItem = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  /** The user's role in this unit. */
  role: z.string(),
  timeZone: z.string(),
});
export type UnitItem = z.infer<typeof unitItem>;

export const unitList = listOf(unitItem);
export type UnitList = z.infer<typeof unitList>;
