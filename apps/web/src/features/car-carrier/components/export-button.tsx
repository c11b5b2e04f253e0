import { FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useSheetExport } from '../../../components/management/use-sheet-export';

/** A Car Carrier page's Export (its header's extra), busy while the .xlsx is written. */
export function ExportButton({
  sheet,
  disabled,
}: {
  sheet: ReturnType<typeof useSheetExport>;
  disabled: boolean;
}) {
  const { t } = useTranslation('carCarrier');
  return (
    <Button
      icon={<FileExcelOutlined />}
      loading={sheet.exporting}
      disabled={disabled}
      onClick={() => void sheet.onExport()}
      data-testid="cc-export"
    >
      {t('export')}
    </Button>
  );
}
