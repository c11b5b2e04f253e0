import { z } from 'zod';
import { text } from './input.js';

const username = text()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[a-zA-Z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore only');
const password = text()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const loginRequest = z.object({
  /** The username or the e-mail address. */
  username: text().trim().min(1, 'Username is required').max(254),
  password: text().min(1, 'Password is required').max(128),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenResponse = z.object({ data: z.object({ access_token: z.string() }) });

const userGroup = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  role: z.string(),
  /** The unit's time zone: times are shown in it unless the user chose their own. */
  timeZone: z.string(),
});
export type UserGroup = z.infer<typeof userGroup>;

/** The login user (spec §3). */
export const loginUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  groups: z.array(userGroup),
  /** The role of the user's first group, or null when the user has none. */
  defaultRole: z.string().nullable(),
  lastLogin: z.string().nullable(),
});
export type LoginUser = z.infer<typeof loginUser>;

export const signupRequest = z.object({
  username,
  email: z.email('Enter a valid e-mail address').max(254),
  displayName: text().trim().min(1, 'Display name is required').max(100),
  password,
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupResponse = z.object({ data: z.object({ userId: z.number().int() }) });

export const forgotRequest = z.object({
  /** The username or the e-mail address of the account. */
  username: text().trim().min(1, 'Username or e-mail is required').max(254),
});
export type ForgotRequest = z.infer<typeof forgotRequest>;

export const resetRequest = z.object({
  token: text().min(10, 'Reset token is required').max(200),
  password,
});
export type ResetRequest = z.infer<typeof resetRequest>;

export const unlockRequest = z.object({ password: text().min(1, 'Password is required').max(128) });
export type UnlockRequest = z.infer<typeof unlockRequest>;

export const messageResponse = z.object({ data: z.object({ message: z.string() }) });

// ── The signed-in user's own profile ─────────────────────────────────────────────────────────────

/** `PUT /api/auth/profile`. */
export const profileInput = z.object({
  displayName: text('Display name is required').trim().min(1, 'Display name is required').max(100),
  email: z.email('Enter a valid e-mail address').max(254),
});
export type ProfileInput = z.input<typeof profileInput>;
/** `PUT /api/auth/password`: the current password is required. */
export const passwordChangeInput = z.object({
  currentPassword: text().min(1, 'Current password is required').max(128),
  newPassword: text().min(8, 'Password must be at least 8 characters').max(128),
});
export type PasswordChangeInput = z.input<typeof passwordChangeInput>;
