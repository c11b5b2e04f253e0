import { CloseOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { GeofenceRow, MarkerRow } from '@pantau/contracts';
import { Button, Card, Divider, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../components/management/admin-only';
import { errorMessage } from '../../../lib/error-message';
import { exportGeofences } from '../api/geofence-mutations';
import { useGeofenceEditing } from '../model/geofence-editing-store';
import { useLayerVisibility, type GeographyLayer } from '../model/layer-visibility';
import { GeofenceImportDialog } from './geofence-import-dialog';
import { GeofenceList } from './geofence-list';
import { PoiList } from './poi-list';
import { useApp } from '../../../lib/feedback';

const LAYERS: GeographyLayer[] = ['geofences', 'markers', 'routes'];

/** Saves the unit's geofences as a .geojson file. */
async function downloadGeofences(): Promise<number> {
  const collection = await exportGeofences();
  const url = URL.createObjectURL(new Blob([JSON.stringify(collection)], { type: 'application/geo+json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'geofences.geojson';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return collection.features.length;
}

/** The map's geography options: layer toggles, the geofence list, and for Administrators new, import, export. */
export function GeographyOptions({
  onClose,
  onChoose,
  onChoosePoi,
}: {
  onClose: () => void;
  onChoose: (g: GeofenceRow) => void;
  onChoosePoi: (m: MarkerRow) => void;
}) {
  const { t } = useTranslation('geography');
  const { t: te } = useTranslation('errors');
  const { message } = useApp();
  const visible = useLayerVisibility((s) => s.visible);
  const toggle = useLayerVisibility((s) => s.toggle);
  const startNew = useGeofenceEditing((s) => s.startNew);
  const [importing, setImporting] = useState(false);
  const admin = isAdministrator();

  return (
    <Card
      size="small"
      className="geography-options map-side-panel"
      title={t('options.title')}
      data-testid="geography-options"
      data-map-overlay
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('options.close')}
          onClick={onClose}
        />
      }
    >
      <div className="geography-toggles">
        {LAYERS.map((layer) => (
          <label key={layer} className="geography-toggle">
            <Switch
              size="small"
              checked={visible[layer]}
              onChange={(on) => toggle(layer, on)}
              data-testid={`layer-toggle-${layer}`}
            />
            {t(`layers.${layer}`)}
          </label>
        ))}
      </div>
      {admin && (
        <Space wrap className="geography-actions">
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => startNew('polygon')}
            data-testid="geofence-new"
          >
            {t('actions.new')}
          </Button>
          <Button
            size="small"
            icon={<UploadOutlined />}
            onClick={() => setImporting(true)}
            data-testid="geofence-import-open"
          >
            {t('actions.import')}
          </Button>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            data-testid="geofence-export"
            onClick={() =>
              downloadGeofences().then(
                (count) => void message.success(t('actions.exported', { count })),
                (error: unknown) => void message.error(errorMessage(te, error)),
              )
            }
          >
            {t('actions.export')}
          </Button>
        </Space>
      )}
      <Divider size="small" />
      <GeofenceList onChoose={onChoose} />
      <Divider size="small" />
      <PoiList onChoose={onChoosePoi} />
      {admin && <GeofenceImportDialog open={importing} onClose={() => setImporting(false)} />}
    </Card>
  );
}
