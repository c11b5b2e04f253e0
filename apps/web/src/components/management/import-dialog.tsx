import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_ROWS, type ImportResponse } from '@pantau/contracts';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { validationMessage } from '../../lib/validation-message';
import { readSheetRows, type HeaderAliases } from './import-reader';
import { commitProblems, pathField, previewRows, type PreparedRows, type RowProblem } from './import-preview';
import { readSpreadsheet, spreadsheetKind } from './read-spreadsheet';
import type { CellKind } from './sheet';
import './management.css';
import { useApp } from '../../lib/feedback';

export interface PreviewColumn {
  key: string;
  title: string;
  render?: (value: unknown) => ReactNode;
}

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Which columns the file may have. */
  intro: ReactNode;
  aliases: HeaderAliases;
  kinds: Record<string, CellKind>;
  /** Turns names into ids (brand, fleet, driver) before sending. */
  prepare?: (rows: Record<string, unknown>[]) => PreparedRows;
  send: (rows: Record<string, unknown>[], dryRun: boolean) => Promise<ImportResponse>;
  previewColumns: PreviewColumn[];
  fieldLabel: (field: string) => string;
  onTemplate: () => Promise<void>;
  onImported: (created: number) => void;
  /** False while the lists `prepare` needs are loading. */
  ready?: boolean;
}

interface Loaded {
  fileName: string;
  values: Record<string, unknown>[];
  sheetRows: number[];
  unknownHeaders: string[];
  prepared: PreparedRows;
  checked: ImportResponse | null;
  commitProblems: RowProblem[];
}

const show = (v: unknown) =>
  v === undefined || v === null ? '' : Array.isArray(v) ? v.join(', ') : String(v as string | number);

/** Upload an .xlsx or .csv → preview with each row's errors → import every row, or none. */
export function ImportDialog(props: ImportDialogProps) {
  const { t } = useTranslation('management');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const [busy, setBusy] = useState<'reading' | 'importing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  const reset = () => {
    setLoaded(null);
    setError(null);
    setBusy(null);
  };
  const close = () => {
    reset();
    props.onClose();
  };

  const readFile = async (file: File) => {
    setError(null);
    setLoaded(null);
    if (!spreadsheetKind(file.name)) return setError(t('import.wrongType'));
    setBusy('reading');
    try {
      const sheet = readSheetRows(await readSpreadsheet(file), props.aliases, props.kinds);
      if (!sheet) return setError(t('import.noHeader'));
      if (sheet.rows.length === 0) return setError(t('import.noRows'));
      if (sheet.rows.length > IMPORT_MAX_ROWS) return setError(t('import.tooMany', { max: IMPORT_MAX_ROWS }));
      const prepared = props.prepare?.(sheet.rows) ?? { rows: sheet.rows, problems: [] };
      const checked = await props.send(prepared.rows, true);
      setLoaded({
        fileName: file.name,
        values: sheet.rows,
        sheetRows: sheet.sheetRows,
        unknownHeaders: sheet.unknownHeaders,
        prepared,
        checked,
        commitProblems: [],
      });
    } catch (cause) {
      setError(isApiError(cause) ? errorMessage(te, cause) : t('import.unreadable'));
    } finally {
      setBusy(null);
    }
  };

  const rows = loaded
    ? previewRows(
        loaded.values,
        loaded.sheetRows,
        [...loaded.prepared.problems, ...loaded.commitProblems],
        loaded.checked,
      )
    : [];
  const faulty = rows.filter((r) => r.errors.length > 0).length;

  const commit = async () => {
    if (!loaded) return;
    setBusy('importing');
    setError(null);
    try {
      const result = await props.send(loaded.prepared.rows, false);
      void message.success(t('import.done', { count: result.created }));
      props.onImported(result.created);
      close();
    } catch (cause) {
      if (isApiError(cause)) {
        const { problems, other } = commitProblems(cause.errors);
        setLoaded({ ...loaded, commitProblems: problems });
        setError([errorMessage(te, cause), ...other].join(' '));
      } else setError(te('codes.unknown'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={props.open}
      onCancel={close}
      title={props.title}
      width={960}
      destroyOnHidden
      data-testid="import-dialog"
      footer={
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void props.onTemplate()}
            data-testid="import-template"
          >
            {t('import.template')}
          </Button>
          <Button onClick={close}>{t('import.cancel')}</Button>
          <Button
            type="primary"
            disabled={!loaded || faulty > 0 || busy !== null}
            loading={busy === 'importing'}
            onClick={() => void commit()}
            data-testid="import-commit"
          >
            {t('import.commit', { count: rows.length })}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx,.csv"
        multiple={false}
        showUploadList={false}
        disabled={busy !== null || props.ready === false}
        beforeUpload={(file) => {
          void readFile(file);
          return false;
        }}
        data-testid="import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{loaded ? loaded.fileName : t('import.drop')}</p>
        <p className="ant-upload-hint">{t('import.hint')}</p>
      </Upload.Dragger>
      {busy === 'reading' && (
        <Alert style={{ marginTop: 12 }} type="info" showIcon title={t('import.checking')} />
      )}
      {error && (
        <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} data-testid="import-error" />
      )}
      {loaded && (
        <div data-testid="import-preview" data-rows={rows.length} data-faulty={faulty}>
          <Alert
            style={{ marginTop: 12 }}
            type={faulty ? 'error' : 'success'}
            showIcon
            data-testid="import-summary"
            title={
              <span dir="auto">
                {faulty
                  ? t('import.faulty', { count: faulty, total: rows.length })
                  : t('import.ready', { count: rows.length })}
              </span>
            }
            description={
              loaded.unknownHeaders.length
                ? t('import.ignored', { columns: loaded.unknownHeaders.join(', ') })
                : undefined
            }
          />
          <Table
            className="import-preview"
            style={{ marginTop: 12 }}
            size="small"
            rowKey="index"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            rowClassName={(r) => (r.errors.length ? 'import-row-error' : '')}
            onRow={(r) => ({ 'data-testid': `import-row-${r.sheetRow}` }) as HTMLAttributes<HTMLElement>}
            columns={[
              { key: 'row', title: t('import.row'), width: 64, render: (_, r) => r.sheetRow },
              {
                key: 'errors',
                title: t('import.errors'),
                width: 280,
                render: (_, r) =>
                  r.errors.length ? (
                    <ul className="import-errors" data-testid="import-row-errors">
                      {r.errors.map((e) => (
                        <li key={e.path + e.message}>
                          {e.path ? `${props.fieldLabel(pathField(e.path))}: ` : ''}
                          {validationMessage(e.message)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Typography.Text type="success">{t('import.ok')}</Typography.Text>
                  ),
              },
              ...props.previewColumns.map((c) => ({
                key: c.key,
                title: c.title,
                render: (_: unknown, r: (typeof rows)[number]) =>
                  c.render ? c.render(r.values[c.key]) : show(r.values[c.key]),
              })),
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

/** The preview's columns: each field under its label, shown as read unless `render` says otherwise. */
export function previewColumns(
  fields: readonly string[],
  fieldLabel: (field: string) => string,
  render: Partial<Record<string, (value: unknown) => ReactNode>> = {},
): PreviewColumn[] {
  return fields.map((key) => ({ key, title: fieldLabel(key), render: render[key] }));
}
