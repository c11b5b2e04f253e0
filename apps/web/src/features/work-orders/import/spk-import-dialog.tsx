import { UploadOutlined } from '@ant-design/icons';
import type { WorkOrderImportColumn } from '@pantau/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadSheet } from '../../../components/management/download-sheet';
import { ImportDialog, previewColumns } from '../../../components/management/import-dialog';
import { formatDateTime } from '../../../lib/date-time';
import { workOrderKeys } from '../api/work-order-keys';
import { importWorkOrders } from './import-spk';
import { runDateCell, SPK_HEADER_ALIASES, SPK_IMPORT_KINDS, spkTemplateSheet } from './spk-sheet';

const PREVIEW_FIELDS = ['kind', 'spkNumber', 'nomorPolisi', 'pengemudi', 'trayek', 'runDate'] as const;

/** "Import" in the SPK list's toolbar: a file of SPKs, previewed with each row's errors, then all or none. */
export function SpkImportButton({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation('workOrders');
  const { t: tm } = useTranslation('management');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const fieldLabel = (field: string) =>
    t(`import.fields.${field as WorkOrderImportColumn}`, { defaultValue: field });
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="spk-import">
        {t('import.button')}
      </Button>
      <ImportDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('import.title')}
        intro={t('import.intro')}
        aliases={SPK_HEADER_ALIASES}
        kinds={SPK_IMPORT_KINDS}
        prepare={(rows) => ({
          rows: rows.map((r) => (r.runDate === undefined ? r : { ...r, runDate: runDateCell(r.runDate) })),
          problems: [],
        })}
        send={importWorkOrders}
        previewColumns={previewColumns(PREVIEW_FIELDS, fieldLabel, {
          kind: (v) => (typeof v === 'string' ? v.toUpperCase() : ''),
          runDate: (v) =>
            typeof v === 'string' && /\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(v)
              ? formatDateTime(v)
              : String(v ?? ''),
        })}
        fieldLabel={fieldLabel}
        onTemplate={() =>
          downloadSheet(
            spkTemplateSheet,
            [],
            {
              sheetName: t('import.sheet'),
              headers: Object.fromEntries(
                spkTemplateSheet.columns.map((c) => [c.key, fieldLabel(c.key)]),
              ) as Record<WorkOrderImportColumn, string>,
              yes: tm('yes'),
              no: tm('no'),
            },
            `pantau-${t('import.template')}.xlsx`,
          )
        }
        onImported={() => {
          void client.invalidateQueries({ queryKey: workOrderKeys.all });
          onImported();
        }}
      />
    </>
  );
}
