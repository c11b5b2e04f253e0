import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../components/management/document-status';
import { ImportDialog } from '../../../components/management/import-dialog';
import { importDrivers } from '../api/driver-mutations';
import { DRIVER_HEADER_ALIASES, DRIVER_IMPORT_KINDS } from '../model/driver-sheet';

const PREVIEW_FIELDS = ['name', 'employeeNumber', 'phone', 'simClass', 'simExpiry', 'aktif'] as const;

/** Driver import: preview with each row's errors, then every row or none. */
export function DriverImportDialog({
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
  const { t, i18n } = useTranslation('drivers');
  const { t: tm } = useTranslation('management');
  const fieldLabel = (field: string) =>
    i18n.exists(`drivers:fields.${field}`) ? t(`fields.${field}` as 'fields.name') : field;

  return (
    <ImportDialog
      open={open}
      onClose={onClose}
      title={t('import.title')}
      intro={t('import.intro')}
      aliases={DRIVER_HEADER_ALIASES}
      kinds={DRIVER_IMPORT_KINDS}
      send={importDrivers}
      previewColumns={PREVIEW_FIELDS.map((key) => ({
        key,
        title: fieldLabel(key),
        render:
          key === 'simExpiry'
            ? (v: unknown) => formatDay(String(v ?? ''))
            : key === 'aktif'
              ? (v: unknown) =>
                  v === undefined ? '' : v === true ? tm('yes') : v === false ? tm('no') : String(v)
              : undefined,
      }))}
      fieldLabel={fieldLabel}
      onTemplate={onTemplate}
      onImported={onImported}
    />
  );
}
