import { CC_DAY_CLASSES, type CcDayClass } from '@pantau/contracts';
import { Alert, Card, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import type { Query } from '../../../lib/query-string';
import { useCcVehicleDays } from '../api/car-carrier-api';
import { CLASS_TAG } from '../model/classes';
import { formatNumber } from '../../../lib/number-format';

/** Each car carrier's days with their class tag, engine-on hours and SPKs; paged and filtered in the URL. */
export function VehicleDays({
  unitId,
  query,
  dayClass,
  page,
  pageSize,
  onChange,
}: {
  unitId: number | undefined;
  query: Query | null;
  dayClass: CcDayClass | undefined;
  page: number;
  pageSize: number;
  onChange: (patch: Record<string, string | undefined>, keepPage?: boolean) => void;
}) {
  const { t } = useTranslation('carCarrier');
  const { t: te } = useTranslation('errors');
  const list = useCcVehicleDays(
    unitId,
    query && { ...query, ...(dayClass ? { dayClass } : {}), Take: pageSize, Skip: (page - 1) * pageSize },
  );
  return (
    <Card
      className="cc-section"
      title={t('activity.vehicleDays')}
      data-testid="cc-vehicle-days"
      extra={
        <Select
          allowClear
          aria-label={t('filters.dayClass')}
          placeholder={t('filters.allClasses')}
          data-testid="cc-day-class"
          style={{ width: 170 }}
          value={dayClass}
          onChange={(v: string | undefined) => onChange({ dayClass: v })}
          options={CC_DAY_CLASSES.map((c) => ({ value: c, label: t(`classes.${c}`) }))}
        />
      }
    >
      {list.isError && <Alert type="error" showIcon message={errorMessage(te, list.error)} />}
      <Table
        size="small"
        rowKey={(r) => `${r.kendaraanId}-${r.day}`}
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.count ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => onChange({ page: String(p), size: String(s) }, true),
        }}
        columns={[
          { key: 'day', title: t('columns.day'), render: (_, r) => formatDate(r.day) },
          {
            key: 'v',
            title: t('columns.vehicle'),
            render: (_, r) => `${r.nomorKendaraan} · ${r.nomorPolisi}`,
          },
          {
            key: 'c',
            title: t('columns.class'),
            render: (_, r) => <Tag color={CLASS_TAG[r.dayClass]}>{t(`classes.${r.dayClass}`)}</Tag>,
          },
          {
            key: 'e',
            title: t('columns.engineOn'),
            render: (_, r) =>
              t('hours', { hours: formatNumber(r.engineOnHours, { digits: 1, fixed: true }) }),
          },
          {
            key: 'tr',
            title: t('columns.troubleHours'),
            render: (_, r) => t('hours', { hours: formatNumber(r.troubleHours, { digits: 1, fixed: true }) }),
          },
          { key: 's', title: t('columns.spks'), render: (_, r) => r.spkNumbers.join(', ') || '—' },
        ]}
      />
    </Card>
  );
}
