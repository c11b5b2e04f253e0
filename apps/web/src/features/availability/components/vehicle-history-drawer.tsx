import type { AvailabilityRow } from '@pantau/contracts';
import { Alert, Descriptions, Drawer, Empty, Skeleton, Timeline, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VehicleRecords } from '../../../components/vehicle-records/vehicle-records-slot';
import { formatDateTime, zonedParts } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { useLayoutStore } from '../../../lib/layout-store';
import { getStoredRole } from '../../../lib/role-storage';
import { useAvailabilityHistory } from '../api/get-availability-history';
import { formatDuration } from '../model/duration';
import { historyTimeline } from '../model/history-timeline';
import { categoryColor } from './category-look';
import { CategoryTag } from './category-tag';
import { useAvailabilityWords } from './use-availability-words';

/**
 * A vehicle of the table: its category now, a timeline of its categories over the last 7 days from the
 * kept history, and its maintenance orders, incidents and pre-trip checks.
 */
export function VehicleHistoryDrawer({
  vehicle,
  nowMs,
  onClose,
  onRecordsChanged,
}: {
  vehicle: AvailabilityRow | null;
  nowMs: number;
  onClose: () => void;
  onRecordsChanged: () => void;
}) {
  const { t } = useTranslation('availability');
  const rtl = useLayoutStore((s) => s.direction === 'rtl');
  return (
    <Drawer
      open={vehicle !== null}
      onClose={onClose}
      placement={rtl ? 'left' : 'right'}
      size="min(640px, 100vw)"
      title={vehicle ? t('history.title', { plate: vehicle.nomorPolisi }) : ' '}
      destroyOnHidden
      data-testid="availability-history"
    >
      {vehicle && (
        <>
          <CurrentState vehicle={vehicle} nowMs={nowMs} />
          <HistoryTimeline kendaraanId={vehicle.kendaraanId} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('history.records')}
          </Typography.Title>
          <VehicleRecords kendaraanId={vehicle.kendaraanId} onChanged={onRecordsChanged} />
        </>
      )}
    </Drawer>
  );
}

function CurrentState({ vehicle, nowMs }: { vehicle: AvailabilityRow; nowMs: number }) {
  const { t } = useTranslation('availability');
  const words = useAvailabilityWords();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      className="availability-current"
      data-testid="availability-current"
      data-category={vehicle.category}
    >
      <Descriptions.Item label={t('columns.hull')}>{vehicle.nomorKendaraan}</Descriptions.Item>
      <Descriptions.Item label={t('columns.category')}>
        <CategoryTag category={vehicle.category} />
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.reason')}>{words.reason(vehicle.reason)}</Descriptions.Item>
      <Descriptions.Item label={t('columns.since')}>
        {words.since(vehicle.since, nowMs)}
        {vehicle.since && (
          <Typography.Text type="secondary">
            {' '}
            · {formatDateTime(vehicle.since, { zone: true })}
          </Typography.Text>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Midnight of each day in the window, in the reader's zone, as a share of it: the timeline's ticks. */
function dayTicks(fromMs: number, toMs: number): { left: number; label: string }[] {
  const ticks: { left: number; label: string }[] = [];
  const span = toMs - fromMs;
  // Walk by hours so a day boundary in any zone is found; keep the hours that read 00.
  const firstHour = Math.ceil(fromMs / 3_600_000) * 3_600_000;
  for (let at = firstHour; at <= toMs; at += 3_600_000) {
    const p = zonedParts(new Date(at));
    const left = ((at - fromMs) / span) * 100;
    // A label centred on the bar's very edge would be cut off.
    if (p.hour === '00' && left > 4 && left < 96) ticks.push({ left, label: `${p.day}/${p.month}` });
  }
  return ticks;
}

function HistoryTimeline({ kendaraanId }: { kendaraanId: number }) {
  const { t } = useTranslation('availability');
  const { t: te } = useTranslation('errors');
  const words = useAvailabilityWords();
  const query = useAvailabilityHistory(getStoredRole()?.roleUnit, kendaraanId);
  const data = query.data;
  const view = useMemo(
    () =>
      data
        ? {
            ...historyTimeline(data.results, data.fromMs, data.toMs),
            ticks: dayTicks(data.fromMs, data.toMs),
          }
        : null,
    [data],
  );

  if (query.isPending) return <Skeleton active style={{ marginTop: 16 }} />;
  if (query.isError)
    return <Alert type="error" showIcon title={errorMessage(te, query.error)} style={{ marginTop: 16 }} />;
  if (!data || !view) return null;

  return (
    <div
      className="availability-history"
      data-testid="availability-timeline"
      data-stretches={view.bars.length}
    >
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('history.timeline')}
      </Typography.Title>
      {view.bars.length === 0 ? (
        <Empty description={t('history.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <div className="availability-bar" role="img" aria-label={t('history.timeline')}>
            {view.bars.map((b) => (
              <Tooltip
                key={b.from}
                title={`${words.category(b.category)} · ${formatDateTime(b.from)} – ${
                  b.to ? formatDateTime(b.to) : t('history.now')
                }`}
              >
                <span
                  className="availability-bar-part"
                  data-testid="availability-stretch"
                  data-category={b.category}
                  style={{
                    insetInlineStart: `${b.left}%`,
                    width: `max(${b.width}%, 2px)`,
                    background: categoryColor(b.category),
                  }}
                />
              </Tooltip>
            ))}
          </div>
          <div className="availability-ticks" aria-hidden>
            {view.ticks.map((tick) => (
              <span key={tick.left} style={{ insetInlineStart: `${tick.left}%` }}>
                {tick.label}
              </span>
            ))}
          </div>
          <Typography.Text type="secondary" className="availability-totals-title">
            {t('history.summary')}
          </Typography.Text>
          <ul className="availability-totals">
            {view.totals.map((total) => (
              <li key={total.category}>
                <span className="availability-dot" style={{ background: categoryColor(total.category) }} />
                {words.category(total.category)}
                <Typography.Text strong>{formatDuration(total.minutes, words.units)}</Typography.Text>
              </li>
            ))}
          </ul>
          <Timeline
            className="availability-stretches"
            items={[...view.bars]
              .reverse()
              .slice(0, 12)
              .map((b) => ({
                key: b.from,
                color: categoryColor(b.category),
                content: (
                  <div>
                    <Typography.Text strong>{words.category(b.category)}</Typography.Text>
                    <Typography.Text type="secondary"> · {words.reason(b.reason)}</Typography.Text>
                    <div>
                      {formatDateTime(b.from)} – {b.to ? formatDateTime(b.to) : t('history.now')}
                    </div>
                  </div>
                ),
              }))}
          />
        </>
      )}
    </div>
  );
}
