import { SIM_CLASSES, type DriverRow } from '@pantau/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditDrawer } from '../../../components/audit/audit-drawer';
import { AdminOnly } from '../../../components/management/admin-only';
import { ActiveAndDocumentFilters, FilterSelect } from '../../../components/management/filter-select';
import { ListActions } from '../../../components/management/list-actions';
import { ListToolbar } from '../../../components/management/list-toolbar';
import { ManagementList, serverTableProps } from '../../../components/management/management-list';
import { useSheetExport } from '../../../components/management/use-sheet-export';
import { sheetFileName } from '../../../components/management/sheet';
import { useListParams } from '../../../components/management/use-list-params';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { useDeactivateDriver } from '../api/driver-mutations';
import { useDriverPage } from '../../../lib/api/drivers';
import { getDriverReport } from '../api/get-driver-report';
import { DriverFormDrawer } from '../components/driver-form-drawer';
import { DriverImportDialog } from '../components/driver-import-dialog';
import { DriverTable } from '../components/driver-table';
import { downloadDriverSheet, type DriverSheetLabels } from '../export/download-driver-sheet';
import { driverFilterQuery, driverPageQuery, parseDriverList } from '../model/driver-list-query';
import { DRIVER_SHEET_COLUMNS } from '../model/driver-sheet';

/** Driver management (/management/driver-management): the Administrator's list, form, import and export. */
export function DriverManagementPage({ title }: { title: string }) {
  const { t } = useTranslation('drivers');
  return (
    <>
      <PageHeader title={title} intro={t('intro')} />
      <AdminOnly title={t('adminOnly')}>
        <DriverManagement />
      </AdminOnly>
    </>
  );
}

function DriverManagement() {
  const { t, i18n } = useTranslation('drivers');
  const { t: tm } = useTranslation('management');
  const { t: te } = useTranslation('errors');
  const { message } = App.useApp();
  const list = useListParams();
  const state = parseDriverList(list.params, list.page);
  const query = useDriverPage(getStoredRole()?.roleUnit, driverPageQuery(state));
  const deactivate = useDeactivateDriver();
  const [editing, setEditing] = useState<{ driver: DriverRow | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [history, setHistory] = useState<DriverRow | null>(null);

  const sheetLabels = (): DriverSheetLabels => ({
    sheetName: t('export.sheet'),
    headers: Object.fromEntries(
      DRIVER_SHEET_COLUMNS.map((c) => [c.key, t(`fields.${c.key}`)]),
    ) as DriverSheetLabels['headers'],
    yes: tm('yes'),
    no: tm('no'),
  });

  const { exporting, onExport } = useSheetExport(async () => {
    const rows = await getDriverReport(driverFilterQuery(state));
    await downloadDriverSheet(rows, sheetLabels(), sheetFileName(t('export.file'), new Date()));
    return rows.length;
  });

  const onDeactivate = (d: DriverRow) =>
    deactivate.mutateAsync(d.pengemudiId).then(
      () => void message.success(tm('form.deactivated')),
      (error: unknown) => void message.error(errorMessage(te, error)),
    );

  return (
    <>
      <ManagementList
        query={query}
        testId="drivers-list"
        toolbar={
          <ListToolbar
            search={state.search}
            onSearch={(search) => list.update({ search })}
            searchPlaceholder={t('searchPlaceholder')}
            filters={
              <>
                <FilterSelect
                  name="simClass"
                  value={state.simClass}
                  all={t('filters.allSimClasses')}
                  options={SIM_CLASSES.map((c) => ({ value: c, label: c }))}
                  onChange={list.update}
                />
                <ActiveAndDocumentFilters
                  aktif={state.aktif}
                  documentStatus={state.documentStatus}
                  onChange={list.update}
                />
              </>
            }
            actions={
              <ListActions
                onImport={() => setImporting(true)}
                onExport={() => void onExport()}
                exporting={exporting}
                add={{ label: t('add'), testId: 'add-driver', onClick: () => setEditing({ driver: null }) }}
              />
            }
          />
        }
      >
        <DriverTable
          {...serverTableProps(query, state, list.update)}
          onEdit={(driver) => setEditing({ driver })}
          onDeactivate={onDeactivate}
          onHistory={setHistory}
        />
      </ManagementList>
      <DriverFormDrawer
        open={editing !== null}
        driver={editing?.driver ?? null}
        onClose={() => setEditing(null)}
      />
      <AuditDrawer
        entity="driver"
        entityId={history?.pengemudiId}
        open={history !== null}
        onClose={() => setHistory(null)}
        title={history ? t('historyTitle', { name: history.name }) : undefined}
        fieldLabel={(field) =>
          i18n.exists(`drivers:fields.${field}`) ? t(`fields.${field}` as 'fields.name') : field
        }
      />
      <DriverImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void query.refetch()}
        onTemplate={() => downloadDriverSheet([], sheetLabels(), `pantau-${t('export.template')}.xlsx`)}
      />
    </>
  );
}
