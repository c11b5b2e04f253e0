import { CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { MarkerRow } from '@pantau/contracts';
import { Button, Card, Descriptions, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteMarker } from '../api/marker-mutations';
import { useApp } from '../../../lib/feedback';

/** A clicked POI: its name, kind, notes and place. Administrators edit or delete it from here. */
export function PoiDetails({
  marker,
  onClose,
  onEdit,
}: {
  marker: MarkerRow;
  onClose: () => void;
  onEdit: (marker: MarkerRow) => void;
}) {
  const { t } = useTranslation('geography');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const remove = useDeleteMarker();
  const [lng, lat] = marker.position;

  return (
    <Card
      size="small"
      className="poi-details map-side-panel"
      data-testid="poi-details"
      data-map-overlay
      title={
        <Typography.Text strong ellipsis data-testid="poi-details-name">
          {marker.name}
        </Typography.Text>
      }
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('details.close')}
          onClick={onClose}
        />
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('poi.iconLabel')}>
          <Tag>{t(`poi.icon.${marker.icon}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('poi.position')}>
          {lat.toFixed(5)}, {lng.toFixed(5)}
        </Descriptions.Item>
        {marker.notes && <Descriptions.Item label={t('form.notes')}>{marker.notes}</Descriptions.Item>}
      </Descriptions>
      {isAdministrator() && (
        <Space className="geofence-details-actions">
          <Button icon={<EditOutlined />} onClick={() => onEdit(marker)} data-testid="poi-edit">
            {t('actions.edit')}
          </Button>
          <Popconfirm
            title={t('poi.deleteConfirm', { name: marker.name })}
            okButtonProps={{ danger: true, 'data-testid': 'poi-delete-confirm' }}
            okText={t('actions.delete')}
            onConfirm={() =>
              remove.mutateAsync(marker.markerId).then(
                () => {
                  void message.success(t('poi.deleted'));
                  onClose();
                },
                (error: unknown) => void message.error(errorMessage(te, error)),
              )
            }
          >
            <Button danger icon={<DeleteOutlined />} data-testid="poi-delete">
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      )}
    </Card>
  );
}
