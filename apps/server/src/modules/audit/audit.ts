import { and, count, desc, eq } from 'drizzle-orm';
import type { AuditRow } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** Who did it: the signed-in user (request.user). */
export interface Actor {
  userId: number;
  username: string;
}

export interface AuditEntry {
  /** Null for a user's own profile and settings. */
  unitId: number | null;
  action: string;
  entity: 'vehicle' | 'driver' | 'fleet' | 'unit' | 'user' | 'profile' | 'settings' | 'share_link';
  entityId: string | number | null;
  /** Plate, driver name, username … as it was at the time. */
  label?: string | null;
  changes?: Record<string, { from: unknown; to: unknown }> | null;
}

/** Fields never written to the audit trail, whatever the entity. */
const SECRET_FIELDS = new Set(['password', 'passwordHash', 'currentPassword', 'newPassword', 'tokenHash']);

const comparable = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v === undefined ? null : JSON.stringify(v);

/**
 * `{ field: { from, to } }` for each field of `after` that differs from `before`; secrets are
 * recorded as changed without their values. With `before` null (a create) every non-null field is listed.
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before ? before[key] : null;
    if (before === null && (to === null || to === undefined)) continue;
    if (comparable(from) === comparable(to)) continue;
    changes[key] = SECRET_FIELDS.has(key)
      ? { from: '***', to: '***' }
      : {
          from: from instanceof Date ? from.toISOString() : (from ?? null),
          to: to instanceof Date ? to.toISOString() : (to ?? null),
        };
  }
  return changes;
}

/**
 * Writes one audit row. Pass the transaction of the write itself (`tx`), so the change and its audit
 * entry commit or roll back together.
 */
export async function recordAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditValues(actor, entry));
}

/** Many entries in one statement (an import's rows), within the write's transaction as `recordAudit`. */
export async function recordAudits(db: Db, actor: Actor, entries: AuditEntry[]): Promise<void> {
  const CHUNK = 1000;
  for (let i = 0; i < entries.length; i += CHUNK)
    await db.insert(auditLog).values(entries.slice(i, i + CHUNK).map((entry) => auditValues(actor, entry)));
}

function auditValues(actor: Actor, entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    unitId: entry.unitId,
    actorUserId: actor.userId,
    actorName: actor.username,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    label: entry.label ?? null,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
  };
}

/** One page of a unit's audit trail, newest first (Administrators read it: GET /api/audit). */
export async function auditPage(
  db: Db,
  unitId: number,
  q: { Take: number; Skip: number; entity?: string | undefined; entityId?: string | undefined },
): Promise<{ count: number; results: AuditRow[] }> {
  const where = and(
    eq(auditLog.unitId, unitId),
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.auditId))
    .limit(q.Take)
    .offset(q.Skip);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({
      auditId: r.auditId,
      at: r.at.toISOString(),
      actor: r.actorName,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      label: r.label,
      changes: r.changes ?? null,
    })),
  };
}
