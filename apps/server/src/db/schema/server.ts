import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Settings the server keeps for itself, shared by every instance on the database: the token signing
 * secret when `PANTAU_JWT_SECRET` is not set (`signing_secret`).
 */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Hits counted per key (a failed sign-in of a username from an address, a public route's caller) in
 * short windows, so every instance counts against the same limit. Windows older than a limit's span are
 * deleted as they age.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

/**
 * What an instance caches from the database (the vehicle index, a unit's geography) and when it last
 * changed: an instance that changes one raises its version, and the others read it again when they
 * see a higher one (ingest/cache-versions.ts).
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
