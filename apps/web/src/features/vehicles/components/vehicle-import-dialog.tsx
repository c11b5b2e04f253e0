import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/management/document-status';
import { ImportDialog } from '../../../components/management/import-dialog';
import { getStoredRole } from '../../../lib/role-storage';
import { useEveryDriver } from '../../../lib/api/drivers';
import { importVehicles } from '../api/vehicle-mutations';
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

/** Vehicle import: drivers written by name are turned into employee numbers before the dry run. */
export function VehicleImportDialog({
  open,
  onClose,
  onImported,
  onTemplate,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  onTemplate: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('vehicles');
  const unitId = getStoredRole()?.roleUnit;
  const drivers = useEveryDriver(unitId, open);
  const fieldLabel = (field: string) =>
    i18n.exists(`vehicles:fields.${field}`) ? t(`fields.${field}` as 'fields.nomorPolisi') : field;

  return (
    <ImportDialog
      open={open}
      onClose={onClose}
      title={t('import.title')}
      intro={t('import.intro')}
      aliases={VEHICLE_HEADER_ALIASES}
      kinds={VEHICLE_IMPORT_KINDS}
      prepare={(rows) =>
        prepareVehicleRows(rows, drivers.data ?? [], (problem, value) => t(`import.${problem}`, { value }))
      }
      send={importVehicles}
      previewColumns={PREVIEW_FIELDS.map((key) => ({
        key,
        title: fieldLabel(key),
        render:
          key === 'stnkDue' || key === 'kirDue' ? (v: unknown) => formatDay(String(v ?? '')) : undefined,
      }))}
      fieldLabel={fieldLabel}
      onTemplate={onTemplate}
      onImported={onImported}
      ready={!drivers.isLoading}
    />
  );
}
