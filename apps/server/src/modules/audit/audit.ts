import type { AuditEntity } from '@pantau/contracts';

export interface AuditEntry {
  /** Null for a user's own profile and settings. */
  unitId: number | null;
  action: string;
  entity: AuditEntity | 'profile' | 'settings';
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
