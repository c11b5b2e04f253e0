import type { WorkOrderKind } from '@pantau/contracts';
import type { Query } from '../../../lib/query-string';

/** What the SPK list gives the buttons beside its own: the kind shown and the filters as `GET spk` takes them. */
export interface WorkOrderListExtrasProps {
  kind: WorkOrderKind;
  /** The list's filters and sort, without paging (what an export of the list takes). */
  filterQuery: Query;
  administrator: boolean;
  /** Refreshes the list (after an import). */
  onChanged: () => void;
}

/**
 * The place in the SPK list's toolbar, before "New SPK", for the list's other tools: the import, the
 * export and the recap. Nothing yet.
 */
export function WorkOrderListExtras(_props: WorkOrderListExtrasProps) {
  return null;
}
