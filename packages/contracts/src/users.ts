import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';

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

export const userListQuery = pagingQuery;
export const userList = listOf(userRow);
export type UserList = z.infer<typeof userList>;
