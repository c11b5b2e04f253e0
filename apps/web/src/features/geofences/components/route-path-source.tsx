import type { RouteFromTrip } from '@pantau/contracts';
import { Alert, Button, DatePicker, Segmented, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { errorMessage } from '../../../lib/error-message';
import { useLiveStore } from '../../../lib/live/live-store';
import { getRouteFromTrip } from '../api/route-queries';
import { useRouteEditing } from '../model/route-editing-store';
import { formatNumber } from './route-format';

type Source = 'draw' | 'trip';

/** The vehicles of the unit for a select, by plate; re-renders only when the fleet changes. */
function useVehicleOptions() {
  const flat = useLiveStore(useShallow((s) => s.vehicles.map((v) => `${v.kendaraanId}\t${v.nomorPolisi}`)));
  return useMemo(
    () =>
      flat
        .map((row) => {
          const [id, plate] = row.split('\t');
          return { value: Number(id), label: plate! };
        })
        .sort((a, b) => a.label.localeCompare(b.label)),
    [flat],
  );
}

/** A vehicle and a period: the path becomes that vehicle's recorded track, simplified by the server. */
function FromTrip() {
  const { t, i18n } = useTranslation('routes');
  const { t: te } = useTranslation('errors');
  const lang = i18n.resolvedLanguage ?? 'en';
  const vehicles = useVehicleOptions();
  const replacePath = useRouteEditing((s) => s.replacePath);
  const [kendaraanId, setKendaraanId] = useState<number | null>(null);
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'day'), dayjs()]);
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<RouteFromTrip | null>(null);
  const [error, setError] = useState<string | null>(null);

  const take = () => {
    if (kendaraanId === null) return;
    setLoading(true);
    setError(null);
    getRouteFromTrip({ kendaraanId, from: period[0].toISOString(), to: period[1].toISOString() })
      .then(
        (trip) => {
          setResult(trip);
          if (trip.kept >= 2) replacePath(trip.path);
        },
        (e: unknown) => setError(errorMessage(te, e)),
      )
      .finally(() => setLoading(false));
  };

  return (
    <Space direction="vertical" size={6} style={{ width: '100%' }} data-testid="route-from-trip">
      <Select
        size="small"
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('form.tripVehicle')}
        aria-label={t('form.tripVehicle')}
        value={kendaraanId}
        onChange={setKendaraanId}
        options={vehicles}
        style={{ width: '100%' }}
        data-testid="route-trip-vehicle"
      />
      <DatePicker.RangePicker
        size="small"
        showTime={{ format: 'HH:mm' }}
        format="DD/MM/YYYY HH:mm"
        allowClear={false}
        value={period}
        onChange={(v) => v?.[0] && v[1] && setPeriod([v[0], v[1]])}
        aria-label={t('form.tripPeriod')}
        style={{ width: '100%' }}
        data-testid="route-trip-period"
      />
      <Button
        size="small"
        block
        disabled={kendaraanId === null}
        loading={loading}
        onClick={take}
        data-testid="route-trip-take"
      >
        {t('form.tripTake')}
      </Button>
      {error && <Alert type="error" showIcon title={error} />}
      {result &&
        (result.kept >= 2 ? (
          <Typography.Text type="success" data-testid="route-trip-result">
            {t('form.tripResult', {
              kept: result.kept,
              fixes: result.fixes,
              km: formatNumber(result.distanceKm, lang, 1),
            })}
          </Typography.Text>
        ) : (
          <Alert
            type="warning"
            showIcon
            title={result.fixes > 0 ? t('form.tripStill') : t('form.tripEmpty')}
            data-testid="route-trip-empty"
          />
        ))}
    </Space>
  );
}

/** The path's state under the form's "path" field, and how it is made: drawn on the map or from a trip. */
export function RoutePathSource() {
  const { t } = useTranslation('routes');
  const path = useRouteEditing((s) => s.path);
  const [source, setSource] = useState<Source>('draw');
  const drawn = path !== null && path.coordinates.length >= 2;
  return (
    <div>
      <Segmented
        block
        size="small"
        value={source}
        onChange={(v) => setSource(v as Source)}
        options={(['draw', 'trip'] as const).map((s) => ({
          value: s,
          label: <span data-testid={`route-source-${s}`}>{t(`form.source.${s}`)}</span>,
        }))}
        style={{ marginBottom: 8 }}
      />
      {source === 'trip' && <FromTrip />}
      <Typography.Text type={drawn ? 'success' : 'secondary'} data-testid="route-drawn" data-drawn={drawn}>
        {drawn ? t('form.pathPoints', { count: path.coordinates.length }) : t('form.pathNone')}
      </Typography.Text>
      <Typography.Paragraph type="secondary" className="route-form-hint">
        {drawn ? t('form.pathEditHint') : source === 'draw' ? t('form.pathDrawHint') : t('form.pathTripHint')}
      </Typography.Paragraph>
    </div>
  );
}
