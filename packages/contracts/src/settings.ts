import { z } from 'zod';
import { TIME_ZONES } from './time-zones.js';

// ── The signed-in user's settings ────────────────────────────────────────────────────────────────

/** `default`: the configured (remote) base map, falling back to the built-in one; `offline`: always the built-in one. */
const MAP_STYLES = ['default', 'offline'] as const;
/** `GET/PUT /api/auth/settings`: follows the user across browsers. */
export const userSettings = z.object({
  language: z.enum(['en', 'id']).default('en'),
  /** null: the unit's zone (WIB where the unit has none). */
  timeZone: z.enum(TIME_ZONES, 'Choose an Indonesian time zone').nullable().default(null),
  mapStyle: z.enum(MAP_STYLES).default('default'),
  notificationSound: z.boolean().default(true),
});
export type UserSettings = z.infer<typeof userSettings>;
/** The answer of `GET/PUT /api/auth/settings`: the settings plus when the user last saved them (null: never, all defaults). */
export const userSettingsResponse = userSettings.extend({ savedAt: z.string().nullable() });
export type UserSettingsResponse = z.infer<typeof userSettingsResponse>;
