import type { WorkOrderKind } from '@pantau/contracts';
import type { Query } from '../../../lib/query-string';
import { getStoredRole } from '../../../lib/role-storage';
import { SpkExportButton } from '../import/spk-export-button';
import { SpkImportButton } from '../import/spk-import-dialog';
import { RecapButton } from '../recap/recap-drawer';

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
 * The place in the SPK list's toolbar, before "New SPK", for the list's other tools: the recap, the
 * export (not for a Guest, who reads no reports) and the import (Administrators).
 */
export function WorkOrderListExtras(props: WorkOrderListExtrasProps) {
  const guest = getStoredRole()?.roleUser === 'Guest';
  return (
    <>
      {!guest && <RecapButton kind={props.kind} />}
      {!guest && <SpkExportButton kind={props.kind} filterQuery={props.filterQuery} />}
      {props.administrator && <SpkImportButton onImported={props.onChanged} />}
    </>
  );
}
