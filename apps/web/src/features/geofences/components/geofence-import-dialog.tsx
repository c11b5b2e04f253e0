import { UploadOutlined } from '@ant-design/icons';
import {
  geofenceCategories,
  GEOFENCE_IMPORT_MAX_BYTES,
  type GeofenceCategory,
  type GeofenceImportResponse,
} from '@pantau/contracts';
import { Alert, Button, Form, Modal, Select, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { validationMessage } from '../../../lib/validation-message';
import { useImportGeofences } from '../api/geofence-mutations';
import { featureProblems } from '../model/import-problems';
import { useApp } from '../../../lib/feedback';

interface Chosen {
  name: string;
  format: 'geojson' | 'kml';
  content: string;
}

/** The import's format from the file name: .kml is KML, anything else (.geojson, .json) GeoJSON. */
export const formatOfFile = (name: string): Chosen['format'] => (/\.kml$/i.test(name) ? 'kml' : 'geojson');

/**
 * Geofence import: a GeoJSON or KML file is checked by the server first (a dry run answering each
 * feature's problems); the import stores every feature or none, so it is offered only when all are ready.
 */
export function GeofenceImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('geography');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const [file, setFile] = useState<Chosen | null>(null);
  const [category, setCategory] = useState<GeofenceCategory>('other');
  const [preview, setPreview] = useState<GeofenceImportResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useImportGeofences();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setFailure(null);
  };
  const run = (dryRun: boolean, chosen = file) => {
    if (!chosen) return;
    setFailure(null);
    send.mutate(
      { format: chosen.format, content: chosen.content, category, dryRun },
      {
        onSuccess: (result) => {
          if (dryRun || result.created === 0) return setPreview(result);
          void message.success(t('import.created', { count: result.created }));
          reset();
          onClose();
        },
        // A refusal of the file itself (empty, too large) says why; anything else by its code.
        onError: (error) => {
          const why = isApiError(error) ? error.errors?.[0]?.message : undefined;
          setFailure(why ? validationMessage(why) : errorMessage(te, error));
        },
      },
    );
  };
  const allReady = !!preview && !preview.fileError && preview.total > 0 && preview.valid === preview.total;

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={() => {
        reset();
        onClose();
      }}
      width={640}
      destroyOnHidden
      data-testid="geofence-import"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('import.close')}
        </Button>,
        <Button
          key="commit"
          type="primary"
          disabled={!allReady}
          loading={send.isPending}
          onClick={() => run(false)}
          data-testid="geofence-import-commit"
        >
          {t('import.commit', { count: preview?.valid ?? 0 })}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('import.intro')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('import.category')}>
          <Select
            value={category}
            onChange={setCategory}
            options={geofenceCategories.map((c) => ({ value: c, label: t(`category.${c}`) }))}
          />
        </Form.Item>
        <Upload
          accept=".geojson,.json,.kml"
          maxCount={1}
          showUploadList={file ? { showRemoveIcon: false } : false}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            if (f.size > GEOFENCE_IMPORT_MAX_BYTES) {
              setFailure(te('codes.unknown'));
              return Upload.LIST_IGNORE;
            }
            void f.text().then((content) => {
              const chosen = { name: f.name, format: formatOfFile(f.name), content };
              setFile(chosen);
              setPreview(null);
              run(true, chosen);
            });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="geofence-import-file">
            {t('import.choose')}
          </Button>
        </Upload>
      </Form>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
      {preview && (
        <div className="geofence-import-preview" data-testid="geofence-import-preview">
          {preview.fileError ? (
            <Alert type="error" showIcon title={validationMessage(preview.fileError)} />
          ) : (
            <Alert
              type={allReady ? 'success' : 'warning'}
              showIcon
              title={
                <span dir="auto">{t('import.summary', { valid: preview.valid, total: preview.total })}</span>
              }
              description={allReady ? undefined : t('import.fixFirst')}
              data-testid="geofence-import-summary"
            />
          )}
          <Table
            size="small"
            rowKey="feature"
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            dataSource={preview.features}
            columns={[
              { title: t('import.feature'), dataIndex: 'feature', width: 48 },
              { title: t('form.polygonCode'), dataIndex: 'polygonCode' },
              { title: t('form.polygonName'), dataIndex: 'polygonName' },
              {
                title: t('form.shape'),
                dataIndex: 'polygonType',
                render: (v: 'polygon' | 'circle' | 'corridor' | null) => (v ? t(`shape.${v}`) : '—'),
              },
              {
                title: t('import.errors'),
                dataIndex: 'errors',
                render: (errors: { path: string; message: string }[]) =>
                  errors.length === 0 ? (
                    <Tag color="success">{t('import.ok')}</Tag>
                  ) : (
                    featureProblems(errors).map(({ field, message: text }) => (
                      <Typography.Text type="danger" key={field + text} className="import-error">
                        {field ? `${t(`form.${field}`)}: ` : ''}
                        {validationMessage(text)}
                      </Typography.Text>
                    ))
                  ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
