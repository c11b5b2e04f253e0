import { ClockCircleOutlined, DisconnectOutlined, LinkOutlined, StopOutlined } from '@ant-design/icons';
import type { SharedVehicle, ShareRefusal } from '@pantau/contracts';
import { Alert, Card, Descriptions, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { LanguageSwitch } from '../../../components/language-switch';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { placeText } from '../../../lib/place-text';
import { useVehicleStatusLabels } from '../../../lib/vehicle-status';
import { MOTION_COLORS } from '../../../map/motion-colors';
import { isRefused, useSharedVehicle } from '../api/get-shared-vehicle';
import { SharedVehicleMap } from '../components/shared-vehicle-map';
import { sharedAsTrackingItem } from '../model/shared-item';
import './preview-vehicle.css';

const REFUSAL_ICONS: Record<ShareRefusal, ReactNode> = {
  SHARE_NOT_FOUND: <LinkOutlined style={{ color: '#d97706' }} />,
  SHARE_EXPIRED: <ClockCircleOutlined style={{ color: '#d97706' }} />,
  SHARE_REVOKED: <StopOutlined style={{ color: '#b91c1c' }} />,
};
const REFUSAL_KEYS = {
  SHARE_NOT_FOUND: 'notFound',
  SHARE_EXPIRED: 'expired',
  SHARE_REVOKED: 'revoked',
} as const;

function Header() {
  const { t: tc } = useTranslation();
  return (
    <Flex justify="space-between" align="center" className="preview-header">
      <Flex align="center" gap={8}>
        <BrandMark size={28} />
        <strong style={{ fontSize: 18 }}>{tc('appName')}</strong>
      </Flex>
      <LanguageSwitch />
    </Flex>
  );
}

function Refused({ code }: { code: ShareRefusal }) {
  const { t } = useTranslation('share');
  const key = REFUSAL_KEYS[code];
  return (
    <Card className="preview-refused">
      <Result
        icon={REFUSAL_ICONS[code]}
        title={t(`preview.${key}.title`)}
        subTitle={t(`preview.${key}.detail`)}
        data-testid={`preview-${key}`}
      />
    </Card>
  );
}

function VehicleDetails({ v }: { v: SharedVehicle }) {
  const { t, i18n } = useTranslation('share');
  const labels = useVehicleStatusLabels();
  const lang = i18n.resolvedLanguage === 'id' ? 'id-ID' : 'en-US';
  const motion = v.motion in MOTION_COLORS ? (v.motion as keyof typeof MOTION_COLORS) : 'nodata';
  return (
    <Descriptions
      column={{ xs: 1, sm: 2 }}
      size="small"
      bordered
      className="preview-details"
      items={[
        {
          key: 'status',
          label: t('preview.status'),
          children: (
            <Tag
              color={MOTION_COLORS[motion]}
              style={{ color: motion === 'nodata' ? '#0f172a' : undefined }}
              data-testid="preview-motion"
            >
              {labels.motion(motion)}
            </Tag>
          ),
        },
        {
          key: 'speed',
          label: t('preview.speed'),
          children: (
            <span data-testid="preview-speed">
              {t('preview.speedValue', { speed: new Intl.NumberFormat(lang).format(Math.round(v.speed)) })}
            </span>
          ),
        },
        {
          key: 'updated',
          label: t('preview.lastUpdate'),
          children: v.fixTime ? (
            <>
              {dayjs(v.fixTime).fromNow()}
              <Typography.Text type="secondary" className="preview-abs">
                {formatDateTime(v.fixTime, { seconds: true, zone: true })}
              </Typography.Text>
            </>
          ) : (
            t('preview.never')
          ),
        },
        {
          key: 'location',
          label: t('preview.location'),
          children: <span data-testid="preview-place">{placeText(v, t('preview.noPlace'))}</span>,
        },
        ...(v.destination
          ? [{ key: 'destination', label: t('preview.destination'), children: v.destination }]
          : []),
        ...(v.eta
          ? [{ key: 'eta', label: t('preview.eta'), children: formatDateTime(v.eta, { zone: true }) }]
          : []),
      ]}
    />
  );
}

/** /preview-vehicle?token=…: one vehicle's live location for someone without an account; refreshes every 5 s. */
export function PreviewVehiclePage() {
  const { t } = useTranslation('share');
  const { t: te } = useTranslation('errors');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const shared = useSharedVehicle(token);
  const item = useMemo(() => (shared.data ? sharedAsTrackingItem(shared.data) : null), [shared.data]);
  const refusal: ShareRefusal | null = !token
    ? 'SHARE_NOT_FOUND'
    : isRefused(shared.error) && isApiError(shared.error)
      ? (shared.error.code as ShareRefusal)
      : null;

  return (
    <div className="preview-page" data-testid="preview-page">
      <Header />
      <main className="preview-main">
        {refusal && <Refused code={refusal} />}
        {!refusal && shared.isPending && (
          <Card>
            <Skeleton active />
          </Card>
        )}
        {!refusal && shared.isError && !shared.data && (
          <Card>
            <Result
              status="warning"
              icon={<DisconnectOutlined />}
              title={errorMessage(te, shared.error)}
              data-testid="preview-error"
            />
          </Card>
        )}
        {!refusal && shared.data && item && (
          <Card className="preview-card" data-testid="preview-vehicle">
            <Flex justify="space-between" align="flex-start" gap={12} wrap className="preview-title">
              <div>
                <Typography.Text type="secondary">{t('preview.sharedWithYou')}</Typography.Text>
                <Typography.Title level={3} style={{ margin: 0 }} data-testid="preview-plate">
                  {shared.data.nomorPolisi}
                </Typography.Title>
                <Typography.Text type="secondary" data-testid="preview-hull">
                  {t('preview.hull', { hull: shared.data.nomorKendaraan })}
                </Typography.Text>
              </div>
              <Tag
                icon={<ClockCircleOutlined />}
                color="blue"
                className="preview-valid"
                data-testid="preview-valid-until"
              >
                {t('preview.validUntil', {
                  at: formatDateTime(shared.data.expiresAt, { zone: true }),
                })}
              </Tag>
            </Flex>
            {shared.isError && (
              <Alert type="warning" showIcon title={t('preview.stale')} style={{ marginBottom: 12 }} />
            )}
            {item.lat === null || item.lon === null ? (
              <Alert type="info" showIcon title={t('preview.noPosition')} style={{ marginBottom: 12 }} />
            ) : null}
            <SharedVehicleMap vehicle={item} height="min(52vh, 440px)" />
            <VehicleDetails v={shared.data} />
            <Typography.Paragraph type="secondary" className="preview-note">
              {t('preview.refreshNote')}
            </Typography.Paragraph>
          </Card>
        )}
      </main>
    </div>
  );
}
