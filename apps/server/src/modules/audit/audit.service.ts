import type { AuditRow } from '@pantau/contracts';
import type { AuditRepo } from './audit.repo.js';

/** The audit trail as Administrators read it (GET /api/audit). */
export function createAuditService(deps: { auditRepo: AuditRepo }) {
  return {
    async pageOfUnit(
      unitId: number,
      q: Parameters<AuditRepo['pageOfUnit']>[1],
    ): Promise<{ count: number; results: AuditRow[] }> {
      const { count, rows } = await deps.auditRepo.pageOfUnit(unitId, q);
      return {
        count,
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
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
