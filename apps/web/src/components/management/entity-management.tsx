import type { AuditEntity } from '@pantau/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import type { Query } from '../../lib/query-string';
import { getStoredRole } from '../../lib/role-storage';
import { AuditDrawer } from '../audit/audit-drawer';
import { downloadSheet, type SheetLabels } from './download-sheet';
import type { EntityTableProps } from './entity-table';
import { ListActions } from './list-actions';
import { ListToolbar } from './list-toolbar';
import { ManagementList, serverTableProps } from './management-list';
import { sheetFileName, type EntitySheet } from './sheet';
import { useListParams } from './use-list-params';
import { useSheetExport } from './use-sheet-export';
import { useApp } from '../../lib/feedback';

/** What the import dialog of a list page is given. */
export interface ImportSlotProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  onTemplate: () => Promise<void>;
}

interface ListSpec<State> {
  sortable: readonly string[];
  parse: (params: URLSearchParams, page: number) => State;
  filterQuery: (state: State) => Query;
  pageQuery: (state: State) => Query;
}

/** The words a list page takes from its feature, each under the same key in every feature's namespace. */
export type ListPageWord = 'searchPlaceholder' | 'add' | 'export.sheet' | 'export.file' | 'export.template';

/**
 * A management list page of one kind of record: search, filters and sort in the URL, one page from
 * the server, add and edit in a form, deactivate, import from a spreadsheet with a checked preview,
 * export to Excel, and each record's audit history. The feature gives its words, queries and parts.
 */
export function EntityManagement<Row, State extends { search: string }, K extends string>(props: {
  list: ListSpec<State>;
  usePage: (unitId: number | undefined, query: Query) => UseQueryResult<{ count: number; results: Row[] }>;
  /** Every row matching the filters, for the export. */
  getReport: (query: Query) => Promise<Row[]>;
  sheet: EntitySheet<Row, K>;
  fieldLabel: (field: string) => string;
  words: (key: ListPageWord) => string;
  /** Test ids: `<record>s-list` for the list, `add-<record>` for the add button. */
  record: string;
  /** The record's id, for its deactivation and its audit history. */
  id: (row: Row) => number;
  writes: { useDeactivate: () => { mutateAsync: (id: number) => Promise<unknown> } };
  audit: { entity: AuditEntity; title: (row: Row) => string };
  filters: (state: State, update: (patch: Record<string, string | undefined>) => void) => ReactNode;
  table: (props: EntityTableProps<Row, State>) => ReactNode;
  form: (props: { open: boolean; row: Row | null; onClose: () => void }) => ReactNode;
  importDialog: (props: ImportSlotProps) => ReactNode;
}) {
  const { t: tm } = useTranslation('management');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const list = useListParams();
  const state = props.list.parse(list.params, list.page);
  const query = props.usePage(getStoredRole()?.roleUnit, props.list.pageQuery(state));
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [history, setHistory] = useState<Row | null>(null);
  const deactivate = props.writes.useDeactivate();
  const words = props.words;

  const sheetLabels = (): SheetLabels<K> => ({
    sheetName: words('export.sheet'),
    headers: Object.fromEntries(props.sheet.columns.map((c) => [c.key, props.fieldLabel(c.key)])) as Record<
      K,
      string
    >,
    yes: tm('yes'),
    no: tm('no'),
  });
  const { exporting, onExport } = useSheetExport(async () => {
    const rows = await props.getReport(props.list.filterQuery(state));
    await downloadSheet(props.sheet, rows, sheetLabels(), sheetFileName(words('export.file'), new Date()));
    return rows.length;
  });
  const onDeactivate = (row: Row) =>
    deactivate.mutateAsync(props.id(row)).then(
      () => void message.success(tm('form.deactivated')),
      (error: unknown) => void message.error(errorMessage(te, error)),
    );

  return (
    <>
      <ManagementList
        query={query}
        testId={`${props.record}s-list`}
        toolbar={
          <ListToolbar
            search={state.search}
            onSearch={(search) => list.update({ search })}
            searchPlaceholder={words('searchPlaceholder')}
            filters={props.filters(state, list.update)}
            actions={
              <ListActions
                onImport={() => setImporting(true)}
                onExport={() => void onExport()}
                exporting={exporting}
                add={{
                  label: words('add'),
                  testId: `add-${props.record}`,
                  onClick: () => setEditing({ row: null }),
                }}
              />
            }
          />
        }
      >
        {props.table({
          ...serverTableProps(query, state, list.update),
          onEdit: (row) => setEditing({ row }),
          onDeactivate,
          onHistory: setHistory,
        })}
      </ManagementList>
      {props.form({ open: editing !== null, row: editing?.row ?? null, onClose: () => setEditing(null) })}
      <AuditDrawer
        entity={props.audit.entity}
        entityId={history === null ? undefined : props.id(history)}
        open={history !== null}
        onClose={() => setHistory(null)}
        title={history === null ? undefined : props.audit.title(history)}
        fieldLabel={props.fieldLabel}
      />
      {props.importDialog({
        open: importing,
        onClose: () => setImporting(false),
        onImported: () => void query.refetch(),
        onTemplate: () =>
          downloadSheet(props.sheet, [], sheetLabels(), `pantau-${words('export.template')}.xlsx`),
      })}
    </>
  );
}
