import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { boolQuery, text } from './input.js';
import { ROLES } from './roles.js';

// ── Users of the unit (user management) ──────────────────────────────────────────────────────────

/** A user of the chosen unit as the user-management list shows it (`GET /api/users`, Administrator only). */
export const userRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** The user's role in the chosen unit. */
  role: z.string(),
  disabled: z.boolean(),
  /** ISO 8601 UTC, or null when the user never signed in. */
  lastLogin: z.string().nullable(),
  /**
   * Whether the asking Administrator may change the account itself (disable, reset password, name,
   * e-mail): only when they are Administrator of every unit the user belongs to.
   */
  canManageAccount: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;

export const userList = listOf(userRow);
export type UserList = z.infer<typeof userList>;

export const roleName = z.enum(ROLES, 'Role must be Administrator, User or Guest');
export type RoleName = z.infer<typeof roleName>;
export const userSearchQuery = pagingQuery.extend({
  search: text().trim().max(64).optional(),
  role: roleName.optional(),
  disabled: boolQuery.optional(),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;
/** `POST /api/users`: a new account in this unit, or — with only `username` (or e-mail) and `role` — an existing one added to it. */
export const userCreateInput = z.object({
  username: text('Username is required')
    .trim()
    .min(1, 'Username is required')
    .min(3, 'Username must be at least 3 characters')
    .max(254),
  displayName: text().trim().min(1).max(100).optional(),
  email: z.email('Enter a valid e-mail address').max(254).optional(),
  /** Required for a new account; absent when adding an existing user. */
  password: text().min(8, 'Password must be at least 8 characters').max(128).optional(),
  role: roleName,
});
export type UserCreateInput = z.infer<typeof userCreateInput>;
/** A new account as the add-user form sends it: e-mail and password are needed. */
export const newUserInput = userCreateInput.extend({
  email: z
    .string('E-mail is required for a new account')
    .trim()
    .min(1, 'E-mail is required for a new account')
    .pipe(z.email('Enter a valid e-mail address').max(254)),
  password: z
    .string('Password is required')
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
});
/** `PUT /api/users/{userId}`: role in this unit, disable/enable, display name and e-mail. */
export const userUpdateInput = z.object({
  role: roleName.optional(),
  disabled: z.boolean().optional(),
  displayName: text().trim().min(1, 'Display name is required').max(100).optional(),
  email: z.email('Enter a valid e-mail address').max(254).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateInput>;
/** `POST /api/users/{userId}/reset-password`: sets a new password (the user's sessions end). */
export const userPasswordInput = z.object({
  password: text('Password is required')
    .min(1, 'Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
});
