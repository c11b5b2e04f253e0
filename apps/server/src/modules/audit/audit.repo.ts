import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { Actor, AuditEntry } from './audit.js';

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

export function createAuditRepo(db: Db) {
  return {
    /** One page of a unit's audit trail, newest first. */
    async pageOfUnit(
      unitId: number,
      q: { Take: number; Skip: number; entity?: string | undefined; entityId?: string | undefined },
    ) {
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
      return { count: total?.n ?? 0, rows };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
