import { SIM_CLASSES } from '@pantau/contracts';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/management/admin-only';
import { EntityManagement } from '../../../components/management/entity-management';
import { ActiveAndDocumentFilters, FilterSelect } from '../../../components/management/filter-select';
import { PageHeader } from '../../../components/page-header';
import { useDriverPage } from '../../../lib/api/drivers';
import { driverWrites } from '../api/driver-mutations';
import { getDriverReport } from '../api/get-driver-report';
import { DriverFormDrawer } from '../components/driver-form-drawer';
import { DriverImportDialog } from '../components/driver-import-dialog';
import { DriverTable } from '../components/driver-table';
import { driverListQuery } from '../model/driver-list-query';
import { driverSheet } from '../model/driver-sheet';

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
  const fieldLabel = (field: string) =>
    i18n.exists(`drivers:fields.${field}`) ? t(`fields.${field}` as 'fields.name') : field;

  return (
    <EntityManagement
      list={driverListQuery}
      usePage={useDriverPage}
      getReport={getDriverReport}
      sheet={driverSheet}
      fieldLabel={fieldLabel}
      words={(key) => t(key)}
      record="driver"
      id={(d) => d.pengemudiId}
      writes={driverWrites}
      audit={{ entity: 'driver', title: (d) => t('historyTitle', { name: d.name }) }}
      filters={(state, update) => (
        <>
          <FilterSelect
            name="simClass"
            value={state.simClass}
            all={t('filters.allSimClasses')}
            options={SIM_CLASSES.map((c) => ({ value: c, label: c }))}
            onChange={update}
          />
          <ActiveAndDocumentFilters
            aktif={state.aktif}
            documentStatus={state.documentStatus}
            onChange={update}
          />
        </>
      )}
      table={(table) => <DriverTable {...table} />}
      form={({ open, row, onClose }) => <DriverFormDrawer open={open} driver={row} onClose={onClose} />}
      importDialog={(dialog) => <DriverImportDialog {...dialog} fieldLabel={fieldLabel} />}
    />
  );
}
