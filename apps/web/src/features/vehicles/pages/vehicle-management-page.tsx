import { vehicleClasses, type VehicleRow } from '@pantau/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { AuditDrawer } from '../../../components/audit/audit-drawer';
import { AdminOnly } from '../../../components/management/admin-only';
import { ActiveAndDocumentFilters, FilterSelect } from '../../../components/management/filter-select';
import { ListActions } from '../../../components/management/list-actions';
import { ListToolbar } from '../../../components/management/list-toolbar';
import { ManagementList, serverTableProps } from '../../../components/management/management-list';
import { useSheetExport } from '../../../components/management/use-sheet-export';
import { useListParams } from '../../../components/management/use-list-params';
import { sheetFileName } from '../../../components/management/sheet';
import { PageHeader } from '../../../components/page-header';
import { ShareLinkDialog } from '../../../components/share/share-link-dialog';
import { errorMessage } from '../../../lib/error-message';
import { getStoredRole } from '../../../lib/role-storage';
import { getVehicleReport } from '../api/get-vehicle-report';
import { useEveryFleet } from '../../../lib/api/fleets';
import { useVehiclePage } from '../../../lib/api/vehicles';
import { useDeactivateVehicle } from '../api/vehicle-mutations';
import { VehicleFormDrawer } from '../components/vehicle-form-drawer';
import { VehicleImportDialog } from '../components/vehicle-import-dialog';
import { VehicleTable } from '../components/vehicle-table';
import { downloadVehicleSheet, type VehicleSheetLabels } from '../export/download-vehicle-sheet';
import { parseVehicleList, vehicleFilterQuery, vehiclePageQuery } from '../model/vehicle-list-query';
import { VEHICLE_SHEET_COLUMNS } from '../model/vehicle-sheet';

/** Vehicle management (/management/vehicle-management): the Administrator's list, form, import and export. */
export function VehicleManagementPage({ title }: { title: string }) {
  const { t } = useTranslation('vehicles');
  return (
    <>
      <PageHeader title={title} intro={t('intro')} />
      <AdminOnly title={t('adminOnly')}>
        <VehicleManagement />
      </AdminOnly>
    </>
  );
}

function VehicleManagement() {
  const { t, i18n } = useTranslation('vehicles');
  const { t: tm } = useTranslation('management');
  const { t: te } = useTranslation('errors');
  const status = useVehicleStatusLabels();
  const { message } = App.useApp();
  const list = useListParams();
  const state = parseVehicleList(list.params, list.page);
  const unitId = getStoredRole()?.roleUnit;
  const query = useVehiclePage(unitId, vehiclePageQuery(state));
  const fleets = useEveryFleet(unitId);
  const deactivate = useDeactivateVehicle();
  const [editing, setEditing] = useState<{ vehicle: VehicleRow | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [history, setHistory] = useState<VehicleRow | null>(null);
  const [sharing, setSharing] = useState<VehicleRow | null>(null);

  const sheetLabels = (): VehicleSheetLabels => ({
    sheetName: t('export.sheet'),
    headers: Object.fromEntries(
      VEHICLE_SHEET_COLUMNS.map((c) => [c.key, t(`fields.${c.key}`)]),
    ) as VehicleSheetLabels['headers'],
    yes: tm('yes'),
    no: tm('no'),
  });

  const { exporting, onExport } = useSheetExport(async () => {
    const rows = await getVehicleReport(vehicleFilterQuery(state));
    await downloadVehicleSheet(rows, sheetLabels(), sheetFileName(t('export.file'), new Date()));
    return rows.length;
  });

  const onDeactivate = (v: VehicleRow) =>
    deactivate.mutateAsync(v.kendaraanId).then(
      () => void message.success(tm('form.deactivated')),
      (error: unknown) => void message.error(errorMessage(te, error)),
    );

  return (
    <>
      <ManagementList
        query={query}
        testId="vehicles-list"
        toolbar={
          <ListToolbar
            search={state.search}
            onSearch={(search) => list.update({ search })}
            searchPlaceholder={t('searchPlaceholder')}
            filters={
              <>
                <FilterSelect
                  name="fleetId"
                  value={state.fleetId === undefined ? undefined : String(state.fleetId)}
                  all={t('filters.allFleets')}
                  options={(fleets.data ?? []).map((f) => ({ value: String(f.fleetId), label: f.fleetName }))}
                  onChange={list.update}
                />
                <FilterSelect
                  name="vehicleClass"
                  value={state.vehicleClass}
                  all={t('filters.allClasses')}
                  options={vehicleClasses.map((c) => ({ value: c, label: status.vehicleClass(c) }))}
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
                add={{ label: t('add'), testId: 'add-vehicle', onClick: () => setEditing({ vehicle: null }) }}
              />
            }
          />
        }
      >
        <VehicleTable
          {...serverTableProps(query, state, list.update)}
          onEdit={(vehicle) => setEditing({ vehicle })}
          onDeactivate={onDeactivate}
          onHistory={setHistory}
          onShare={setSharing}
        />
      </ManagementList>
      <VehicleFormDrawer
        open={editing !== null}
        vehicle={editing?.vehicle ?? null}
        onClose={() => setEditing(null)}
      />
      <AuditDrawer
        entity="vehicle"
        entityId={history?.kendaraanId}
        open={history !== null}
        onClose={() => setHistory(null)}
        title={history ? t('historyTitle', { plate: history.nomorPolisi }) : undefined}
        fieldLabel={(field) =>
          i18n.exists(`vehicles:fields.${field}`) ? t(`fields.${field}` as 'fields.nomorPolisi') : field
        }
      />
      {sharing && (
        <ShareLinkDialog
          kendaraanId={sharing.kendaraanId}
          nomorPolisi={sharing.nomorPolisi}
          open
          onClose={() => setSharing(null)}
        />
      )}
      <VehicleImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void query.refetch()}
        onTemplate={() => downloadVehicleSheet([], sheetLabels(), `pantau-${t('export.template')}.xlsx`)}
      />
    </>
  );
}
