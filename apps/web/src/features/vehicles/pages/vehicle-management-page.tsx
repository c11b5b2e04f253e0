import { vehicleClasses, type VehicleRow } from '@pantau/contracts';
import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/management/admin-only';
import { EntityManagement } from '../../../components/management/entity-management';
import { ActiveAndDocumentFilters, FilterSelect } from '../../../components/management/filter-select';
import { PageHeader } from '../../../components/page-header';
import { ShareLinkDialog } from '../../../components/share/share-link-dialog';
import { VehicleRecords } from '../../../components/vehicle-records/vehicle-records-slot';
import { useEveryFleet } from '../../../lib/api/fleets';
import { useVehiclePage } from '../../../lib/api/vehicles';
import { getStoredRole } from '../../../lib/role-storage';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { getVehicleReport } from '../api/get-vehicle-report';
import { vehicleWrites } from '../api/vehicle-mutations';
import { VehicleFormDrawer } from '../components/vehicle-form-drawer';
import { VehicleImportDialog } from '../components/vehicle-import-dialog';
import { VehicleTable } from '../components/vehicle-table';
import { vehicleListQuery } from '../model/vehicle-list-query';
import { vehicleSheet } from '../model/vehicle-sheet';

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
  const status = useVehicleStatusLabels();
  const fleets = useEveryFleet(getStoredRole()?.roleUnit);
  const [sharing, setSharing] = useState<VehicleRow | null>(null);
  const [records, setRecords] = useState<VehicleRow | null>(null);
  const fieldLabel = (field: string) =>
    i18n.exists(`vehicles:fields.${field}`) ? t(`fields.${field}` as 'fields.nomorPolisi') : field;

  return (
    <>
      <EntityManagement
        list={vehicleListQuery}
        usePage={useVehiclePage}
        getReport={getVehicleReport}
        sheet={vehicleSheet}
        fieldLabel={fieldLabel}
        words={(key) => t(key)}
        record="vehicle"
        id={(v) => v.kendaraanId}
        writes={vehicleWrites}
        audit={{ entity: 'vehicle', title: (v) => t('historyTitle', { plate: v.nomorPolisi }) }}
        filters={(state, update) => (
          <>
            <FilterSelect
              name="fleetId"
              value={state.fleetId === undefined ? undefined : String(state.fleetId)}
              all={t('filters.allFleets')}
              options={(fleets.data ?? []).map((f) => ({ value: String(f.fleetId), label: f.fleetName }))}
              onChange={update}
            />
            <FilterSelect
              name="vehicleClass"
              value={state.vehicleClass}
              all={t('filters.allClasses')}
              options={vehicleClasses.map((c) => ({ value: c, label: status.vehicleClass(c) }))}
              onChange={update}
            />
            <ActiveAndDocumentFilters
              aktif={state.aktif}
              documentStatus={state.documentStatus}
              onChange={update}
            />
          </>
        )}
        table={(table) => <VehicleTable {...table} onShare={setSharing} onRecords={setRecords} />}
        form={({ open, row, onClose }) => <VehicleFormDrawer open={open} vehicle={row} onClose={onClose} />}
        importDialog={(dialog) => <VehicleImportDialog {...dialog} fieldLabel={fieldLabel} />}
      />
      <Drawer
        open={records !== null}
        onClose={() => setRecords(null)}
        size="min(560px, 100vw)"
        title={records ? t('recordsTitle', { plate: records.nomorPolisi }) : ' '}
        destroyOnHidden
        data-testid="vehicle-records-drawer"
      >
        {records && <VehicleRecords kendaraanId={records.kendaraanId} />}
      </Drawer>
      {sharing && (
        <ShareLinkDialog
          kendaraanId={sharing.kendaraanId}
          nomorPolisi={sharing.nomorPolisi}
          open
          onClose={() => setSharing(null)}
        />
      )}
    </>
  );
}
