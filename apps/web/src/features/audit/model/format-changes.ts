import type { AuditRow } from '@pantau/contracts';
import { formatDateTime } from '../../../lib/date-time';

export interface ChangeLabels {
  yes: string;
  no: string;
  /** Shown for null, undefined and the empty string. */
  empty: string;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One audit value as text: booleans translated, instants in WIB, lists joined, objects as JSON. */
export function formatAuditValue(value: unknown, labels: ChangeLabels): string {
  if (value === null || value === undefined || value === '') return labels.empty;
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length ? value.map((v) => formatAuditValue(v, labels)).join(', ') : labels.empty;
  return JSON.stringify(value);
}

/**
 * `field: from → to` for each changed field of an audit row, fields in the order they were recorded.
 * Given field labels, an id the caller does not label (the record's own key, its unit's) is left out:
 * a reader knows the record and the unit, and a bare number tells them nothing. A field empty before
 * and after is left out too.
 */
export function formatChanges(
  changes: AuditRow['changes'],
  labels: ChangeLabels,
  fieldLabel?: (field: string) => string,
): string[] {
  if (!changes) return [];
  const label = fieldLabel ?? ((field: string) => field);
  const internal = (field: string) => fieldLabel !== undefined && /Id$/.test(field) && label(field) === field;
  const lines: string[] = [];
  for (const [field, { from, to }] of Object.entries(changes)) {
    if (internal(field)) continue;
    const before = formatAuditValue(from, labels);
    const after = formatAuditValue(to, labels);
    // Empty before and after (a record created without a fleet): nothing a reader would call a change.
    if (before === after && before === labels.empty) continue;
    lines.push(`${label(field)}: ${before} → ${after}`);
  }
  return lines;
}
