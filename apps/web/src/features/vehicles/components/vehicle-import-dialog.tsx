import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/management/document-status';
import type { ImportSlotProps } from '../../../components/management/entity-management';
import { ImportDialog, previewColumns } from '../../../components/management/import-dialog';
import { useEveryDriver } from '../../../lib/api/drivers';
import { getStoredRole } from '../../../lib/role-storage';
import { vehicleWrites } from '../api/vehicle-mutations';
import { prepareVehicleRows } from '../model/vehicle-import';
import { VEHICLE_HEADER_ALIASES, VEHICLE_IMPORT_KINDS } from '../model/vehicle-sheet';

const PREVIEW_FIELDS = [
  'nomorPolisi',
  'nomorKendaraan',
  'pantauKendaraanId',
  'vehicleClass',
  'merk',
  'tipe',
  'fleet',
  'speedLimit',
  'stnkDue',
  'kirDue',
] as const;
const day = (v: unknown) => formatDay(String(v ?? ''));

/** Vehicle import: drivers written by name are turned into employee numbers before the dry run. */
export function VehicleImportDialog(props: ImportSlotProps & { fieldLabel: (field: string) => string }) {
  const { t } = useTranslation('vehicles');
  const drivers = useEveryDriver(getStoredRole()?.roleUnit, props.open);
  return (
    <ImportDialog
      {...props}
      title={t('import.title')}
      intro={t('import.intro')}
      aliases={VEHICLE_HEADER_ALIASES}
      kinds={VEHICLE_IMPORT_KINDS}
      prepare={(rows) =>
        prepareVehicleRows(rows, drivers.data ?? [], (problem, value) => t(`import.${problem}`, { value }))
      }
      send={vehicleWrites.importRows}
      previewColumns={previewColumns(PREVIEW_FIELDS, props.fieldLabel, { stnkDue: day, kirDue: day })}
      ready={!drivers.isLoading}
    />
  );
}
