import { AimOutlined, HistoryOutlined, StopOutlined } from '@ant-design/icons';
import type { TrackingItem } from '@pantau/contracts';
import { Button, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Quantity } from '../../../components/quantity';
import { ShareLinkButton } from '../../../components/share/share-link-button';
import { VehicleRecords } from '../../../components/vehicle-records/vehicle-records-slot';
import { VehicleRoute } from '../../../components/vehicle-route/vehicle-route-slot';
import { useLayoutStore } from '../../../lib/layout-store';
import { useLiveVehicle } from '../../../lib/live/use-live-vehicles';
import { placeText } from '../../../lib/place-text';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { MOTION_COLORS } from '../../../map/motion-colors';
import { useTrackStore } from '../../../map/track-store';
import { formatJakarta, formatNumber, userZoneName } from './format';
import { VehicleWorkOrder } from './vehicle-work-order';

/** Re-renders every 30 s so "2 minutes ago" stays true between live updates. */
function useNow(ms = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

function Details({ v }: { v: TrackingItem }) {
  const { t, i18n } = useTranslation('map');
  const lang = i18n.resolvedLanguage ?? 'en';
  const now = useNow();
  const labels = useVehicleStatusLabels();
  const ignition = labels.onOff(v.ignition);
  return (
    <Descriptions column={1} size="small" bordered className="vehicle-info-list">
      <Descriptions.Item label={t('info.hull')}>
        <span data-testid="vehicle-info-hull">{v.nomorKendaraan}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('info.class')}>{labels.vehicleClass(v.vehicleClass)}</Descriptions.Item>
      <Descriptions.Item label={t('info.status')}>
        <Tag color={MOTION_COLORS[v.motion]} style={{ color: v.motion === 'nodata' ? '#0f172a' : undefined }}>
          {labels.motion(v.motion)}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('info.driver')}>{v.driver?.name ?? t('info.noDriver')}</Descriptions.Item>
      <Descriptions.Item label={t('info.speed')}>
        <Quantity>
          <span data-testid="vehicle-info-speed">
            {t('info.speedValue', { speed: formatNumber(v.speed, lang) })}
          </span>
        </Quantity>
        {v.speedLimit !== null && (
          <Typography.Text type="secondary">
            {' · '}
            <Quantity>{t('info.speedLimit', { limit: formatNumber(v.speedLimit, lang) })}</Quantity>
          </Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('info.ignition')}>
        <Tag color={v.ignition ? 'green' : v.ignition === false ? 'default' : 'warning'}>{ignition}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('info.lastFix')}>
        {v.fixTime ? (
          <>
            <div>{dayjs(v.fixTime).from(now)}</div>
            <Typography.Text type="secondary">
              {formatJakarta(v.fixTime, lang)} {userZoneName()}
            </Typography.Text>
          </>
        ) : (
          t('info.never')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('info.location')}>
        <span data-testid="vehicle-place">{placeText(v, t('info.noPosition'))}</span>
      </Descriptions.Item>
      {v.lat !== null && v.lon !== null && (
        <Descriptions.Item label={t('info.coordinates')}>
          {v.lat.toFixed(5)}, {v.lon.toFixed(5)}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('info.todayDistance')}>
        {t('info.distanceValue', { km: formatNumber(v.todayDistanceKm, lang, 1) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('info.engineHours')}>
        {t('info.hoursValue', { hours: formatNumber(v.todayEngineHours, lang, 1) })}
      </Descriptions.Item>
      <Descriptions.Item label={t('info.gps')}>
        <Tag color={v.gpsStatus === 'on' ? 'green' : 'red'}>
          {v.gpsStatus === 'on' ? t('info.gpsOn') : t('info.gpsOff')}
        </Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Body of the layout's vehicle information drawer: the selected vehicle, live, with the Track button. */
export function VehicleInfo() {
  const { t } = useTranslation('map');
  const { t: ts } = useTranslation('shell');
  const vehicleId = useTrackStore((s) => s.vehicleId);
  const track = useTrackStore((s) => s.track);
  const setTrack = useTrackStore((s) => s.setTrack);
  // Only this vehicle's updates re-render the drawer, not every batch of the fleet.
  const { vehicle, isLoading } = useLiveVehicle(vehicleId);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  if (vehicleId === null || (!vehicle && !isLoading))
    return (
      <Empty
        description={vehicleId === null ? ts('drawers.vehicleEmpty') : t('info.notFound')}
        data-testid="vehicle-drawer-empty"
      />
    );
  if (!vehicle) return null;

  const toggleTrack = () => {
    const next = !track;
    setTrack(next);
    // Tracking is done on the live map: from anywhere else, go there.
    if (next && pathname !== '/map') void navigate(`/map?vehicle=${vehicle.kendaraanId}`);
  };

  // Playback runs on the live map with this vehicle chosen (?playback=).
  const openPlayback = () => {
    setTrack(false);
    useLayoutStore.getState().setVehicleDrawer(false);
    void navigate(`/map?vehicle=${vehicle.kendaraanId}&playback=${vehicle.kendaraanId}`);
  };

  return (
    <div className="vehicle-info" data-testid="vehicle-info">
      <Space align="center" style={{ justifyContent: 'space-between', width: '100%', marginBottom: 12 }} wrap>
        <div>
          <Typography.Text type="secondary">{t('info.plate')}</Typography.Text>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="vehicle-info-plate">
            {vehicle.nomorPolisi}
          </Typography.Title>
        </div>
        <Button
          type={track ? 'primary' : 'default'}
          icon={track ? <StopOutlined /> : <AimOutlined />}
          onClick={toggleTrack}
          aria-pressed={track}
          data-testid="vehicle-track"
        >
          {track ? t('info.stopTrack') : t('info.track')}
        </Button>
      </Space>
      <Details v={vehicle} />
      <VehicleWorkOrder kendaraanId={vehicle.kendaraanId} />
      <VehicleRoute kendaraanId={vehicle.kendaraanId} />
      <VehicleRecords kendaraanId={vehicle.kendaraanId} folded />
      <Button
        block
        icon={<HistoryOutlined />}
        onClick={openPlayback}
        style={{ marginTop: 12 }}
        data-testid="vehicle-playback"
      >
        {t('info.playback')}
      </Button>
      <ShareLinkButton
        kendaraanId={vehicle.kendaraanId}
        nomorPolisi={vehicle.nomorPolisi}
        block
        style={{ marginTop: 12 }}
      />
    </div>
  );
}
