import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { units } from './units.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';

/**
 * Every management write (DESIGN.md §4): who, when, what, and the fields that changed
 * (`{ field: { from, to } }`). `unitId` is null for a user's own profile and settings.
 * Rows are never updated or deleted by the application.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: integer('audit_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id').references(() => units.unitId),
    actorUserId: integer('actor_user_id').references(() => users.userId, { onDelete: 'set null' }),
    /** The actor's username at the time, kept when the user is later deleted. */
    actorName: text('actor_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** create, update, deactivate, delete, import, add_member, change_role, remove_member, disable, enable, reset_password, share, revoke … */
    action: text('action').notNull(),
    /** vehicle, driver, fleet, unit, user, profile, settings, share_link */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** Human label of the entity at the time (plate, driver name, username …). */
    label: text('label'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
  },
  (t) => [index('audit_log_unit_at_idx').on(t.unitId, t.at.desc())],
);

/** /preview-vehicle links: one vehicle's live position for someone without an account. */
export const shareLinks = pgTable(
  'share_links',
  {
    shareLinkId: integer('share_link_id').primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.unitId),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.vehicleId, { onDelete: 'cascade' }),
    /** sha256 (hex) of the link's token; the token itself is shown once, at creation. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Who it is for ("PT Astra – Dealer Bandung"), optional. */
    note: text('note'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('share_links_vehicle_idx').on(t.vehicleId)],
);
