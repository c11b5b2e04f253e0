import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/management/document-status';
import type { ImportSlotProps } from '../../../components/management/entity-management';
import { ImportDialog, previewColumns } from '../../../components/management/import-dialog';
import { driverWrites } from '../api/driver-mutations';
import { DRIVER_HEADER_ALIASES, DRIVER_IMPORT_KINDS } from '../model/driver-sheet';

const PREVIEW_FIELDS = ['name', 'employeeNumber', 'phone', 'simClass', 'simExpiry', 'aktif'] as const;

/** Driver import: preview with each row's errors, then every row or none. */
export function DriverImportDialog(props: ImportSlotProps & { fieldLabel: (field: string) => string }) {
  const { t } = useTranslation('drivers');
  const { t: tm } = useTranslation('management');
  const yesNo = (v: unknown) =>
    v === undefined ? '' : v === true ? tm('yes') : v === false ? tm('no') : String(v);
  return (
    <ImportDialog
      {...props}
      title={t('import.title')}
      intro={t('import.intro')}
      aliases={DRIVER_HEADER_ALIASES}
      kinds={DRIVER_IMPORT_KINDS}
      send={driverWrites.importRows}
      previewColumns={previewColumns(PREVIEW_FIELDS, props.fieldLabel, {
        simExpiry: (v) => formatDay(String(v ?? '')),
        aktif: yesNo,
      })}
    />
  );
}
