import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { text } from './input.js';

// ── Audit trail ──────────────────────────────────────────────────────────────────────────────────

const auditRow = z.object({
  auditId: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  label: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditList = listOf(auditRow);
export type AuditList = z.infer<typeof auditList>;
/** What the trail records changes of. */
const auditEntities = [
  'vehicle',
  'driver',
  'fleet',
  'unit',
  'user',
  'share_link',
  'geofence',
  'marker',
  'route',
  'work_order',
  'maintenance',
  'incident',
  'pretrip_check',
] as const;
export type AuditEntity = (typeof auditEntities)[number];
export const auditQuery = pagingQuery.extend({
  entity: z.enum(auditEntities).optional(),
  entityId: text().max(40).optional(),
});
