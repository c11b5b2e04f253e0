import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { Actor } from '../kit/actor.js';
import { diffFields, type AuditEntry } from './audit.js';

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

/**
 * The audit trail of one kind of row (vehicles, drivers …), each entry naming its row as `identify`
 * says and listing the fields that changed; written within the write's transaction.
 */
export function auditTrailOf<Row extends Record<string, unknown>>(
  entity: AuditEntry['entity'],
  identify: (row: Row) => { unitId: number | null; entityId: number; label: string },
) {
  const entryOf = (action: string, before: Row | null, after: Row): AuditEntry => ({
    ...identify(after),
    entity,
    action,
    changes: diffFields(before, after),
  });
  return {
    /** One row changed by `action` (a create has nothing before). */
    change: (tx: Db, actor: Actor, action: string, before: Row | null, after: Row) =>
      recordAudit(tx, actor, entryOf(action, before, after)),
    /** Many new rows (an import), in a few statements. */
    created: (tx: Db, actor: Actor, action: string, rows: Row[]) =>
      recordAudits(
        tx,
        actor,
        rows.map((row) => entryOf(action, null, row)),
      ),
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
