import { FileExcelOutlined, HistoryOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListAction {
  label: string;
  testId: string;
  onClick: () => void;
  icon?: ReactNode;
}

/**
 * The buttons above a management table, in this order: history, import, export to Excel, add.
 * Each appears only when given; import and export use the shared labels and test ids.
 */
export function ListActions({
  history,
  onImport,
  onExport,
  exporting = false,
  add,
}: {
  history?: ListAction;
  onImport?: () => void;
  onExport?: () => void;
  exporting?: boolean;
  add: ListAction;
}) {
  const { t } = useTranslation('management');
  return (
    <>
      {history && (
        <Button
          icon={history.icon ?? <HistoryOutlined />}
          onClick={history.onClick}
          data-testid={history.testId}
        >
          {history.label}
        </Button>
      )}
      {onImport && (
        <Button icon={<UploadOutlined />} onClick={onImport} data-testid="open-import">
          {t('actions.import')}
        </Button>
      )}
      {onExport && (
        <Button
          icon={<FileExcelOutlined />}
          loading={exporting}
          onClick={onExport}
          data-testid="export-excel"
        >
          {t('actions.export')}
        </Button>
      )}
      <Button
        type="primary"
        icon={add.icon ?? <PlusOutlined />}
        onClick={add.onClick}
        data-testid={add.testId}
      >
        {add.label}
      </Button>
    </>
  );
}
