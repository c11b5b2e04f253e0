import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { units } from './units.js';

export const users = pgTable(
  'users',
  {
    userId: integer('user_id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** Bumped when every issued token must stop working (password reset). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Personal settings that follow the user across browsers (language, time zone, map style, sound). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Case-insensitive uniqueness: sign-in accepts any case of the username or e-mail.
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

/** A user's role within a unit. */
export const userGroups = pgTable(
  'user_groups',
  {
    userGroupId: integer('user_group_id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    role: text('role').notNull(),
  },
  (t) => [
    unique('user_groups_user_unit_unique').on(t.userId, t.unitId),
    index('user_groups_unit_idx').on(t.unitId),
  ],
);

export const passwordResets = pgTable('password_resets', {
  passwordResetId: integer('password_reset_id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.userId, { onDelete: 'cascade' }),
  /** sha256 (hex) of the token sent to the user; the token itself is never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Tokens signed out before they expire (by `jti`). A row lives until the token's own expiry, so the
 * table holds at most a day of sign-outs; every instance reads it, so a sign-out holds everywhere.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);
